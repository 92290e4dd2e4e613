-- Scorecard versions in the analytics sums: the day and month sums are kept per prompt version as well (the last
-- column of their keys), so the reports filter by a version and count a field whose meaning changed between
-- versions apart (modules/analytics/eras.ts). Hand-edited: INCLUDE columns, the rebuild, the trigger of 0036
-- grouping by the version. Writers wait until this commits, so every value is counted once.
LOCK TABLE "analysis_field_values" IN SHARE MODE;--> statement-breakpoint
ALTER TABLE "analysis_field_days" DROP CONSTRAINT "analysis_field_days_key";--> statement-breakpoint
ALTER TABLE "analysis_field_months" DROP CONSTRAINT "analysis_field_months_key";--> statement-breakpoint
DROP INDEX "analysis_field_days_final_idx";--> statement-breakpoint
DROP INDEX "analysis_field_days_items_idx";--> statement-breakpoint
TRUNCATE "analysis_field_days", "analysis_field_months";--> statement-breakpoint
ALTER TABLE "analysis_field_days" ADD COLUMN "prompt_version_id" integer;--> statement-breakpoint
ALTER TABLE "analysis_field_months" ADD COLUMN "prompt_version_id" integer;--> statement-breakpoint
-- The sums rebuilt from the values, as the trigger adds them up (before the indexes: one sort each).
INSERT INTO "analysis_field_days" (project_id, prompt_id, path, analysis_date, value_type, representative, department,
	max_score, prompt_version_id, analyses, score_sum, scored, passed, missed, na, units_milli, knockouts)
SELECT project_id, prompt_id, path, analysis_date, value_type, representative, department, max_score, prompt_version_id,
	count(*), coalesce(sum(score), 0), count(score), count(*) FILTER (WHERE outcome = 'passed'),
	count(*) FILTER (WHERE outcome = 'missed'), count(*) FILTER (WHERE outcome = 'na'), coalesce(sum(units_milli), 0),
	count(*) FILTER (WHERE knockout)
FROM "analysis_field_values" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;--> statement-breakpoint
INSERT INTO "analysis_field_months" (project_id, prompt_id, path, month, value_type, representative, department,
	max_score, prompt_version_id, analyses, score_sum, scored, passed, missed, na, units_milli, knockouts)
SELECT project_id, prompt_id, path, date_trunc('month', analysis_date::timestamp)::date, value_type, representative,
	department, max_score, prompt_version_id, sum(analyses), sum(score_sum), sum(scored), sum(passed), sum(missed),
	sum(na), sum(units_milli), sum(knockouts)
FROM "analysis_field_days" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9;--> statement-breakpoint
ALTER TABLE "analysis_field_days" ADD CONSTRAINT "analysis_field_days_key" UNIQUE NULLS NOT DISTINCT("project_id","prompt_id","path","analysis_date","value_type","representative","department","max_score","prompt_version_id") INCLUDE ("analyses","score_sum","scored","passed","missed","na","knockouts");--> statement-breakpoint
ALTER TABLE "analysis_field_months" ADD CONSTRAINT "analysis_field_months_key" UNIQUE NULLS NOT DISTINCT("project_id","prompt_id","path","month","value_type","representative","department","max_score","prompt_version_id") INCLUDE ("analyses","score_sum","scored","passed","missed","na","knockouts");--> statement-breakpoint
CREATE INDEX "analysis_field_days_final_idx" ON "analysis_field_days" USING btree ("project_id","analysis_date") INCLUDE ("prompt_id","representative","department","analyses","score_sum","scored","units_milli","prompt_version_id","knockouts") WHERE "analysis_field_days"."value_type" = 'final';--> statement-breakpoint
CREATE INDEX "analysis_field_days_items_idx" ON "analysis_field_days" USING btree ("project_id","analysis_date") INCLUDE ("prompt_id","path","representative","department","passed","missed","prompt_version_id") WHERE "analysis_field_days"."value_type" IN ('bool', 'ok');--> statement-breakpoint
-- As in 0036, grouped by the version too.
CREATE OR REPLACE FUNCTION "analysis_field_days_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	change record;
	sums constant text := $sql$%1$s * count(*), %1$s * coalesce(sum(score), 0), %1$s * count(score),
		%1$s * count(*) FILTER (WHERE outcome = 'passed'), %1$s * count(*) FILTER (WHERE outcome = 'missed'),
		%1$s * count(*) FILTER (WHERE outcome = 'na'), %1$s * coalesce(sum(units_milli), 0),
		%1$s * count(*) FILTER (WHERE knockout)$sql$;
	added constant text := $sql$analyses = d.analyses + excluded.analyses, score_sum = d.score_sum + excluded.score_sum,
		scored = d.scored + excluded.scored, passed = d.passed + excluded.passed, missed = d.missed + excluded.missed,
		na = d.na + excluded.na, units_milli = d.units_milli + excluded.units_milli,
		knockouts = d.knockouts + excluded.knockouts$sql$;
