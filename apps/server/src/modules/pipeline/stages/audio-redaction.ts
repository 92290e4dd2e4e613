import { createReadStream } from 'node:fs';
import path from 'node:path';
import { taskError } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { mediaFiles } from '../../../db/schema/index.ts';
import { FfmpegFailure, lastLine, MediaError } from '../../../media/ffmpeg.ts';
import {
  REDACTED_AUDIO,
  REDACTED_VIDEO,
  type RedactedFormat,
  writeRedactedCopy,
} from '../../../media/redact-audio.ts';
import { storageOf } from '../../../storage/index.ts';
import { PipelineFailure } from '../failures.ts';
import { audioFacts } from '../state.ts';
import { isAudio, saveState, type TaskRun } from '../task-run.ts';
import { cpuSlot, ensureInput, tempDir } from './media.ts';

/**
 * With redaction on, the stored recording gets a 1 kHz tone wherever a redacted value was said (the spans the
 * transcription stage stored), and is stored as the task's media in its place: the analysis page plays it
 * through the usual media route. The recording as uploaded is deleted, or kept under its own key
 * (media_files.original_storage_key, never served by the media route) when the project keeps originals.
 *
 * Steps that may be repeated after a crash: the first run notes the uploaded file's key in the pipeline state,
 * so a resumed run that finds the media already replaced still deletes (or keeps) that one, and removes any
 * redacted copy a cut-off run left. A failure of ffmpeg fails the task with a reason that says so: the
 * analysis never goes on as if the recording had been redacted.
 */
export async function audioRedactionStage(run: TaskRun): Promise<void> {
  const step = run.state.audioRedaction;
  if (!isAudio(run) || !step || step.done || step.spans.length === 0) return;
  const original = step.original ?? run.media.storageKey;
  if (!step.original) await saveState(run, { audioRedaction: { ...step, original } });
  const keepOriginal = run.privacy.redaction_keep === 'redacted_and_original';

  const audio = audioFacts(run.state);
  const input = await ensureInput(run);
  const format: RedactedFormat = run.media.kind === 'video' ? REDACTED_VIDEO : REDACTED_AUDIO;
  const output = path.join(await tempDir(run), `redacted.${format.extension}`);
  const { ffmpegPath } = run.ctx.config;
  try {
    await cpuSlot(run, () =>
      writeRedactedCopy(
        input,
        output,
        step.spans,
        { channels: audio.channels, format },
        // As long as the recording itself, at least ten minutes: the work is many times faster than that.
        { ffmpegPath, signal: run.options.signal, timeoutMs: Math.max(600_000, audio.durationMs) },
      ),
    );
  } catch (error) {
    if (run.options.signal?.aborted) throw error;
    throw redactionFailure(error);
  }

  const storage = storageOf(run.ctx.config);
  const stored = await storage.put(createReadStream(output), {
    prefix: `projects/${run.task.projectId}`,
    extension: format.extension,
    contentType: format.contentType,
  });
  const previous = run.media.storageKey;
  const [media] = await run.ctx.db
    .update(mediaFiles)
    .set({
      storageKey: stored.key,
      contentType: format.contentType,
      sizeBytes: stored.size,
      redactedAt: new Date(),
      originalStorageKey: keepOriginal ? original : null,
    })
    .where(and(eq(mediaFiles.id, run.media.id), eq(mediaFiles.storageKey, previous)))
    .returning();
  if (!media) {
    // The media changed under the run (a new upload of the same file replaced it): the copy is not needed.
    await storage.remove(stored.key);
    throw new Error('The stored recording changed while it was being redacted');
  }
  run.media = media;
  // What later stages read of the recording (voice analysis) is the redacted copy.
  run.work.input = output;
  // A copy a cut-off run stored before, and the upload itself unless it is kept.
  if (previous !== original) await storage.remove(previous);
  if (!keepOriginal) await storage.remove(original);
  await saveState(run, { audioRedaction: { spans: step.spans, original, done: true } });
  run.ctx.logger.info(
    { taskId: run.taskId, spans: step.spans.length / 2, keptOriginal: keepOriginal },
    'Recording redacted',
  );
}

/** An ffmpeg failure as the reason a person reads; the analysis stops there. */
function redactionFailure(error: unknown): unknown {
  if (error instanceof MediaError) return error;
  if (!(error instanceof FfmpegFailure)) return error;
  const detail = lastLine(error.stderr) || `ffmpeg exited with ${error.code}`;
  return new PipelineFailure(taskError('redaction_failed', { detail }));
}
