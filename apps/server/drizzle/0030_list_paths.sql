-- The list's paths (issue 32): the score mode beside the score, so no list reads the TOASTed result; the page
-- walk's index carries what the filters test, and the name indexes the names their expressions are made of, so
-- those reads are index-only. The old indexes go first: the backfill then updates fewer of them.
DROP INDEX "tasks_project_conversation_idx";--> statement-breakpoint
DROP INDEX "tasks_project_rep_idx";--> statement-breakpoint
DROP INDEX "tasks_project_dept_score_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "score_mode" text;--> statement-breakpoint
UPDATE "tasks" SET "score_mode" = "result"->'score'->>'mode'
WHERE "result"->'score'->>'mode' IN ('sum', 'percent', 'descending', 'no');--> statement-breakpoint
CREATE INDEX "tasks_project_conversation_idx" ON "tasks" USING btree ("project_id","conversation_at","id","status","final_score","department","representative","prompt_id","chosen_prompt_version_id");--> statement-breakpoint
CREATE INDEX "tasks_project_rep_idx" ON "tasks" USING btree ("project_id",lower("representative"),"conversation_at","id","representative");--> statement-breakpoint
CREATE INDEX "tasks_project_dept_score_idx" ON "tasks" USING btree ("project_id",lower("department"),"final_score","department");
