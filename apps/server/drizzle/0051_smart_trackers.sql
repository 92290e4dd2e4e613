ALTER TABLE "trackers" ADD COLUMN "statement" text;--> statement-breakpoint
CREATE TABLE "tracker_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"tracker_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"from_day" date,
	"to_day" date,
	"last_task_id" integer NOT NULL,
	"after_task_id" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"model_units_milli" bigint NOT NULL,
	"units_milli" bigint NOT NULL,
	"error_code" text,
	"error_message" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tracker_runs" ADD CONSTRAINT "tracker_runs_tracker_id_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_runs" ADD CONSTRAINT "tracker_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_runs" ADD CONSTRAINT "tracker_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tracker_runs_tracker_idx" ON "tracker_runs" USING btree ("tracker_id","id");--> statement-breakpoint
ALTER TABLE "billing_holds" ADD COLUMN "tracker_run_id" integer;--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_tracker_run_id_tracker_runs_id_fk" FOREIGN KEY ("tracker_run_id") REFERENCES "public"."tracker_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_holds_tracker_run_key" ON "billing_holds" USING btree ("tracker_run_id");--> statement-breakpoint
ALTER TABLE "billing_holds" DROP CONSTRAINT "billing_holds_owner_check";--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_owner_check" CHECK (num_nonnulls("billing_holds"."task_id", "billing_holds"."insight_id", "billing_holds"."backtest_id", "billing_holds"."tracker_run_id") = 1);
