-- The `unsure` sampling rule (issue 35 part 4): the fields the model said it was unsure of, kept beside the
-- result (analyses completed before stay null), an index of a project's analyses with any, and a rule's field.
ALTER TABLE "tasks" ADD COLUMN "unsure_paths" text[];--> statement-breakpoint
ALTER TABLE "sampling_rules" ADD COLUMN "field_path" text;--> statement-breakpoint
CREATE INDEX "tasks_unsure_idx" ON "tasks" USING btree ("project_id","completed_at") WHERE cardinality("tasks"."unsure_paths") > 0;
