ALTER TABLE "projects" ADD COLUMN "representative_channel" text DEFAULT 'left' NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "speaker_roles" jsonb;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_representative_channel_check" CHECK ("projects"."representative_channel" in ('left', 'right'));