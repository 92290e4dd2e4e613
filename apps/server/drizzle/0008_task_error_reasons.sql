ALTER TABLE "tasks" ADD COLUMN "error_reason" jsonb;--> statement-breakpoint
-- Task reasons become codes with parameters (contracts analyses/task-errors.ts): each English text the server
-- wrote maps to its code, its parameters taken from the text (the first pattern that matches); any other text
-- is kept as the message of the code 'other'.
CREATE TEMPORARY TABLE "task_error_patterns" ("ord" int, "code" text, "pattern" text, "names" text[], "numbers" text[]);--> statement-breakpoint
INSERT INTO "task_error_patterns" VALUES
  (1, 'prompt_missing', '^The prompt of this task no longer exists\. Reanalyse the file with another prompt\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (2, 'media_missing', '^The stored file of this task is missing\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (3, 'no_speech', '^No speech was found in the recording\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (4, 'no_funds', '^Insufficient funds: the project''s unit bundles and allowed balance are used up\. Add funds or buy units, then retry the task\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (5, 'insufficient_funds', '^Insufficient funds: this analysis needs (.+) units, more than the project''s unit bundles and allowed balance cover\. Add funds or buy units, then retry the task\.$', ARRAY['units']::text[], ARRAY[]::text[]),
  (6, 'classification_unanswered', '^The model did not choose one of the classification options\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (7, 'classification_target', '^The classification chose "(.*)", but that prompt no longer exists in this project\.$', ARRAY['name']::text[], ARRAY[]::text[]),
  (8, 'interrupted', '^The analysis was interrupted ([0-9]+) times? \(the worker stopped while working on it\) and was given up\. Retry the task\.$', ARRAY['count']::text[], ARRAY['count']::text[]),
  (9, 'unexpected', '^The analysis failed unexpectedly: (.*)$', ARRAY['message']::text[], ARRAY[]::text[]),
  (10, 'queue_failed', '^The analysis could not be queued\. Please retry it\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (11, 'blacklisted', '^skipped: blacklisted$', ARRAY[]::text[], ARRAY[]::text[]),
  (12, 'media_undecodable', '^The file could not be decoded as audio or video: it is damaged, incomplete or not a media file\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (13, 'media_undecodable_detail', '^The file could not be decoded as audio or video: it is damaged, incomplete or not a media file \(ffmpeg: (.*)\)\.$', ARRAY['detail']::text[], ARRAY[]::text[]),
  (14, 'media_no_audio', '^The file has no audio track\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (15, 'media_empty', '^The file contains no audio \(0 seconds after decoding\)\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (16, 'media_silent', '^The recording is silent: there is nothing to transcribe\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (17, 'ffmpeg_missing', '^ffmpeg was not found \((.*)\)\. Install ffmpeg \(Debian package ffmpeg\) or set FFMPEG_PATH on the server\.$', ARRAY['path']::text[], ARRAY[]::text[]),
  (18, 'ffmpeg_timeout', '^Decoding the file took longer than ([0-9]+) seconds\.$', ARRAY['seconds']::text[], ARRAY['seconds']::text[]),
  (19, 'text_empty', '^The conversation has no text to analyse\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (20, 'text_too_large', '^The text file is larger than ([0-9]+) MB\.$', ARRAY['megabytes']::text[], ARRAY['megabytes']::text[]),
  (21, 'text_bad_json', '^The JSON file is not a chat export: expected an array of messages like \{"speaker": "Ann", "text": "Hello", "time": 0\}\.$', ARRAY[]::text[], ARRAY[]::text[]),
  (22, 'transcription_unavailable', '^Transcription uses (.+) \(TRANSCRIPTION_PROVIDER\), which is not configured on this server\. Set (\S+) in the server environment\.$', ARRAY['provider', 'variable']::text[], ARRAY[]::text[]),
  (23, 'provider_unavailable', '^(.+) is not configured on this server\. Set (\S+) in the server environment\.$', ARRAY['provider', 'variable']::text[], ARRAY[]::text[]);--> statement-breakpoint
UPDATE "tasks" SET "error_reason" = coalesce(
  (
    SELECT jsonb_build_object(
      'code', p."code",
      'params', coalesce(
        (
          SELECT jsonb_object_agg(n.name, CASE WHEN n.name = ANY (p."numbers") THEN to_jsonb(m[n.i]::int) ELSE to_jsonb(m[n.i]) END)
          FROM unnest(p."names") WITH ORDINALITY AS n(name, i)
        ),
        '{}'::jsonb
      )
    )
    FROM "task_error_patterns" p, regexp_match("tasks"."error", p."pattern") AS m
    WHERE m IS NOT NULL
    ORDER BY p."ord"
    LIMIT 1
  ),
  jsonb_build_object('code', 'other', 'params', jsonb_build_object('message', "tasks"."error"))
)
WHERE "error" IS NOT NULL;--> statement-breakpoint
DROP TABLE "task_error_patterns";--> statement-breakpoint
ALTER TABLE "tasks" DROP COLUMN "error";