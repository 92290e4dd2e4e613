-- Trackers (issue 38 part 1), written by hand like 0036-0047: a project's keyword trackers and each analysis's hits of them (modules/trackers).
CREATE TABLE "trackers" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text DEFAULT 'keywords' NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"phrases" text[] NOT NULL,
	"speaker" text DEFAULT 'anyone' NOT NULL,
	"window_edge" text,
	"window_seconds" integer,
	"revision" integer DEFAULT 1 NOT NULL,
	"applied_revision" integer DEFAULT 0 NOT NULL,
	"apply_after" integer DEFAULT 0 NOT NULL,
	"apply_done" integer DEFAULT 0 NOT NULL,
	"apply_total" integer DEFAULT 0 NOT NULL,
	"apply_finished_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tracker_hits" (
	"tracker_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"hits" integer NOT NULL,
	"moments" jsonb NOT NULL,
	CONSTRAINT "tracker_hits_tracker_id_task_id_pk" PRIMARY KEY("tracker_id","task_id")
);
--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trackers" ADD CONSTRAINT "trackers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_hits" ADD CONSTRAINT "tracker_hits_tracker_id_trackers_id_fk" FOREIGN KEY ("tracker_id") REFERENCES "public"."trackers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tracker_hits" ADD CONSTRAINT "tracker_hits_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trackers_project_name_idx" ON "trackers" USING btree ("project_id",lower("name"));--> statement-breakpoint
CREATE INDEX "tracker_hits_task_idx" ON "tracker_hits" USING btree ("task_id");
