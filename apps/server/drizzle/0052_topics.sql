-- Topics (issue 38 part 3). Written by hand like 0036 onwards: a project's topic runs, their topics with the
-- examples (gone with their analyses), the monthly opt-in, and a hold per run.
CREATE TABLE "topic_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"previous_start_date" date NOT NULL,
	"previous_end_date" date NOT NULL,
	"conversations" integer,
	"previous_conversations" integer,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"units_milli" integer NOT NULL,
	"requested_by" integer,
	"requested_by_name" text,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "topics" (
	"id" serial PRIMARY KEY NOT NULL,
	"run_id" integer NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"count" integer NOT NULL,
	"previous_count" integer NOT NULL,
	"emerging" boolean NOT NULL,
	"phrases" text[] NOT NULL,
	"terms" text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "topic_examples" (
	"topic_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "topic_examples_topic_id_task_id_pk" PRIMARY KEY("topic_id","task_id")
);
--> statement-breakpoint
CREATE TABLE "topic_settings" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"monthly" boolean NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "topic_runs" ADD CONSTRAINT "topic_runs_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_runs" ADD CONSTRAINT "topic_runs_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topics" ADD CONSTRAINT "topics_run_id_topic_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."topic_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_examples" ADD CONSTRAINT "topic_examples_topic_id_topics_id_fk" FOREIGN KEY ("topic_id") REFERENCES "public"."topics"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_examples" ADD CONSTRAINT "topic_examples_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "topic_settings" ADD CONSTRAINT "topic_settings_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "topic_runs_project_idx" ON "topic_runs" USING btree ("project_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "topic_runs_monthly_key" ON "topic_runs" USING btree ("project_id","start_date") WHERE "topic_runs"."trigger" = 'monthly';--> statement-breakpoint
CREATE INDEX "topics_run_idx" ON "topics" USING btree ("run_id","position");--> statement-breakpoint
CREATE INDEX "topic_examples_task_idx" ON "topic_examples" USING btree ("task_id");--> statement-breakpoint
ALTER TABLE "billing_holds" ADD COLUMN "topic_run_id" integer;--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_topic_run_id_topic_runs_id_fk" FOREIGN KEY ("topic_run_id") REFERENCES "public"."topic_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_holds_topic_run_key" ON "billing_holds" USING btree ("topic_run_id");--> statement-breakpoint
ALTER TABLE "billing_holds" DROP CONSTRAINT "billing_holds_owner_check";--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_owner_check" CHECK (num_nonnulls("billing_holds"."task_id", "billing_holds"."insight_id", "billing_holds"."backtest_id", "billing_holds"."tracker_run_id", "billing_holds"."topic_run_id") = 1);
