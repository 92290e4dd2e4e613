import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline as pipeStreams } from 'node:stream/promises';
import { chatMetrics, countCharacters } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import { mediaFiles } from '../../../db/schema/index.ts';
import { LengthLimitReached, type MeasuredAudio, measureAudio } from '../../../media/audio.ts';
import { MediaError } from '../../../media/ffmpeg.ts';
import { probeMedia } from '../../../media/probe.ts';
import { SAMPLE_RATE } from '../../../media/samples.ts';
import {
  conversationText,
  MAX_TEXT_BYTES,
  readTextConversation,
  TEXT_ERRORS,
} from '../../../media/text-conversation.ts';
import { redactSegmentsOffLoop } from '../../privacy/redact-off-loop.ts';
import { dateByConversation } from '../../tasks/conversation-time.ts';
import type { PromptSnapshot } from '../analysis.ts';
import { isAudio, PROGRESS, saveState, setStage, type TaskRun, type WorkFiles } from '../task-run.ts';
import { makeTaskFolder } from '../work-folders.ts';
import { affordableAudioSeconds, holdAudioLength, tooLongToPay } from './hold.ts';

/**
 * Stores the facts of the file: the decoded recording's length and layout, or the conversation's text
 * with its messages kept as the transcript (what the page shows) and their metrics.
 */
export async function mediaStage(run: TaskRun, prompt: PromptSnapshot): Promise<void> {
  if (run.state.media) return;
  await setStage(run, 'media', PROGRESS.media);
  if (!isAudio(run)) {
    const raw = await readText(run);
    const parsed = readTextConversation(raw, run.media.fileName);
    if (parsed.startedAt) await dateByConversation(run.ctx.db, run.task, parsed.startedAt);
    // The chat is billed as uploaded, and stored (and analysed) as redacted.
    const characters = countCharacters(conversationText(parsed.segments));
    const { segments, original, details } = await redactSegmentsOffLoop(parsed.segments, run.privacy, {
      details: { metadata: run.task.metadata, fileName: run.media.fileName },
      authors: true,
    });
    await saveState(
      run,
      { media: { kind: 'text', characters, messages: segments.length }, ...(details && { details }) },
      {
        transcript: segments,
        transcriptText: conversationText(segments),
        transcriptOriginal: original,
        metrics: chatMetrics(segments),
      },
    );
  } else {
    const audio = await measureRecording(run, prompt);
    await run.ctx.db
      .update(mediaFiles)
      .set({ durationMs: audio.durationMs, channels: audio.channels })
      .where(eq(mediaFiles.id, run.media.id));
    await saveState(run, {
      media: {
        kind: 'audio',
        durationMs: audio.durationMs,
        frames: audio.frames,
        sampleRate: audio.sampleRate,
        channels: audio.channels,
        layout: audio.layout,
      },
    });
  }
  await run.deps.afterStage?.('media', run.taskId);
}

/**
 * The recording's length and layout from its decoded samples, at no more cost than the project can pay
 * for: the length its header claims is priced and held first (a project that cannot pay fails here, before
 * any decoding), then at most what the balance covers, plus a second to tell a longer recording, is decoded.
 */
async function measureRecording(run: TaskRun, prompt: PromptSnapshot): Promise<MeasuredAudio> {
  const input = await ensureInput(run);
  const { ffmpegPath, ffprobePath } = run.ctx.config;
  const signal = run.options.signal;
  const probe = await probeMedia(input, { ffprobePath, signal });
  if (probe.durationSeconds !== null) await holdAudioLength(run, prompt, probe.durationSeconds);
  const affordable = await affordableAudioSeconds(run, prompt);
  const maxFrames = affordable === null ? undefined : (affordable + 1) * SAMPLE_RATE;
  try {
    return await cpuSlot(run, () =>
      measureAudio(input, probe.channels === 1 ? 1 : 2, { ffmpegPath, signal, maxFrames }),
    );
  } catch (error) {
    if (!(error instanceof LengthLimitReached)) throw error;
    throw tooLongToPay(run, prompt, Math.max(error.seconds, probe.durationSeconds ?? 0));
  }
}

async function readText(run: TaskRun): Promise<string> {
  const stream = await run.storage.get(run.media.storageKey);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_TEXT_BYTES) {
      stream.destroy();
      throw new MediaError(TEXT_ERRORS.tooLarge);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * The stored file, copied into the run's work folder once (mp4/m4a keep their index at the end, so ffmpeg
 * cannot read them from a pipe); copied again after a restart.
 */
export async function ensureInput(run: TaskRun): Promise<string> {
  if (run.work.input) return run.work.input;
  const extension = (path
    .extname(run.media.fileName)
    .toLowerCase()
    .match(/^\.[a-z0-9]{1,8}$/) ?? [''])[0];
  const input = path.join(await tempDir(run), `input${extension}`);
  const source: Readable = await run.storage.get(run.media.storageKey);
  await pipeStreams(source, createWriteStream(input));
  run.work.input = input;
  return input;
}

/**
 * Decoding and encoding (ffmpeg) and the sample work use the CPU while every other stage waits on the
 * network: at most MEDIA_CONCURRENCY of them run at once in a process, however many tasks it works on.
 */
const limiters = new Map<number, LimitFunction>();
export function cpuSlot<T>(run: TaskRun, work: () => Promise<T>): Promise<T> {
  const concurrency = run.ctx.config.mediaConcurrency;
  let slots = limiters.get(concurrency);
  if (!slots) {
    slots = pLimit(concurrency);
    limiters.set(concurrency, slots);
  }
  return slots(work);
}

export async function tempDir(run: TaskRun): Promise<string> {
  run.work.dir ??= await makeTaskFolder(run.ctx.config.dataDir, run.taskId);
  return run.work.dir;
}

export async function removeWorkFiles(work: WorkFiles): Promise<void> {
  if (work.dir) await rm(work.dir, { recursive: true, force: true }).catch(() => {});
}
