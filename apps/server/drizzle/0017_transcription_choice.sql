ALTER TABLE "projects" ADD COLUMN "transcription_provider" text;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "transcription_model" text;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_transcription_choice_check" CHECK (("projects"."transcription_provider" is null) = ("projects"."transcription_model" is null));