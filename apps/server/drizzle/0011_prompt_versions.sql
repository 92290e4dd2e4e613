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
-- pipeline state) becomes a version; the hash is the one the server computes (modules/prompts/versions.ts):
-- SHA-256 of the jsonb text. A version whose prompt is gone keeps no prompt_id.
INSERT INTO "prompt_versions" ("project_id", "prompt_id", "data", "hash", "created_at")
SELECT DISTINCT ON (c."project_id", p."id", c."hash") c."project_id", p."id", c."data", c."hash", c."created_at"
FROM (
  SELECT t."project_id", s."data", encode(sha256(convert_to(s."data"::text, 'UTF8')), 'hex') AS "hash", t."created_at"
  FROM "tasks" t
  CROSS JOIN LATERAL (VALUES (t."prompt_snapshot"), (t."pipeline" #> '{classification,target}')) AS s("data")
  WHERE jsonb_typeof(s."data") = 'object'
) c
LEFT JOIN "prompts" p ON p."project_id" = c."project_id" AND p."id"::text = c."data"->>'id'
ORDER BY c."project_id", p."id", c."hash", c."created_at";--> statement-breakpoint
-- Tasks point at their versions. A result's prompt (and a classification's) is dropped when its version gives
-- back the same {id, name, content, finalScore, maxScore} (the server reads it from there: tasks/result.ts);
-- the pipeline state keeps no copy. prompt_snapshot is emptied so its space is freed before the column goes.
UPDATE "tasks" t SET
  "prompt_version_id" = m."version_id",
  "chosen_prompt_version_id" = m."chosen_id",
  "prompt_snapshot" = NULL,
  "result" = CASE WHEN jsonb_typeof(t."result") = 'object' THEN
      (t."result" - CASE WHEN t."result"->'prompt' = m."result_prompt" THEN 'prompt' ELSE '' END)
      #- CASE WHEN m."chosen_id" IS NOT NULL AND t."result"#>'{classification,prompt}' = m."task_prompt"
           THEN '{classification,prompt}'::text[] ELSE '{}'::text[] END
    ELSE t."result" END,
  "pipeline" = CASE WHEN m."chosen_id" IS NULL THEN t."pipeline"
    ELSE t."pipeline" #- '{classification,target}' #- '{classification,analysis,prompt}' END
FROM (
  SELECT t2."id", v."id" AS "version_id", c."id" AS "chosen_id",
    jsonb_build_object('id', r.d->'id', 'name', r.d->'scriptName', 'content', r.d->'content',
      'finalScore', r.d->'finalScore', 'maxScore', r.d->'maxScore') AS "result_prompt",
    jsonb_build_object('id', v."data"->'id', 'name', v."data"->'scriptName', 'content', v."data"->'content',
      'finalScore', v."data"->'finalScore', 'maxScore', v."data"->'maxScore') AS "task_prompt"
  FROM "tasks" t2
  LEFT JOIN "prompt_versions" v ON v."project_id" = t2."project_id"
    AND v."hash" = encode(sha256(convert_to(t2."prompt_snapshot"::text, 'UTF8')), 'hex')
  LEFT JOIN "prompt_versions" c ON c."project_id" = t2."project_id"
    AND c."hash" = encode(sha256(convert_to((t2."pipeline" #> '{classification,target}')::text, 'UTF8')), 'hex')
  CROSS JOIN LATERAL (SELECT coalesce(c."data", v."data") AS d) r
  WHERE t2."prompt_snapshot" IS NOT NULL OR t2."pipeline" #> '{classification,target}' IS NOT NULL
) m
WHERE t."id" = m."id";--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_prompt_version_id_prompt_versions_id_fk" FOREIGN KEY ("prompt_version_id") REFERENCES "public"."prompt_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tasks" ADD CONSTRAINT "tasks_chosen_prompt_version_id_prompt_versions_id_fk" FOREIGN KEY ("chosen_prompt_version_id") REFERENCES "public"."prompt_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tasks_prompt_version_idx" ON "tasks" USING btree ("prompt_version_id");--> statement-breakpoint
CREATE INDEX "tasks_chosen_prompt_version_idx" ON "tasks" USING btree ("chosen_prompt_version_id") WHERE "tasks"."chosen_prompt_version_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "prompt_snapshot";