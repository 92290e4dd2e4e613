-- Attempts of background jobs that change a row only while the row is still theirs (issue 37: a worker cut off
-- mid-job may come back and finish an attempt another worker took over).
-- The attempt that claimed a webhook delivery: each claim writes a new id, and an attempt records its outcome
-- only while the delivery is still pending under that id.
ALTER TABLE "webhook_deliveries" ADD COLUMN "attempt_id" uuid;--> statement-breakpoint
-- The Drive sync run that took a file: only it settles the file, and a file a run took and left open (the run
-- ended without it: its worker stopped) is taken again by the next sync.
ALTER TABLE "drive_files" ADD COLUMN "run_id" integer;--> statement-breakpoint
ALTER TABLE "drive_files" ADD CONSTRAINT "drive_files_run_id_drive_sync_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."drive_sync_runs"("id") ON DELETE set null ON UPDATE no action;
