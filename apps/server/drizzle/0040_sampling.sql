-- Sampling rules and review assignments (issue 35 part 4). Written by hand like 0036-0039 (no snapshot since
-- 0035): the rules that pick the analyses people review each week, and the assignments they made.
CREATE TABLE "sampling_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"per_representative" integer,
	"score_below" numeric,
	"prompt_id" integer,
	"department" text,
	"since" date,
	"until" date,
	"reviewer_ids" integer[] DEFAULT '{}' NOT NULL,
	"weekly_goal" integer,
	"enabled" boolean DEFAULT true NOT NULL,
	"seed" text NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "review_assignments" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"rule_id" integer,
	"rule_name" text NOT NULL,
	"task_id" integer NOT NULL,
	"reviewer_id" integer NOT NULL,
	"week" date NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sampling_rules" ADD CONSTRAINT "sampling_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sampling_rules" ADD CONSTRAINT "sampling_rules_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sampling_rules" ADD CONSTRAINT "sampling_rules_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_rule_id_sampling_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."sampling_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_assignments" ADD CONSTRAINT "review_assignments_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sampling_rules_project_idx" ON "sampling_rules" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "review_assignments_task_key" ON "review_assignments" USING btree ("task_id");--> statement-breakpoint
CREATE INDEX "review_assignments_project_week_reviewer_idx" ON "review_assignments" USING btree ("project_id","week","reviewer_id");--> statement-breakpoint
CREATE INDEX "review_assignments_reviewer_week_idx" ON "review_assignments" USING btree ("reviewer_id","week");--> statement-breakpoint
CREATE INDEX "review_assignments_rule_week_idx" ON "review_assignments" USING btree ("rule_id","week");
