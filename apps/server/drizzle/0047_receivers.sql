-- Phone-system receivers (issue 36 part 4). Written by hand like 0036-0046: a project's receivers (Twilio, Zoom,
-- Aircall or a generic signed JSON post call events to /api/receivers/<key>) and the events they took.
CREATE TABLE "phone_receivers" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"prompt_id" integer,
	"secret" text NOT NULL,
	"key" text NOT NULL,
	"mapping" jsonb NOT NULL,
	"date_source" text DEFAULT '' NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"last_event_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "receiver_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"receiver_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"event_type" text NOT NULL,
	"status" text DEFAULT 'received' NOT NULL,
	"reason" text,
	"task_id" integer,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conversation_at" timestamp with time zone,
	"download" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_receivers" ADD CONSTRAINT "phone_receivers_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_receivers" ADD CONSTRAINT "phone_receivers_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_receivers" ADD CONSTRAINT "phone_receivers_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiver_events" ADD CONSTRAINT "receiver_events_receiver_id_phone_receivers_id_fk" FOREIGN KEY ("receiver_id") REFERENCES "public"."phone_receivers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receiver_events" ADD CONSTRAINT "receiver_events_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_receivers_project_idx" ON "phone_receivers" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_receivers_key_idx" ON "phone_receivers" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "receiver_events_external_idx" ON "receiver_events" USING btree ("receiver_id","external_id");--> statement-breakpoint
CREATE INDEX "receiver_events_receiver_idx" ON "receiver_events" USING btree ("receiver_id","id" DESC);--> statement-breakpoint
CREATE INDEX "receiver_events_task_idx" ON "receiver_events" USING btree ("task_id");
