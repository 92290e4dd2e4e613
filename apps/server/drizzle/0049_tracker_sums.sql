-- Tracker hit rates from day sums (issue 38, Measured), written by hand like 0036-0048: the completed analyses and
-- those that hit each tracker per day of the conversation in the project's time zone, prompt, chosen prompt
-- version, department and representative, kept exact by triggers on tasks, tracker_hits, trackers and projects
-- (modules/trackers/README.md). Counted: every tracker_hits row of a completed task, and every completed task.
-- The same per calendar month of those days (month: its first day), kept by statement triggers on the day sums:
-- what long ranges read for their whole months, as analytics does (0029).
CREATE TABLE "tracker_analysis_days" (
	"project_id" integer NOT NULL,
	"analysis_date" date NOT NULL,
	"prompt_id" integer,
	"chosen_prompt_version_id" integer,
	"department" text,
	"representative" text,
	"analyses" integer NOT NULL,
	CONSTRAINT "tracker_analysis_days_key" UNIQUE NULLS NOT DISTINCT("project_id","analysis_date","prompt_id","chosen_prompt_version_id","department","representative") INCLUDE ("analyses")
);
--> statement-breakpoint
CREATE TABLE "tracker_hit_days" (
	"project_id" integer NOT NULL,
	"tracker_id" integer NOT NULL,
	"analysis_date" date NOT NULL,
	"prompt_id" integer,
	"chosen_prompt_version_id" integer,
	"department" text,
	"representative" text,
	"hit" integer NOT NULL,
	CONSTRAINT "tracker_hit_days_key" UNIQUE NULLS NOT DISTINCT("project_id","tracker_id","analysis_date","prompt_id","chosen_prompt_version_id","department","representative") INCLUDE ("hit")
);
--> statement-breakpoint
CREATE TABLE "tracker_analysis_months" (
	"project_id" integer NOT NULL,
	"month" date NOT NULL,
	"prompt_id" integer,
	"chosen_prompt_version_id" integer,
	"department" text,
	"representative" text,
	"analyses" integer NOT NULL,
	CONSTRAINT "tracker_analysis_months_key" UNIQUE NULLS NOT DISTINCT("project_id","month","prompt_id","chosen_prompt_version_id","department","representative") INCLUDE ("analyses")
);
--> statement-breakpoint
CREATE TABLE "tracker_hit_months" (
	"project_id" integer NOT NULL,
	"tracker_id" integer NOT NULL,
	"month" date NOT NULL,
	"prompt_id" integer,
	"chosen_prompt_version_id" integer,
	"department" text,
	"representative" text,
	"hit" integer NOT NULL,
	CONSTRAINT "tracker_hit_months_key" UNIQUE NULLS NOT DISTINCT("project_id","tracker_id","month","prompt_id","chosen_prompt_version_id","department","representative") INCLUDE ("hit")
);
--> statement-breakpoint
-- Rows a change took to 0 (or below, for a key whose rows went with their project), deleted by the same trigger.
CREATE INDEX "tracker_analysis_days_spent_idx" ON "tracker_analysis_days" USING btree ("project_id") WHERE "tracker_analysis_days"."analyses" <= 0;--> statement-breakpoint
CREATE INDEX "tracker_hit_days_spent_idx" ON "tracker_hit_days" USING btree ("project_id") WHERE "tracker_hit_days"."hit" <= 0;--> statement-breakpoint
CREATE INDEX "tracker_analysis_months_spent_idx" ON "tracker_analysis_months" USING btree ("project_id") WHERE "tracker_analysis_months"."analyses" <= 0;--> statement-breakpoint
CREATE INDEX "tracker_hit_months_spent_idx" ON "tracker_hit_months" USING btree ("project_id") WHERE "tracker_hit_months"."hit" <= 0;--> statement-breakpoint
-- The month sums follow the day sums: each statement's day rows taken away (old) and added (new) per month, one
-- upsert per key in key order; months left at 0 deleted. Arguments: the month table, its count column, and the
-- key's columns besides the month.
CREATE FUNCTION "tracker_months_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	change record;
BEGIN
	FOR change IN SELECT * FROM (VALUES ('old_days', -1, TG_OP <> 'INSERT'), ('new_days', 1, TG_OP <> 'DELETE'))
		AS c(rows, sign, applies) WHERE applies
	LOOP
		EXECUTE format($sql$
			INSERT INTO %3$I AS s (%5$s, month, %4$I)
			SELECT %5$s, date_trunc('month', analysis_date)::date AS month, %1$s * sum(%4$I)
			FROM %2$I GROUP BY %5$s, month HAVING sum(%4$I) <> 0 ORDER BY %5$s, month
			ON CONFLICT ON CONSTRAINT %6$I DO UPDATE SET %4$I = s.%4$I + excluded.%4$I$sql$,
			change.sign, change.rows, TG_ARGV[0], TG_ARGV[1], TG_ARGV[2], TG_ARGV[0] || '_key');
	END LOOP;
	IF TG_OP <> 'INSERT' THEN
		EXECUTE format('DELETE FROM %1$I WHERE project_id IN (SELECT DISTINCT project_id FROM old_days) AND %2$I <= 0',
			TG_ARGV[0], TG_ARGV[1]);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tracker_analysis_months_insert" AFTER INSERT ON "tracker_analysis_days" REFERENCING NEW TABLE AS new_days
	FOR EACH STATEMENT EXECUTE FUNCTION tracker_months_follow('tracker_analysis_months', 'analyses', 'project_id, prompt_id, chosen_prompt_version_id, department, representative');--> statement-breakpoint
