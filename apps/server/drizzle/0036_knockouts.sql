-- Knockout (auto-fail) answers. Hand-edited: the statement trigger of migrations 0015 and 0029 also sums the
-- knockouts. No analysis could knock out before, so false and 0 are exact for every stored row (no backfill);
-- adding a column with a constant default rewrites no table.
ALTER TABLE "prompts" ADD COLUMN "knockout_cap" numeric;--> statement-breakpoint
ALTER TABLE "analysis_field_values" ADD COLUMN "knockout" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_field_days" ADD COLUMN "knockouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "analysis_field_months" ADD COLUMN "knockouts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- As in 0029, with the knockouts summed per day and per month.
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
				department, max_score, analyses, score_sum, scored, passed, missed, na, units_milli, knockouts)
			SELECT project_id, prompt_id, path, analysis_date, value_type, representative, department, max_score, $sql$
			|| sums || $sql$
			FROM %2$I GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
			ON CONFLICT ON CONSTRAINT analysis_field_days_key DO UPDATE SET $sql$ || added, change.sign, change.rows);
		EXECUTE format($sql$
			INSERT INTO analysis_field_months AS d (project_id, prompt_id, path, month, value_type, representative,
				department, max_score, analyses, score_sum, scored, passed, missed, na, units_milli, knockouts)
			SELECT project_id, prompt_id, path, date_trunc('month', analysis_date::timestamp)::date, value_type,
				representative, department, max_score, $sql$
			|| sums || $sql$
			FROM %2$I GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
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
