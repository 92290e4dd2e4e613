-- The agreement ledger's narrow table (issue 35 "Measured"). Written by hand like 0036-0044 (no snapshot since
-- 0035): the measured answers of submitted reviews, copied at submission (modules/reviews/agreement-answers.ts),
-- with a covering index (INCLUDE, which drizzle-kit cannot express) so the ledger reads no table rows; then the
-- reviews submitted before this migration, by the same statement.
CREATE TABLE "review_agreement_answers" (
	"review_id" integer NOT NULL,
	"project_id" integer NOT NULL,
	"prompt_version_id" integer NOT NULL,
	"submitted_at" timestamp with time zone,
	"reviewer_name" text NOT NULL,
	"path" text NOT NULL,
	"field_type" text NOT NULL,
	"ai_value" text,
	"value" text,
	CONSTRAINT "review_agreement_answers_review_id_path_pk" PRIMARY KEY("review_id","path")
);
--> statement-breakpoint
ALTER TABLE "review_agreement_answers" ADD CONSTRAINT "review_agreement_answers_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_agreement_answers" ADD CONSTRAINT "review_agreement_answers_prompt_version_id_fk" FOREIGN KEY ("prompt_version_id") REFERENCES "public"."prompt_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_agreement_answers_version_idx" ON "review_agreement_answers" USING btree ("prompt_version_id","submitted_at") INCLUDE ("project_id","review_id","reviewer_name","path","field_type","ai_value","value");--> statement-breakpoint
INSERT INTO review_agreement_answers (review_id, project_id, prompt_version_id, submitted_at, reviewer_name,
                                      path, field_type, ai_value, value)
SELECT r.id, r.project_id, r.prompt_version_id, r.submitted_at, r.reviewer_name, a.path, a.field_type,
       a.ai_value::text, a.value::text
FROM reviews r JOIN review_answers a ON a.review_id = r.id
WHERE r.status = 'submitted' AND r.prompt_version_id IS NOT NULL
  AND a.field_type IN ('bool', 'ok', 'option', 'classification', 'int', 'float', 'marks')
ORDER BY r.submitted_at, r.id;