CREATE TRIGGER "tracker_analysis_months_update" AFTER UPDATE ON "tracker_analysis_days"
	REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days
	FOR EACH STATEMENT EXECUTE FUNCTION tracker_months_follow('tracker_analysis_months', 'analyses', 'project_id, prompt_id, chosen_prompt_version_id, department, representative');--> statement-breakpoint
CREATE TRIGGER "tracker_analysis_months_delete" AFTER DELETE ON "tracker_analysis_days" REFERENCING OLD TABLE AS old_days
	FOR EACH STATEMENT EXECUTE FUNCTION tracker_months_follow('tracker_analysis_months', 'analyses', 'project_id, prompt_id, chosen_prompt_version_id, department, representative');--> statement-breakpoint
CREATE TRIGGER "tracker_hit_months_insert" AFTER INSERT ON "tracker_hit_days" REFERENCING NEW TABLE AS new_days
	FOR EACH STATEMENT EXECUTE FUNCTION tracker_months_follow('tracker_hit_months', 'hit', 'project_id, tracker_id, prompt_id, chosen_prompt_version_id, department, representative');--> statement-breakpoint
CREATE TRIGGER "tracker_hit_months_update" AFTER UPDATE ON "tracker_hit_days"
	REFERENCING OLD TABLE AS old_days NEW TABLE AS new_days
	FOR EACH STATEMENT EXECUTE FUNCTION tracker_months_follow('tracker_hit_months', 'hit', 'project_id, tracker_id, prompt_id, chosen_prompt_version_id, department, representative');--> statement-breakpoint
CREATE TRIGGER "tracker_hit_months_delete" AFTER DELETE ON "tracker_hit_days" REFERENCING OLD TABLE AS old_days
	FOR EACH STATEMENT EXECUTE FUNCTION tracker_months_follow('tracker_hit_months', 'hit', 'project_id, tracker_id, prompt_id, chosen_prompt_version_id, department, representative');--> statement-breakpoint
-- One project's sums (all projects': null) counted from tasks and tracker_hits: the backfill below and a change of
-- the project's time zone.
CREATE FUNCTION "tracker_sums_fill"(project integer) RETURNS void LANGUAGE sql AS $$
	INSERT INTO tracker_analysis_days (project_id, analysis_date, prompt_id, chosen_prompt_version_id, department,
		representative, analyses)
	SELECT t.project_id, (t.conversation_at AT TIME ZONE p.timezone)::date, t.prompt_id, t.chosen_prompt_version_id,
		t.department, t.representative, count(*)
	FROM tasks t JOIN projects p ON p.id = t.project_id
	WHERE t.status = 'completed' AND (project IS NULL OR t.project_id = project)
	GROUP BY 1, 2, 3, 4, 5, 6;
	INSERT INTO tracker_hit_days (project_id, tracker_id, analysis_date, prompt_id, chosen_prompt_version_id,
		department, representative, hit)
	SELECT t.project_id, h.tracker_id, (t.conversation_at AT TIME ZONE p.timezone)::date, t.prompt_id,
		t.chosen_prompt_version_id, t.department, t.representative, count(*)
	FROM tracker_hits h JOIN tasks t ON t.id = h.task_id JOIN projects p ON p.id = t.project_id
	WHERE t.status = 'completed' AND (project IS NULL OR t.project_id = project)
	GROUP BY 1, 2, 3, 4, 5, 6, 7;
