DROP INDEX "prompt_versions_prompt_hash_key";--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD COLUMN "number" integer;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD COLUMN "author_user_id" integer;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD COLUMN "author_api_key_name" text;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD COLUMN "published_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prompt_versions" ADD CONSTRAINT "prompt_versions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The versions analyses made so far, numbered per prompt in the order they were made (author unknown); a
-- prompt's newest is its published version. Those of deleted prompts are numbered per prompt id they carry.
WITH "numbered" AS (
  SELECT "id",
    row_number() OVER (
      PARTITION BY "project_id", coalesce("prompt_id"::text, 'gone:' || coalesce("data"->>'id', ''))
      ORDER BY "created_at", "id"
    ) AS "number",
    row_number() OVER (PARTITION BY "prompt_id" ORDER BY "created_at" DESC, "id" DESC) AS "from_last"
  FROM "prompt_versions"
)
UPDATE "prompt_versions" v SET
  "number" = n."number",
  "state" = CASE WHEN v."prompt_id" IS NOT NULL AND n."from_last" = 1 THEN 'published' ELSE 'superseded' END
FROM "numbered" n
WHERE n."id" = v."id";--> statement-breakpoint
-- Each prompt as it is now, as the server stores a version (modules/prompts/versions.ts snapshotOf) and
-- hashes it: a prompt saved since its last analysis (or never analysed) gets its content as a new published
-- version, dated by that save, so the next analysis reuses it.
CREATE TEMPORARY TABLE "current_prompts" AS
SELECT p."id", p."project_id", p."updated_at", s."data",
  encode(sha256(convert_to(s."data"::text, 'UTF8')), 'hex') AS "hash"
FROM "prompts" p
CROSS JOIN LATERAL (
  SELECT jsonb_build_object(
    'id', p."id", 'projectId', p."project_id", 'scriptName', p."script_name", 'role', p."role",
    'basicInstruction', p."basic_instruction", 'transcribeInstructions', p."transcribe_instructions",
    'provider', p."provider", 'model', p."model", 'responseLanguage', p."response_language",
    'companyDetails', p."company_details", 'finalScore', p."final_score", 'LVA', p."lva",
    'maxScore', to_jsonb(p."max_score"::float8), 'transcriptionTask', p."transcription_task",
    'transcriptionLanguage', p."transcription_language", 'content', p."content",
    'metadataFields', p."metadata_fields", 'isClassification', p."is_classification",
    'unitsMilli', p."units_milli"
  ) AS "data"
) s;--> statement-breakpoint
UPDATE "prompt_versions" v SET "state" = 'superseded'
FROM "current_prompts" c
WHERE v."prompt_id" = c."id" AND v."state" = 'published' AND v."hash" <> c."hash";--> statement-breakpoint
INSERT INTO "prompt_versions" ("project_id", "prompt_id", "number", "state", "data", "hash", "created_at", "published_at")
SELECT c."project_id", c."id",
  coalesce((SELECT max(v."number") FROM "prompt_versions" v WHERE v."prompt_id" = c."id"), 0) + 1,
  'published', c."data", c."hash", c."updated_at", c."updated_at"
FROM "current_prompts" c
WHERE NOT EXISTS (SELECT 1 FROM "prompt_versions" v WHERE v."prompt_id" = c."id" AND v."state" = 'published');--> statement-breakpoint
DROP TABLE "current_prompts";--> statement-breakpoint
ALTER TABLE "prompt_versions" ALTER COLUMN "number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "prompt_versions" ALTER COLUMN "state" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_versions_prompt_number_key" ON "prompt_versions" USING btree ("prompt_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_versions_one_published_key" ON "prompt_versions" USING btree ("prompt_id") WHERE "prompt_versions"."state" = 'published';--> statement-breakpoint
CREATE UNIQUE INDEX "prompt_versions_one_draft_key" ON "prompt_versions" USING btree ("prompt_id") WHERE "prompt_versions"."state" = 'draft';
