CREATE TABLE "free_unit_grants" (
	"user_id" integer NOT NULL,
	"tariff_plan_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "free_unit_grants_user_id_tariff_plan_id_pk" PRIMARY KEY("user_id","tariff_plan_id")
);
--> statement-breakpoint
ALTER TABLE "free_unit_grants" ADD CONSTRAINT "free_unit_grants_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_unit_grants" ADD CONSTRAINT "free_unit_grants_tariff_plan_id_tariff_plans_id_fk" FOREIGN KEY ("tariff_plan_id") REFERENCES "public"."tariff_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written below the generated DDL: the accounts that had free units before, so that they get none again.
-- The owners of a project count as having had each free plan's units it got: the starter units (bundles of
-- the default plan) and free plans bought (bundles with a purchase invoice); plans a super admin assigned do not count.
INSERT INTO "free_unit_grants" ("user_id", "tariff_plan_id", "created_at")
SELECT m."user_id", b."tariff_plan_id", min(b."created_at")
FROM "unit_bundles" b
JOIN "project_members" m ON m."project_id" = b."project_id" AND m."role" = 'owner'
WHERE b."is_free" AND (b."invoice_id" IS NOT NULL OR b."tariff_plan_id" = (SELECT "id" FROM "tariff_plans" WHERE "is_default"))
GROUP BY m."user_id", b."tariff_plan_id";
