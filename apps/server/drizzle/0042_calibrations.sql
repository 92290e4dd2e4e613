-- Calibration sessions (issue 35 part 5). Written by hand like 0036-0041 (no snapshot since 0035): several
-- reviewers review one analysis blind, then see each other's answers; at most one open session per analysis.
CREATE TABLE "calibration_sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "calibration_participants" (
	"session_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"user_name" text NOT NULL,
	CONSTRAINT "calibration_participants_session_id_user_id_pk" PRIMARY KEY("session_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "calibration_sessions" ADD CONSTRAINT "calibration_sessions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_sessions" ADD CONSTRAINT "calibration_sessions_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_sessions" ADD CONSTRAINT "calibration_sessions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_participants" ADD CONSTRAINT "calibration_participants_session_id_calibration_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."calibration_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calibration_participants" ADD CONSTRAINT "calibration_participants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calibration_sessions_open_task_key" ON "calibration_sessions" USING btree ("task_id") WHERE "calibration_sessions"."closed_at" IS NULL;--> statement-breakpoint
CREATE INDEX "calibration_sessions_project_closed_idx" ON "calibration_sessions" USING btree ("project_id","closed_at","id");--> statement-breakpoint
CREATE INDEX "calibration_participants_user_idx" ON "calibration_participants" USING btree ("user_id");
