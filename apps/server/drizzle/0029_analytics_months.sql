-- Hand-edited where drizzle-kit cannot express it: INCLUDE columns, the backfill, and the statement triggers of
-- migration 0015 keeping the month sums and the value counts as well. Writers wait until this commits, so every
-- value is counted once: by the backfill or by the new triggers.
LOCK TABLE "analysis_field_values" IN SHARE MODE;--> statement-breakpoint
CREATE TABLE "analysis_field_months" (
	"project_id" integer NOT NULL,
	"prompt_id" integer NOT NULL,
	"path" text NOT NULL,
	"month" date NOT NULL,
	"value_type" text NOT NULL,
	"representative" text,
	"department" text,
	"max_score" double precision,
	"analyses" integer NOT NULL,
	"score_sum" double precision NOT NULL,
	"scored" integer NOT NULL,
	"passed" integer NOT NULL,
	"missed" integer NOT NULL,
	"na" integer NOT NULL,
	"units_milli" bigint NOT NULL,
	CONSTRAINT "analysis_field_months_key" UNIQUE NULLS NOT DISTINCT("project_id","prompt_id","path","month","value_type","representative","department","max_score") INCLUDE ("analyses","score_sum","scored","passed","missed","na")
);
--> statement-breakpoint
CREATE TABLE "analysis_value_months" (
	"project_id" integer NOT NULL,
	"prompt_id" integer NOT NULL,
	"path" text NOT NULL,
	"month" date NOT NULL,
	"representative" text,
	"department" text,
	"value" text NOT NULL,
	"analyses" integer NOT NULL,
	CONSTRAINT "analysis_value_months_key" UNIQUE NULLS NOT DISTINCT("project_id","prompt_id","path","month","representative","department","value") INCLUDE ("analyses")
);--> statement-breakpoint
INSERT INTO "analysis_field_months" SELECT project_id, prompt_id, path, date_trunc('month', analysis_date::timestamp)::date,
	value_type, representative, department, max_score, sum(analyses), sum(score_sum), sum(scored), sum(passed),
	sum(missed), sum(na), sum(units_milli)
FROM "analysis_field_days" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
INSERT INTO "analysis_value_months" SELECT project_id, prompt_id, path, date_trunc('month', analysis_date::timestamp)::date,
	representative, department, coalesce(value, score::text), count(*)
FROM "analysis_field_values" WHERE value_type NOT IN ('bool', 'ok') AND coalesce(value, score::text) IS NOT NULL
GROUP BY 1, 2, 3, 4, 5, 6, 7;--> statement-breakpoint
-- Takes away the old values (update, delete) and adds the new ones (insert, update) of the statement's transition
-- tables: per day, per month, and per month and value. One upsert per key, tables and keys always in the same
-- order (so writers lock the keys they share in the same order); then deletes the rows left with no values.
CREATE OR REPLACE FUNCTION "analysis_field_days_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	change record;
	sums constant text := $sql$%1$s * count(*), %1$s * coalesce(sum(score), 0), %1$s * count(score),
		%1$s * count(*) FILTER (WHERE outcome = 'passed'), %1$s * count(*) FILTER (WHERE outcome = 'missed'),
		%1$s * count(*) FILTER (WHERE outcome = 'na'), %1$s * coalesce(sum(units_milli), 0)$sql$;
	added constant text := $sql$analyses = d.analyses + excluded.analyses, score_sum = d.score_sum + excluded.score_sum,
		scored = d.scored + excluded.scored, passed = d.passed + excluded.passed, missed = d.missed + excluded.missed,
		na = d.na + excluded.na, units_milli = d.units_milli + excluded.units_milli$sql$;
BEGIN
	FOR change IN SELECT * FROM (VALUES ('old_values', -1, TG_OP <> 'INSERT'), ('new_values', 1, TG_OP <> 'DELETE'))
		AS c(rows, sign, applies) WHERE applies
	LOOP
		EXECUTE format($sql$
			INSERT INTO analysis_field_days AS d (project_id, prompt_id, path, analysis_date, value_type, representative,
				department, max_score, analyses, score_sum, scored, passed, missed, na, units_milli)
			SELECT project_id, prompt_id, path, analysis_date, value_type, representative, department, max_score, $sql$
			|| sums || $sql$
			FROM %2$I GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
			ON CONFLICT ON CONSTRAINT analysis_field_days_key DO UPDATE SET $sql$ || added, change.sign, change.rows);
		EXECUTE format($sql$
			INSERT INTO analysis_field_months AS d (project_id, prompt_id, path, month, value_type, representative,
				department, max_score, analyses, score_sum, scored, passed, missed, na, units_milli)
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
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "analysis_field_days_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE analysis_field_days, analysis_field_months, analysis_value_months;
	RETURN NULL;
END $$;
