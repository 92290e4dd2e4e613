CREATE TABLE "insights" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"created_by" integer,
	"question" text NOT NULL,
	"filters" jsonb NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"visibility" jsonb NOT NULL,
	"language" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"stage" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"analyses" integer,
	"units_milli" integer NOT NULL,
	"answer" jsonb,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Hand-edited: drizzle-kit cannot name the primary key it drops. A hold is now a task's or an insight's, each
-- unique (the unique index on task_id takes over from the key).
ALTER TABLE "billing_holds" DROP CONSTRAINT "billing_holds_pkey";--> statement-breakpoint
ALTER TABLE "billing_holds" ALTER COLUMN "task_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "billing_holds" ADD COLUMN "insight_id" integer;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insights" ADD CONSTRAINT "insights_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insights_project_idx" ON "insights" USING btree ("project_id","id");--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_insight_id_insights_id_fk" FOREIGN KEY ("insight_id") REFERENCES "public"."insights"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_holds_task_key" ON "billing_holds" USING btree ("task_id");--> statement-breakpoint
CREATE UNIQUE INDEX "billing_holds_insight_key" ON "billing_holds" USING btree ("insight_id");--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_owner_check" CHECK (num_nonnulls("billing_holds"."task_id", "billing_holds"."insight_id") = 1);