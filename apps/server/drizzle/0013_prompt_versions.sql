CREATE TABLE "prompt_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL,
	"prompt_id" integer,
	"data" jsonb NOT NULL,
	"hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "prompt_version_id" integer;--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "chosen_prompt_version_id" integer;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_prompt_id_prompts_id_fk" FOREIGN KEY ("prompt_id") REFERENCES "public"."prompts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_versions_prompt_hash_key" ON "prompt_versions" USING btree ("project_id","prompt_id","hash");--> statement-breakpoint
-- Every distinct prompt copy the tasks carry (the prompt snapshot, a classification's chosen prompt in the
-- pipeline state), with the tasks that carry it: grouping reads each copy once. The hash is the one the server
-- computes (modules/prompts/versions.ts): SHA-256 of the jsonb text.
CREATE TEMPORARY TABLE "prompt_copies" AS
SELECT g.*, encode(sha256(convert_to(g."data"::text, 'UTF8')), 'hex') AS "hash"
FROM (
  SELECT t."project_id", s."data", min(t."created_at") AS "created_at",
    array_agg(t."id") FILTER (WHERE NOT s."chosen") AS "task_ids",
    array_agg(t."id") FILTER (WHERE s."chosen") AS "chosen_by"
  FROM "tasks" t
  CROSS JOIN LATERAL (
    VALUES (t."prompt_snapshot", false), (t."pipeline" #> '{classification,target}', true)
  ) AS s("data", "chosen")
  WHERE jsonb_typeof(s."data") = 'object'
  GROUP BY t."project_id", s."data"
) g;--> statement-breakpoint
-- One version each, dated by the first task that carried it; a version whose prompt is gone keeps no prompt_id.
INSERT INTO "prompt_versions" ("project_id", "prompt_id", "data", "hash", "created_at")
SELECT c."project_id", p."id", c."data", c."hash", c."created_at"
FROM "prompt_copies" c
LEFT JOIN "prompts" p ON p."project_id" = c."project_id" AND p."id"::text = c."data"->>'id';--> statement-breakpoint
CREATE TEMPORARY TABLE "task_versions" AS
WITH "copies" AS (
  SELECT v."id" AS "version_id", c."task_ids", c."chosen_by"
  FROM "prompt_copies" c
  JOIN "prompt_versions" v ON v."project_id" = c."project_id" AND v."hash" = c."hash"
)
SELECT coalesce(a."id", b."id") AS "id", a."version_id", b."version_id" AS "chosen_id"
FROM (SELECT unnest("task_ids") AS "id", "version_id" FROM "copies") a
FULL JOIN (SELECT unnest("chosen_by") AS "id", "version_id" FROM "copies") b ON b."id" = a."id";--> statement-breakpoint
ANALYZE "task_versions";--> statement-breakpoint
-- Tasks point at their versions. A result's prompt (and a classification's) is dropped when its version gives
-- back the same {id, name, content, finalScore, maxScore} (the server reads it from there: tasks/result.ts);
-- the pipeline state keeps no copy. prompt_snapshot is emptied so its space is freed before the column goes.
WITH "copies" AS MATERIALIZED (
  SELECT "id", jsonb_build_object('id', "data"->'id', 'name', "data"->'scriptName', 'content', "data"->'content',
    'finalScore', "data"->'finalScore', 'maxScore', "data"->'maxScore') AS "copy"
  FROM "prompt_versions"
)
UPDATE "tasks" t SET
  "prompt_version_id" = l."version_id",
  "chosen_prompt_version_id" = l."chosen_id",
  "prompt_snapshot" = NULL,
  "result" = CASE WHEN jsonb_typeof(t."result") = 'object' THEN
      (t."result" - CASE WHEN t."result"->'prompt' = coalesce(cv."copy", sv."copy") THEN 'prompt' ELSE '' END)
      #- CASE WHEN l."chosen_id" IS NOT NULL AND t."result"#>'{classification,prompt}' = sv."copy"
           THEN '{classification,prompt}'::text[] ELSE '{}'::text[] END
    ELSE t."result" END,
  "pipeline" = CASE WHEN l."chosen_id" IS NULL THEN t."pipeline"
    ELSE t."pipeline" #- '{classification,target}' #- '{classification,analysis,prompt}' END
FROM "task_versions" l
LEFT JOIN "copies" sv ON sv."id" = l."version_id"
LEFT JOIN "copies" cv ON cv."id" = l."chosen_id"
WHERE t."id" = l."id";--> statement-breakpoint
DROP TABLE "prompt_copies", "task_versions";--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_prompt_version_id_prompt_versions_id_fk" FOREIGN KEY ("prompt_version_id") REFERENCES "public"."prompt_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_chosen_prompt_version_id_prompt_versions_id_fk" FOREIGN KEY ("chosen_prompt_version_id") REFERENCES "public"."prompt_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_prompt_version_idx" ON "tasks" USING btree ("prompt_version_id");--> statement-breakpoint
CREATE INDEX "tasks_chosen_prompt_version_idx" ON "tasks" USING btree ("chosen_prompt_version_id") WHERE "tasks"."chosen_prompt_version_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "prompt_snapshot";