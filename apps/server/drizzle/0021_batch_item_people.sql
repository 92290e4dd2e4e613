ALTER TABLE "batch_items" ADD COLUMN "representative" text;--> statement-breakpoint
ALTER TABLE "batch_items" ADD COLUMN "department" text;--> statement-breakpoint
-- Rows without an analysis (a team leader's view goes by the analysis's people once there is one) take theirs
-- from the metadata, as deriveTaskPeople reads it (keys of any case, trimmed, at most 200 characters); the rep
-- mapping, matched in the server's code, applies to the rows of new uploads.
UPDATE "batch_items" SET
	"representative" = (SELECT nullif(btrim(left(btrim("value"), 200)), '') FROM jsonb_each_text("metadata") WHERE lower(btrim("key")) = 'representative' LIMIT 1),
	"department" = (SELECT nullif(btrim(left(btrim("value"), 200)), '') FROM jsonb_each_text("metadata") WHERE lower(btrim("key")) = 'department' LIMIT 1)
WHERE "task_id" IS NULL;
