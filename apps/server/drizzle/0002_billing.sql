CREATE TABLE "invoices" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"type" text NOT NULL,
	"status" text NOT NULL,
	"amount_micros" bigint NOT NULL,
	"currency" text NOT NULL,
	"units_milli" bigint DEFAULT 0 NOT NULL,
	"minutes_milli" bigint DEFAULT 0 NOT NULL,
	"free_units_milli" bigint DEFAULT 0 NOT NULL,
	"description" text NOT NULL,
	"process_date" timestamp with time zone DEFAULT now() NOT NULL,
	"reference" text NOT NULL,
	"reference_id" text,
	"approval_required" boolean DEFAULT false NOT NULL,
	"created_by" integer,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_amounts_check" CHECK ("invoices"."amount_micros" >= 0 AND "invoices"."units_milli" >= 0 AND "invoices"."minutes_milli" >= 0 AND "invoices"."free_units_milli" >= 0 AND "invoices"."free_units_milli" <= "invoices"."units_milli")
);
--> statement-breakpoint
CREATE TABLE "tariff_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_micros" bigint DEFAULT 0 NOT NULL,
	"price_per_unit_micros" bigint NOT NULL,
	"included_units_milli" bigint DEFAULT 0 NOT NULL,
	"validity_days" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"public" boolean DEFAULT true NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tariff_plans_amounts_check" CHECK ("tariff_plans"."price_micros" >= 0 AND "tariff_plans"."price_per_unit_micros" >= 0 AND "tariff_plans"."included_units_milli" >= 0 AND ("tariff_plans"."validity_days" IS NULL OR "tariff_plans"."validity_days" > 0))
);
--> statement-breakpoint
CREATE TABLE "unit_bundles" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"tariff_plan_id" integer,
	"plan_name" text NOT NULL,
	"included_milli" bigint NOT NULL,
	"left_milli" bigint NOT NULL,
	"is_free" boolean NOT NULL,
	"expires_at" timestamp with time zone,
	"invoice_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "unit_bundles_left_check" CHECK ("unit_bundles"."left_milli" >= 0 AND "unit_bundles"."left_milli" <= "unit_bundles"."included_milli")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "tariff_plan_id" integer;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "balance_micros" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "use_balance_for_analysis" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_bundles" ADD CONSTRAINT "unit_bundles_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_bundles" ADD CONSTRAINT "unit_bundles_tariff_plan_id_tariff_plans_id_fk" FOREIGN KEY ("tariff_plan_id") REFERENCES "public"."tariff_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "unit_bundles" ADD CONSTRAINT "unit_bundles_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "invoices_project_process_date_idx" ON "invoices" USING btree ("project_id","process_date","status","type","amount_micros","units_milli","free_units_milli");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_analysis_task_key" ON "invoices" USING btree ("project_id","reference_id") WHERE "invoices"."reference" = 'analysis';--> statement-breakpoint
CREATE INDEX "invoices_pending_idx" ON "invoices" USING btree ("created_at") WHERE "invoices"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_plans_name_key" ON "tariff_plans" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "tariff_plans_single_default_key" ON "tariff_plans" USING btree ("is_default") WHERE "tariff_plans"."is_default";--> statement-breakpoint
CREATE INDEX "unit_bundles_project_idx" ON "unit_bundles" USING btree ("project_id","expires_at");--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tariff_plan_id_tariff_plans_id_fk" FOREIGN KEY ("tariff_plan_id") REFERENCES "public"."tariff_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_balance_check" CHECK ("projects"."balance_micros" >= 0);--> statement-breakpoint
-- Seed plans (hand-written below the generated DDL). Money in micros (1 USD = 1,000,000), units in milli-units.
INSERT INTO "tariff_plans" ("name", "description", "price_micros", "price_per_unit_micros", "included_units_milli", "validity_days", "is_default", "public", "currency") VALUES
	('Pay as you go', 'No commitment: every unit is paid from the balance at the base rate.', 0, 50000, 0, NULL, true, true, 'USD'),
	('Starter', '1,000 units valid for 30 days; further units at the base rate.', 49000000, 50000, 1000000, 30, false, true, 'USD'),
	('Team', '5,000 units valid for 30 days; further units at a reduced rate.', 199000000, 40000, 5000000, 30, false, true, 'USD'),
	('Trial', '60 free units valid for 14 days, assigned by an administrator.', 0, 50000, 60000, 14, false, false, 'USD')
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "projects" SET "tariff_plan_id" = (SELECT "id" FROM "tariff_plans" WHERE "is_default") WHERE "tariff_plan_id" IS NULL;
