-- Backtests of prompt drafts (issue 35 part 6). Written by hand like 0036-0040 (no snapshot since 0035): a
-- draft's runs over the last reviewed conversations, their conversations, and a hold per backtest.
CREATE TABLE "backtests" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"prompt_id" integer NOT NULL,
	"version_id" integer NOT NULL,
	"version_hash" text NOT NULL,
	"draft" jsonb NOT NULL,
	"model_units_milli" integer NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"conversations" integer NOT NULL,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"units_milli" integer NOT NULL,
	"requested_by" integer,
	"requested_by_name" text,
	"error_code" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "backtest_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"backtest_id" integer NOT NULL,
	"task_id" integer NOT NULL,
	"review_id" integer NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"values" jsonb,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_version_id_prompt_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."prompt_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtests" ADD CONSTRAINT "backtests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtest_items" ADD CONSTRAINT "backtest_items_backtest_id_backtests_id_fk" FOREIGN KEY ("backtest_id") REFERENCES "public"."backtests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtest_items" ADD CONSTRAINT "backtest_items_task_id_tasks_id_fk" FOREIGN KEY ("task_id") REFERENCES "public"."tasks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backtest_items" ADD CONSTRAINT "backtest_items_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backtests_version_idx" ON "backtests" USING btree ("version_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "backtest_items_backtest_task_key" ON "backtest_items" USING btree ("backtest_id","task_id");--> statement-breakpoint
ALTER TABLE "billing_holds" ADD COLUMN "backtest_id" integer;--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_backtest_id_backtests_id_fk" FOREIGN KEY ("backtest_id") REFERENCES "public"."backtests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "billing_holds_backtest_key" ON "billing_holds" USING btree ("backtest_id");--> statement-breakpoint
ALTER TABLE "billing_holds" DROP CONSTRAINT "billing_holds_owner_check";--> statement-breakpoint
ALTER TABLE "billing_holds" ADD CONSTRAINT "billing_holds_owner_check" CHECK (num_nonnulls("billing_holds"."task_id", "billing_holds"."insight_id", "billing_holds"."backtest_id") = 1);