$$;
--> statement-breakpoint
-- Adds (sign 1) or takes away (-1) a completed task and its hits at the task's key. A task whose project is gone
-- (the project's deletion reaching its tasks) takes the project's sums with it instead.
CREATE FUNCTION "tracker_sums_task"(task tasks, sign integer) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	task_day date;
BEGIN
	SELECT (task.conversation_at AT TIME ZONE p.timezone)::date INTO task_day FROM projects p WHERE p.id = task.project_id;
	IF task_day IS NULL THEN
		DELETE FROM tracker_analysis_days WHERE project_id = task.project_id;
		DELETE FROM tracker_hit_days WHERE project_id = task.project_id;
		RETURN;
	END IF;
	INSERT INTO tracker_analysis_days AS s (project_id, analysis_date, prompt_id, chosen_prompt_version_id, department,
		representative, analyses)
	VALUES (task.project_id, task_day, task.prompt_id, task.chosen_prompt_version_id, task.department, task.representative,
		sign)
	ON CONFLICT ON CONSTRAINT tracker_analysis_days_key DO UPDATE SET analyses = s.analyses + excluded.analyses;
	INSERT INTO tracker_hit_days AS s (project_id, tracker_id, analysis_date, prompt_id, chosen_prompt_version_id,
		department, representative, hit)
	SELECT task.project_id, h.tracker_id, task_day, task.prompt_id, task.chosen_prompt_version_id, task.department,
		task.representative, sign
	FROM tracker_hits h WHERE h.task_id = task.id ORDER BY h.tracker_id
	ON CONFLICT ON CONSTRAINT tracker_hit_days_key DO UPDATE SET hit = s.hit + excluded.hit;
END $$;
--> statement-breakpoint
CREATE FUNCTION "tracker_sums_spent"(project integer) RETURNS void LANGUAGE sql AS $$
	DELETE FROM tracker_analysis_days WHERE project_id = project AND analyses <= 0;
	DELETE FROM tracker_hit_days WHERE project_id = project AND hit <= 0;
$$;
--> statement-breakpoint
-- A task completing, leaving completed, or a completed one moving to another day, prompt, department or
-- representative: its old key loses it and its hits, the new one gains them.
CREATE FUNCTION "tracker_sums_task_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF OLD.status = 'completed' THEN PERFORM tracker_sums_task(OLD, -1); END IF;
	IF NEW.status = 'completed' THEN PERFORM tracker_sums_task(NEW, 1); END IF;
	PERFORM tracker_sums_spent(OLD.project_id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tracker_sums_task_update" AFTER UPDATE ON "tasks" FOR EACH ROW
	WHEN ((OLD.status = 'completed' OR NEW.status = 'completed') AND (OLD.status IS DISTINCT FROM NEW.status
		OR OLD.conversation_at IS DISTINCT FROM NEW.conversation_at OR OLD.prompt_id IS DISTINCT FROM NEW.prompt_id
		OR OLD.chosen_prompt_version_id IS DISTINCT FROM NEW.chosen_prompt_version_id
		OR OLD.department IS DISTINCT FROM NEW.department OR OLD.representative IS DISTINCT FROM NEW.representative
		OR OLD.project_id IS DISTINCT FROM NEW.project_id))
	EXECUTE FUNCTION tracker_sums_task_update();--> statement-breakpoint
-- A completed task deleted: taken away before its hits go (their deletion, cascaded after the task's, finds no
-- task and counts nothing).
CREATE FUNCTION "tracker_sums_task_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM tracker_sums_task(OLD, -1);
	PERFORM tracker_sums_spent(OLD.project_id);
	RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tracker_sums_task_delete" BEFORE DELETE ON "tasks" FOR EACH ROW WHEN (OLD.status = 'completed')
	EXECUTE FUNCTION tracker_sums_task_delete();--> statement-breakpoint
-- Tasks inserted completed (imports, benches): one statement's rows at once. A new task has no hits.
CREATE FUNCTION "tracker_sums_task_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO tracker_analysis_days AS s (project_id, analysis_date, prompt_id, chosen_prompt_version_id, department,
		representative, analyses)
	SELECT t.project_id, (t.conversation_at AT TIME ZONE p.timezone)::date, t.prompt_id, t.chosen_prompt_version_id,
		t.department, t.representative, count(*)
	FROM new_tasks t JOIN projects p ON p.id = t.project_id
	WHERE t.status = 'completed'
	GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
	ON CONFLICT ON CONSTRAINT tracker_analysis_days_key DO UPDATE SET analyses = s.analyses + excluded.analyses;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tracker_sums_task_insert" AFTER INSERT ON "tasks" REFERENCING NEW TABLE AS new_tasks
	FOR EACH STATEMENT EXECUTE FUNCTION tracker_sums_task_insert();--> statement-breakpoint
-- Hits written or deleted (completion, a change of roles, the apply job, retention, erasure): the statement's old
-- rows taken away and new rows added at their task's key, for completed tasks only, one upsert per key in key
-- order (writers lock the keys they share in the same order). Hits deleted with their task or tracker find it
-- gone and count nothing: those deletions take their sums away themselves.
CREATE FUNCTION "tracker_sums_hits"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	change record;
BEGIN
	FOR change IN SELECT * FROM (VALUES ('old_hits', -1, TG_OP <> 'INSERT'), ('new_hits', 1, TG_OP <> 'DELETE'))
		AS c(rows, sign, applies) WHERE applies
	LOOP
		EXECUTE format($sql$
			INSERT INTO tracker_hit_days AS s (project_id, tracker_id, analysis_date, prompt_id, chosen_prompt_version_id,
				department, representative, hit)
			SELECT t.project_id, h.tracker_id, (t.conversation_at AT TIME ZONE p.timezone)::date, t.prompt_id,
				t.chosen_prompt_version_id, t.department, t.representative, %1$s * count(*)
			FROM %2$I h JOIN trackers k ON k.id = h.tracker_id JOIN tasks t ON t.id = h.task_id
				JOIN projects p ON p.id = t.project_id
			WHERE t.status = 'completed'
			GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
			ON CONFLICT ON CONSTRAINT tracker_hit_days_key DO UPDATE SET hit = s.hit + excluded.hit$sql$,
			change.sign, change.rows);
	END LOOP;
	IF TG_OP <> 'INSERT' THEN
		DELETE FROM tracker_hit_days WHERE project_id IN (SELECT DISTINCT project_id FROM old_hits) AND hit <= 0;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tracker_sums_hits_insert" AFTER INSERT ON "tracker_hits" REFERENCING NEW TABLE AS new_hits
	FOR EACH STATEMENT EXECUTE FUNCTION tracker_sums_hits();--> statement-breakpoint
CREATE TRIGGER "tracker_sums_hits_update" AFTER UPDATE ON "tracker_hits"
	REFERENCING OLD TABLE AS old_hits NEW TABLE AS new_hits FOR EACH STATEMENT EXECUTE FUNCTION tracker_sums_hits();--> statement-breakpoint
CREATE TRIGGER "tracker_sums_hits_delete" AFTER DELETE ON "tracker_hits" REFERENCING OLD TABLE AS old_hits
	FOR EACH STATEMENT EXECUTE FUNCTION tracker_sums_hits();--> statement-breakpoint
-- A tracker deleted: its sums at once (its hits' cascaded deletion finds it gone).
CREATE FUNCTION "tracker_sums_tracker_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM tracker_hit_days WHERE project_id = OLD.project_id AND tracker_id = OLD.id;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tracker_sums_tracker_delete" AFTER DELETE ON "trackers" FOR EACH ROW
	EXECUTE FUNCTION tracker_sums_tracker_delete();--> statement-breakpoint
-- The project's time zone changed: its days are counted anew (time zones rarely change).
CREATE FUNCTION "tracker_sums_redate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	DELETE FROM tracker_analysis_days WHERE project_id = NEW.id;
	DELETE FROM tracker_hit_days WHERE project_id = NEW.id;
	PERFORM tracker_sums_fill(NEW.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "tracker_sums_redate" AFTER UPDATE OF "timezone" ON "projects" FOR EACH ROW
	WHEN (OLD.timezone IS DISTINCT FROM NEW.timezone) EXECUTE FUNCTION tracker_sums_redate();--> statement-breakpoint
-- What tracker_hits and tasks hold already (trackers came in 0048, this release: little).
SELECT tracker_sums_fill(NULL);
