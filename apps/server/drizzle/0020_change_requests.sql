CREATE TABLE "analysis_corrections" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"path" text NOT NULL,
	"ai_value" jsonb,
	"previous_value" jsonb,
	"value" jsonb,
	"corrected_by" integer,
	"corrected_by_name" text NOT NULL,
	"reason" text NOT NULL,
	"request_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "change_request_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"path" text NOT NULL,
	"field_type" text NOT NULL,
	"ai_value" jsonb,
	"proposed_value" jsonb NOT NULL,
	"approved_value" jsonb
);
--> statement-breakpoint
CREATE TABLE "change_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"requested_by" integer,
	"reason" text NOT NULL,
	"transcript_moment" jsonb,
	"prompt_id" integer,
	"reviewed_by" integer,
	"reviewed_at" timestamp with time zone,
	"review_reason" text,
	"reanalysis_task_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "analysis_corrections" ADD CONSTRAINT "analysis_corrections_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_corrections" ADD CONSTRAINT "analysis_corrections_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_corrections" ADD CONSTRAINT "analysis_corrections_corrected_by_users_id_fk" FOREIGN KEY ("corrected_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_corrections" ADD CONSTRAINT "analysis_corrections_request_id_change_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."change_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_items" ADD CONSTRAINT "change_request_items_request_id_change_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."change_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_request_items" ADD CONSTRAINT "change_request_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_requests" ADD CONSTRAINT "change_requests_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_corrections_task_path_idx" ON "analysis_corrections" USING btree ("task_id","path");--> statement-breakpoint
CREATE INDEX "analysis_corrections_project_idx" ON "analysis_corrections" USING btree ("project_id","path");--> statement-breakpoint
CREATE INDEX "change_request_items_request_idx" ON "change_request_items" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "change_request_items_task_path_idx" ON "change_request_items" USING btree ("task_id","path");--> statement-breakpoint
CREATE INDEX "change_request_items_path_idx" ON "change_request_items" USING btree ("path");--> statement-breakpoint
CREATE INDEX "change_requests_project_status_idx" ON "change_requests" USING btree ("project_id","status","id");--> statement-breakpoint
CREATE INDEX "change_requests_project_requester_idx" ON "change_requests" USING btree ("project_id","requested_by","id");--> statement-breakpoint
CREATE INDEX "change_requests_task_idx" ON "change_requests" USING btree ("task_id");