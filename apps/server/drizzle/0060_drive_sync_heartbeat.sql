-- A running Drive sync's sign of life (issue 37): refreshed every 15 s while it runs, so a sync whose worker
-- stopped or was cut off is taken over a minute later instead of an hour. Null while a claimed sync waits for
-- its job to start (such a claim keeps the hour), and for claims made before this column existed.
ALTER TABLE "drive_integrations" ADD COLUMN "sync_heartbeat_at" timestamp with time zone;
