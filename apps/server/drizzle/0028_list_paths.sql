-- The list's paths (issue 32). The score mode is kept beside the score, so no list reads the TOASTed result. The
-- search vector stays in the row (compressed only if that helps; out of line only when the row can't hold it):
-- the list tests it row by row while it counts a frequent word or walks the newest rows, and a TOASTed vector
-- was a TOAST index lookup and chunk read per row. The page walk's index carries what the filters test, and the
-- name indexes the names their expressions are made of, so those reads are index-only. The old indexes go
-- first, the search index too (building it anew is far cheaper than updating it for every row); setting
-- transcript_text to itself recomputes and so re-stores each row's search vector.
DROP INDEX "tasks_project_conversation_idx";--> statement-breakpoint
DROP INDEX "tasks_project_rep_idx";--> statement-breakpoint
DROP INDEX "tasks_project_dept_score_idx";--> statement-breakpoint
DROP INDEX "tasks_project_search_idx";--> statement-breakpoint
ALTER TABLE "tasks" ADD COLUMN "score_mode" text;--> statement-breakpoint
ALTER TABLE "tasks" ALTER COLUMN "search" SET STORAGE MAIN;--> statement-breakpoint
UPDATE "tasks"
SET "score_mode" = CASE WHEN "result"->'score'->>'mode' IN ('sum', 'percent', 'descending', 'no') THEN "result"->'score'->>'mode' END,
    "transcript_text" = "transcript_text"
WHERE "result" IS NOT NULL OR "transcript_text" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "tasks_project_conversation_idx" ON "tasks" USING btree ("project_id","conversation_at","id","status","final_score","department","representative","prompt_id","chosen_prompt_version_id");--> statement-breakpoint
CREATE INDEX "tasks_project_rep_idx" ON "tasks" USING btree ("project_id",lower("representative"),"conversation_at","id","representative");--> statement-breakpoint
CREATE INDEX "tasks_project_dept_score_idx" ON "tasks" USING btree ("project_id",lower("department"),"final_score","department");--> statement-breakpoint
CREATE INDEX "tasks_project_search_idx" ON "tasks" USING gin ("project_id","search");
