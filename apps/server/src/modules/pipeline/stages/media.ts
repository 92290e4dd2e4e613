import { createWriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline as pipeStreams } from 'node:stream/promises';
import { chatMetrics, countCharacters } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import pLimit, { type LimitFunction } from 'p-limit';
import { mediaFiles } from '../../../db/schema/index.ts';
import { type PreparedAudio, prepareAudio } from '../../../media/audio.ts';
import { MediaError } from '../../../media/ffmpeg.ts';
import {
  conversationText,
  MAX_TEXT_BYTES,
  parseTextConversation,
  TEXT_ERRORS,
} from '../../../media/text-conversation.ts';
import { isAudio, PROGRESS, saveState, setStage, type TaskRun, type WorkFiles } from '../task-run.ts';
import { makeTaskFolder } from '../work-folders.ts';

/**
 * Stores the facts of the file: the decoded recording's length and layout, or the conversation's text
 * with its messages kept as the transcript (what the page shows) and their metrics.
 */
export async function mediaStage(run: TaskRun): Promise<void> {
  if (run.state.media) return;
  await setStage(run, 'media', PROGRESS.media);
  if (!isAudio(run)) {
    const raw = await readText(run);
    const segments = parseTextConversation(raw, run.media.fileName);
    const text = conversationText(segments);
    await saveState(
      run,
      { media: { kind: 'text', characters: countCharacters(text), messages: segments.length } },
      { transcript: segments, transcriptText: text, metrics: chatMetrics(segments) },
    );
  } else {
    const audio = await ensureAudio(run);
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

/** The decoded recording of this run (decoded again after a restart: the decode is a cache). */
export async function ensureAudio(run: TaskRun): Promise<PreparedAudio> {
  if (run.work.audio) return run.work.audio;
  const dir = await tempDir(run);
  const extension = (path
    .extname(run.media.fileName)
    .toLowerCase()
    .match(/^\.[a-z0-9]{1,8}$/) ?? [''])[0];
  const input = path.join(dir, `input${extension}`);
  const source: Readable = await run.storage.get(run.media.storageKey);
  await pipeStreams(source, createWriteStream(input));
  run.work.audio = await cpuSlots(run.ctx.config.mediaConcurrency)(() =>
    prepareAudio(input, dir, { ffmpegPath: run.ctx.config.ffmpegPath, signal: run.options.signal }),
  );
  return run.work.audio;
}

/**
 * Decoding (ffmpeg) and the sample work after it use the CPU while every other stage waits on the network:
 * at most MEDIA_CONCURRENCY of them run at once in a process, however many tasks it works on.
 */
const limiters = new Map<number, LimitFunction>();
function cpuSlots(concurrency: number): LimitFunction {
  let slots = limiters.get(concurrency);
  if (!slots) {
    slots = pLimit(concurrency);
    limiters.set(concurrency, slots);
  }
  return slots;
}

export async function tempDir(run: TaskRun): Promise<string> {
  run.work.dir ??= await makeTaskFolder(run.ctx.config.dataDir, run.taskId);
  return run.work.dir;
}

export async function removeWorkFiles(work: WorkFiles): Promise<void> {
  if (work.dir) await rm(work.dir, { recursive: true, force: true }).catch(() => {});
}