BEGIN
	FOR change IN SELECT * FROM (VALUES ('old_values', -1, TG_OP <> 'INSERT'), ('new_values', 1, TG_OP <> 'DELETE'))
		AS c(rows, sign, applies) WHERE applies
	LOOP
		EXECUTE format($sql$
			INSERT INTO analysis_field_days AS d (project_id, prompt_id, path, analysis_date, value_type, representative,
				department, max_score, prompt_version_id, analyses, score_sum, scored, passed, missed, na, units_milli,
				knockouts)
			SELECT project_id, prompt_id, path, analysis_date, value_type, representative, department, max_score,
				prompt_version_id, $sql$
			|| sums || $sql$
			FROM %2$I GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
			ON CONFLICT ON CONSTRAINT analysis_field_days_key DO UPDATE SET $sql$ || added, change.sign, change.rows);
		EXECUTE format($sql$
			INSERT INTO analysis_field_months AS d (project_id, prompt_id, path, month, value_type, representative,
				department, max_score, prompt_version_id, analyses, score_sum, scored, passed, missed, na, units_milli,
				knockouts)
			SELECT project_id, prompt_id, path, date_trunc('month', analysis_date::timestamp)::date, value_type,
				representative, department, max_score, prompt_version_id, $sql$
			|| sums || $sql$
			FROM %2$I GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8, 9
			ON CONFLICT ON CONSTRAINT analysis_field_months_key DO UPDATE SET $sql$ || added, change.sign, change.rows);
		EXECUTE format($sql$
			INSERT INTO analysis_value_months AS d (project_id, prompt_id, path, month, representative, department, value,
				analyses)
			SELECT project_id, prompt_id, path, date_trunc('month', analysis_date::timestamp)::date, representative,
				department, coalesce(value, score::text), %1$s * count(*)
			FROM %2$I WHERE value_type NOT IN ('bool', 'ok') AND coalesce(value, score::text) IS NOT NULL
			GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
			ON CONFLICT ON CONSTRAINT analysis_value_months_key DO UPDATE SET analyses = d.analyses + excluded.analyses$sql$,
			change.sign, change.rows);
	END LOOP;
	IF TG_OP <> 'INSERT' THEN
		DELETE FROM analysis_field_days d
		USING (SELECT DISTINCT project_id, prompt_id, analysis_date, path FROM old_values) k
		WHERE d.project_id = k.project_id AND d.prompt_id = k.prompt_id AND d.analysis_date = k.analysis_date
			AND d.path = k.path AND d.analyses = 0;
		DELETE FROM analysis_field_months d
		USING (SELECT DISTINCT project_id, prompt_id, date_trunc('month', analysis_date::timestamp)::date AS month, path
			FROM old_values) k
		WHERE d.project_id = k.project_id AND d.prompt_id = k.prompt_id AND d.month = k.month AND d.path = k.path
			AND d.analyses = 0;
		DELETE FROM analysis_value_months d
		USING (SELECT DISTINCT project_id, prompt_id, date_trunc('month', analysis_date::timestamp)::date AS month, path
			FROM old_values) k
		WHERE d.project_id = k.project_id AND d.prompt_id = k.prompt_id AND d.month = k.month AND d.path = k.path
			AND d.analyses = 0;
	END IF;
	RETURN NULL;
END $$;
