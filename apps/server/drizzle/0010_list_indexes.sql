-- btree_gin lets the search index lead with the project (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "tasks_search_idx";--> statement-breakpoint
CREATE INDEX "tasks_project_search_idx" ON "tasks" USING gin ("project_id","search");--> statement-breakpoint
CREATE INDEX "tasks_project_rep_idx" ON "tasks" USING btree ("project_id",lower("representative"),"created_at");--> statement-breakpoint
CREATE INDEX "tasks_project_dept_score_idx" ON "tasks" USING btree ("project_id",lower("department"),"final_score");