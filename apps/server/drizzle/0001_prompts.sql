CREATE TABLE "ai_usage" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer,
	"user_id" integer,
	"purpose" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"input_tokens" integer DEFAULT 0 NOT NULL,
	"output_tokens" integer DEFAULT 0 NOT NULL,
	"duration_ms" integer NOT NULL,
	"ok" boolean NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prompts" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"script_name" text NOT NULL,
	"role" text NOT NULL,
	"basic_instruction" text NOT NULL,
	"transcribe_instructions" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"response_language" text NOT NULL,
	"company_details" text NOT NULL,
	"final_score" text NOT NULL,
	"lva" text NOT NULL,
	"max_score" numeric,
	"transcription_task" text NOT NULL,
	"transcription_language" text NOT NULL,
	"content" jsonb NOT NULL,
	"metadata_fields" jsonb NOT NULL,
	"is_classification" boolean NOT NULL,
	"units_milli" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompts" ADD CONSTRAINT "prompts_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_usage_project_created_idx" ON "ai_usage" USING btree ("project_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prompts_project_name_key" ON "prompts" USING btree ("project_id","script_name");