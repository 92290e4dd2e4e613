DROP INDEX "tasks_project_created_idx";--> statement-breakpoint
DROP INDEX "tasks_project_rep_idx";--> statement-breakpoint
DROP INDEX "tasks_api_key_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "conversation_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "conversation_at_source" text DEFAULT 'upload' NOT NULL;--> statement-breakpoint
-- A stored date as contracts' conversationTimeOf reads it: with a zone an instant, else a time of the
-- project's zone, a bare date at noon; null when it is no such date (a metadata value may be any text).
CREATE FUNCTION pg_temp.parley_conversation_time(value text, zone text) RETURNS timestamptz
LANGUAGE plpgsql AS $$
DECLARE
  v text := btrim(value);
BEGIN
  IF v !~ '^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?\s*([Zz]|[+-]\d{2}:?\d{2})?)?$'
    OR left(v, 10) NOT BETWEEN '1970-01-01' AND '2999-12-31' THEN
    RETURN NULL;
  END IF;
  IF length(v) = 10 THEN RETURN (v || ' 12:00')::timestamp AT TIME ZONE zone; END IF;
  IF v ~ '([Zz]|[+-]\d{2}:?\d{2})$' THEN RETURN v::timestamptz; END IF;
  RETURN v::timestamp AT TIME ZONE zone;
EXCEPTION WHEN others THEN
  -- Not a real day or time (2026-02-30, 25:00).
  RETURN NULL;
END $$;--> statement-breakpoint
-- Earlier uploads' declared dates: a bulk row's date column went to the metadata as `date` (bulkTaskMetadata).
-- Chats' message times and Drive files' created times were not kept: those analyses keep their upload time.
WITH declared AS (
  SELECT t.id,
    (SELECT pg_temp.parley_conversation_time(m.value, p.timezone)
       FROM jsonb_each_text(t.metadata) m
       WHERE lower(btrim(m.key)) = 'date'
       LIMIT 1) AS at
  FROM "tasks" t JOIN "projects" p ON p.id = t.project_id
)
UPDATE "tasks" t
SET conversation_at = coalesce(d.at, t.created_at),
    conversation_at_source = CASE WHEN d.at IS NULL THEN 'upload' ELSE 'declared' END
FROM declared d
WHERE d.id = t.id;--> statement-breakpoint
DROP FUNCTION pg_temp.parley_conversation_time(text, text);--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "conversation_at" SET DEFAULT now();--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "conversation_at" SET NOT NULL;--> statement-breakpoint
-- Analytics rows move to their conversation's day (migration 0015's triggers move the daily sums with them).
UPDATE "analysis_field_values" f
SET analysis_date = (t.conversation_at AT TIME ZONE p.timezone)::date
FROM "tasks" t, "projects" p
WHERE t.id = f.task_id AND p.id = f.project_id
  AND f.analysis_date <> (t.conversation_at AT TIME ZONE p.timezone)::date;--> statement-breakpoint
CREATE INDEX "tasks_project_conversation_idx" ON "tasks" USING btree ("project_id","conversation_at");--> statement-breakpoint
CREATE INDEX "tasks_project_rep_idx" ON "tasks" USING btree ("project_id",lower("representative"),"conversation_at");--> statement-breakpoint
CREATE INDEX "tasks_api_key_idx" ON "tasks" USING btree ("api_key_id","conversation_at") WHERE "tasks"."api_key_id" IS NOT NULL;
