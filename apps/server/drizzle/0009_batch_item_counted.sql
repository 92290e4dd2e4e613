ALTER TABLE "batch_items" ADD COLUMN "counted_as" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
-- What each existing item counts as (the rule of modules/batches/progress.ts), then the counters from it.
UPDATE "batch_items" AS bi SET "counted_as" = CASE
  WHEN bi."status" = 'failed' THEN 'failed'
  WHEN bi."status" NOT IN ('task_created', 'duplicate') THEN 'none'
  WHEN t."id" IS NULL OR t."status" = 'failed' THEN 'failed'
  WHEN t."status" IN ('completed', 'skipped') THEN 'processed'
  ELSE 'none' END
FROM "batch_items" AS b LEFT JOIN "tasks" AS t ON t."id" = b."task_id"
WHERE b."id" = bi."id";--> statement-breakpoint
UPDATE "upload_batches" AS ub SET "processed_items" = c."processed", "failed_items" = c."failed"
FROM (
  SELECT "batch_id",
         (count(*) FILTER (WHERE "counted_as" = 'processed'))::int AS "processed",
         (count(*) FILTER (WHERE "counted_as" = 'failed'))::int AS "failed"
  FROM "batch_items" GROUP BY "batch_id"
) AS c
WHERE c."batch_id" = ub."id";
