CREATE TABLE "project_privacy" (
	"project_id" integer PRIMARY KEY NOT NULL,
	"redaction_enabled" boolean DEFAULT false NOT NULL,
	"redaction_types" text[] DEFAULT '{"card_number","card_security_code","card_expiry","iban","bank_account","national_id","phone_number","email","date_of_birth"}' NOT NULL,
	"redaction_keep" text DEFAULT 'redacted' NOT NULL,
	"region" text,
	"media_retention_days" integer,
	"result_retention_days" integer,
	"updated_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "transcript_original" jsonb;--> statement-breakpoint
ALTER TABLE "project_privacy" ADD CONSTRAINT "project_privacy_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "project_privacy" ADD CONSTRAINT "project_privacy_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;