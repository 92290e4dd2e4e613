CREATE TABLE "analysis_field_values" (
	"task_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"prompt_id" integer NOT NULL,
	"prompt_version_id" integer,
	"path" text NOT NULL,
	"value_type" text NOT NULL,
	"score" double precision,
	"max_score" double precision,
	"value" text,
	"outcome" text,
	"in_score" boolean DEFAULT false NOT NULL,
	"representative" text,
	"department" text,
	"analysis_date" date NOT NULL,
	CONSTRAINT "analysis_field_values_task_id_path_pk" PRIMARY KEY("task_id","path")
);
--> statement-breakpoint
CREATE TABLE "analytics_backfill" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "analysis_field_values" ADD CONSTRAINT "analysis_field_values_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "analysis_field_values" ADD CONSTRAINT "analysis_field_values_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "analysis_field_values_prompt_path_date_idx" ON "analysis_field_values" USING btree ("project_id","prompt_id","path","analysis_date");--> statement-breakpoint
CREATE INDEX "analysis_field_values_final_date_idx" ON "analysis_field_values" USING btree ("project_id","analysis_date") WHERE "analysis_field_values"."value_type" = 'final';