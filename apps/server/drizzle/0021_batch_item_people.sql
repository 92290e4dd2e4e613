ALTER TABLE "batch_items" ADD COLUMN "representative" text;--> statement-breakpoint
ALTER TABLE "batch_items" ADD COLUMN "department" text;--> statement-breakpoint
-- The rows of earlier uploads: those with an analysis take its people; the others theirs from the metadata, as
-- deriveTaskPeople reads it (keys of any case, trimmed, at most 200 characters; the rep mapping, matched in the
-- server's code, applies to new uploads).
UPDATE "batch_items" SET "representative" = "tasks"."representative", "department" = "tasks"."department"
FROM "tasks" WHERE "tasks"."id" = "batch_items"."task_id";--> statement-breakpoint
UPDATE "batch_items" SET
	"representative" = (SELECT nullif(btrim(left(btrim("value"), 200)), '') FROM jsonb_each_text("metadata") WHERE lower(btrim("key")) = 'representative' LIMIT 1),
	"department" = (SELECT nullif(btrim(left(btrim("value"), 200)), '') FROM jsonb_each_text("metadata") WHERE lower(btrim("key")) = 'department' LIMIT 1)
WHERE "task_id" IS NULL;--> statement-breakpoint
CREATE INDEX "batch_items_batch_dept_idx" ON "batch_items" USING btree ("batch_id",lower("department"));--> statement-breakpoint
CREATE INDEX "batch_items_batch_rep_idx" ON "batch_items" USING btree ("batch_id",lower("representative"));