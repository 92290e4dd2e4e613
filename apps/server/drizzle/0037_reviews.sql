-- Reviews by people (issue 35 part 3). Written by hand like 0036 (no snapshot since 0035): the reviewer
-- permission of a membership, and the reviews with their per-field answers.
ALTER TABLE "project_members" ADD COLUMN "reviewer" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"reviewer_id" integer,
	"reviewer_name" text NOT NULL,
	"prompt_version_id" integer,
	"status" text DEFAULT 'draft' NOT NULL,
	"comment" text,
	"moments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ai_score" numeric,
	"score" numeric,
	"score_detail" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_at" timestamp with time zone,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" integer,
	"acknowledged_by_name" text
);
--> statement-breakpoint
CREATE TABLE "review_answers" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"path" text NOT NULL,
	"field_type" text NOT NULL,
	"ai_value" jsonb,
	"value" jsonb,
	"comment" text
);
--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_reviewer_id_users_id_fk" FOREIGN KEY ("reviewer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_prompt_version_id_prompt_versions_id_fk" FOREIGN KEY ("prompt_version_id") REFERENCES "public"."prompt_versions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_acknowledged_by_users_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_answers" ADD CONSTRAINT "review_answers_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reviews_task_reviewer_key" ON "reviews" USING btree ("task_id","reviewer_id");--> statement-breakpoint
CREATE INDEX "reviews_submitted_task_idx" ON "reviews" USING btree ("task_id","score") WHERE "reviews"."status" = 'submitted';--> statement-breakpoint
CREATE INDEX "reviews_project_submitted_idx" ON "reviews" USING btree ("project_id","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_answers_review_path_key" ON "review_answers" USING btree ("review_id","path");
