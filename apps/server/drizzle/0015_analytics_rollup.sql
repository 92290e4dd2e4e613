-- Hand-edited where drizzle-kit cannot express it: INCLUDE columns, and the triggers that fill the units of a
-- final score and keep analysis_field_days the per-day sums of analysis_field_values.
CREATE TABLE "analysis_field_days" (
	"project_id" integer NOT NULL,
	"prompt_id" integer NOT NULL,
	"path" text NOT NULL,
	"analysis_date" date NOT NULL,
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
	CONSTRAINT "analysis_field_days_key" UNIQUE NULLS NOT DISTINCT("project_id","prompt_id","path","analysis_date","value_type","representative","department","max_score") INCLUDE ("analyses","score_sum","scored","passed","missed","na")
);
--> statement-breakpoint
DROP INDEX "analysis_field_values_prompt_path_date_idx";--> statement-breakpoint
DROP INDEX "analysis_field_values_final_date_idx";--> statement-breakpoint
ALTER TABLE "analysis_field_values" ADD COLUMN "units_milli" integer;--> statement-breakpoint
CREATE INDEX "analysis_field_days_final_idx" ON "analysis_field_days" USING btree ("project_id","analysis_date") INCLUDE ("prompt_id","representative","department","analyses","score_sum","scored","units_milli") WHERE "analysis_field_days"."value_type" = 'final';--> statement-breakpoint
CREATE INDEX "analysis_field_days_items_idx" ON "analysis_field_days" USING btree ("project_id","analysis_date") INCLUDE ("prompt_id","path","representative","department","passed","missed") WHERE "analysis_field_days"."value_type" IN ('bool', 'ok');--> statement-breakpoint
CREATE INDEX "analysis_field_values_field_idx" ON "analysis_field_values" USING btree ("project_id","prompt_id","path","analysis_date") INCLUDE ("value_type","score","value","representative","department");--> statement-breakpoint
CREATE INDEX "analysis_field_values_final_idx" ON "analysis_field_values" USING btree ("project_id","analysis_date","task_id") INCLUDE ("prompt_id","score","representative","department") WHERE "analysis_field_values"."value_type" = 'final';--> statement-breakpoint
-- Values written before this migration: their units, then their sums.
UPDATE "analysis_field_values" v SET units_milli = t.units_charged_milli FROM tasks t
WHERE t.id = v.task_id AND v.value_type = 'final' AND t.units_charged_milli IS NOT NULL;--> statement-breakpoint
INSERT INTO "analysis_field_days" SELECT project_id, prompt_id, path, analysis_date, value_type, representative,
	department, max_score, count(*), coalesce(sum(score), 0), count(score), count(*) FILTER (WHERE outcome = 'passed'),
	count(*) FILTER (WHERE outcome = 'missed'), count(*) FILTER (WHERE outcome = 'na'), coalesce(sum(units_milli), 0)
FROM "analysis_field_values" GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;--> statement-breakpoint
-- A final score inserted without its units takes them from its task (charged before it completes).
CREATE FUNCTION "analysis_field_values_units"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	SELECT units_charged_milli INTO NEW.units_milli FROM tasks WHERE id = NEW.task_id;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "analysis_field_values_units" BEFORE INSERT ON "analysis_field_values" FOR EACH ROW
	WHEN (NEW.value_type = 'final' AND NEW.units_milli IS NULL) EXECUTE FUNCTION analysis_field_values_units();--> statement-breakpoint
-- Takes away the old values (update, delete) and adds the new ones (insert, update) of the statement's transition
-- tables, one upsert per key in key order (so writers lock the keys they share in the same order), then deletes
-- the rows left with no values.
CREATE FUNCTION "analysis_field_days_count"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	change record;
BEGIN
	FOR change IN SELECT * FROM (VALUES ('old_values', -1, TG_OP <> 'INSERT'), ('new_values', 1, TG_OP <> 'DELETE'))
		AS c(rows, sign, applies) WHERE applies
	LOOP
		EXECUTE format($sql$
			INSERT INTO analysis_field_days AS d (project_id, prompt_id, path, analysis_date, value_type, representative,
				department, max_score, analyses, score_sum, scored, passed, missed, na, units_milli)
			SELECT project_id, prompt_id, path, analysis_date, value_type, representative, department, max_score,
				%1$s * count(*), %1$s * coalesce(sum(score), 0), %1$s * count(score),
				%1$s * count(*) FILTER (WHERE outcome = 'passed'), %1$s * count(*) FILTER (WHERE outcome = 'missed'),
				%1$s * count(*) FILTER (WHERE outcome = 'na'), %1$s * coalesce(sum(units_milli), 0)
			FROM %2$I GROUP BY 1, 2, 3, 4, 5, 6, 7, 8 ORDER BY 1, 2, 3, 4, 5, 6, 7, 8
			ON CONFLICT ON CONSTRAINT analysis_field_days_key DO UPDATE SET
				analyses = d.analyses + excluded.analyses, score_sum = d.score_sum + excluded.score_sum,
				scored = d.scored + excluded.scored, passed = d.passed + excluded.passed,
				missed = d.missed + excluded.missed, na = d.na + excluded.na,
				units_milli = d.units_milli + excluded.units_milli$sql$, change.sign, change.rows);
	END LOOP;
	IF TG_OP <> 'INSERT' THEN
		DELETE FROM analysis_field_days d
		USING (SELECT DISTINCT project_id, prompt_id, analysis_date, path FROM old_values) k
		WHERE d.project_id = k.project_id AND d.prompt_id = k.prompt_id AND d.analysis_date = k.analysis_date
			AND d.path = k.path AND d.analyses = 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "analysis_field_days_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	TRUNCATE analysis_field_days;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "analysis_field_days_insert" AFTER INSERT ON "analysis_field_values"
	REFERENCING NEW TABLE AS new_values FOR EACH STATEMENT EXECUTE FUNCTION analysis_field_days_count();--> statement-breakpoint
CREATE TRIGGER "analysis_field_days_update" AFTER UPDATE ON "analysis_field_values"
	REFERENCING OLD TABLE AS old_values NEW TABLE AS new_values FOR EACH STATEMENT EXECUTE FUNCTION analysis_field_days_count();--> statement-breakpoint
CREATE TRIGGER "analysis_field_days_delete" AFTER DELETE ON "analysis_field_values"
	REFERENCING OLD TABLE AS old_values FOR EACH STATEMENT EXECUTE FUNCTION analysis_field_days_count();--> statement-breakpoint
CREATE TRIGGER "analysis_field_days_truncate" AFTER TRUNCATE ON "analysis_field_values"
	FOR EACH STATEMENT EXECUTE FUNCTION analysis_field_days_clear();
