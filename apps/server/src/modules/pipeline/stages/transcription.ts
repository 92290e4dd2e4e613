import {
  conversationMetrics,
  type TranscriptionChoice,
  taskError,
  transcriptToText,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { TranscribedSegment } from '../../../ai/transcriber.ts';
import { createTranscriber } from '../../../ai/transcription.ts';
import { effectiveTranscription } from '../../../ai/transcription-catalog.ts';
import type { AppContext } from '../../../context.ts';
import { projects } from '../../../db/schema/index.ts';
import { type AudioPiece, type AudioTrack, encodePieces } from '../../../media/pieces.ts';
import { audioSpans, wordTimings } from '../../privacy/audio-spans.ts';
import { redactSegmentsOffLoop } from '../../privacy/redact-off-loop.ts';
import type { PromptSnapshot } from '../analysis.ts';
import { PipelineFailure } from '../failures.ts';
import { audioFacts, type StoredSegment, type TranscriptionProgress } from '../state.ts';
import { isAudio, notifyRun, PROGRESS, saveState, setStage, type TaskRun } from '../task-run.ts';
import { cpuSlot, ensureInput, tempDir } from './media.ts';
import { modelTranslates, translateSegments } from './translation.ts';

/** What the stored pieces were transcribed with: pieces of other settings are transcribed again. */
const SETTINGS = ['provider', 'model', 'task', 'language', 'chunkSeconds'] as const;

/**
 * Transcribes the recording in pieces, storing each piece as it arrives (a re-run with the same settings
 * sends only the missing ones), translates it with the prompt's model when that keeps the speakers
 * (stages/translation.ts), then stores the whole transcript and its metrics.
 */
export async function transcriptionStage(run: TaskRun, prompt: PromptSnapshot): Promise<void> {
  if (!isAudio(run) || run.task.transcript !== null) return;
  await setStage(run, 'transcription', PROGRESS.transcription);
  const transcriber = (run.deps.transcriber ?? createTranscriber)(run.ctx, run.transcription);
  const chunkSeconds = run.ctx.config.transcription.chunkSeconds;
  const translate = modelTranslates(run, prompt);
  const audioTask = translate ? 'transcribe' : prompt.transcriptionTask;
  const settings: Pick<TranscriptionProgress, (typeof SETTINGS)[number]> = {
    provider: transcriber.provider,
    model: transcriber.model,
    task: audioTask,
    language: prompt.transcriptionLanguage,
    chunkSeconds,
  };
  const previous = run.state.transcription;
  const same = previous && SETTINGS.every((key) => previous[key] === settings[key]);
  const progress = { ...settings, pieces: same ? { ...previous.pieces } : {} };

  const audio = audioFacts(run.state);
  const input = await ensureInput(run);
  const dir = await tempDir(run);
  const { ffmpegPath } = run.ctx.config;
  const tracks = await cpuSlot(run, () =>
    encodePieces(input, audio, chunkSeconds, dir, {
      ffmpegPath,
      signal: run.options.signal,
    }),
  );
  const total = tracks.reduce((sum, t) => sum + t.pieces.length, 0);
  let done = Object.keys(progress.pieces).length;
  // Pieces go to the provider side by side (each waits for its turn within the provider's limit); each is
  // stored as it arrives, one write after the other so that a later write never holds fewer pieces.
  const slots = pLimit(run.ctx.config.transcription.parallelPieces);
  let saved = Promise.resolve();
  // The first piece that fails stops the others: the queued ones are never sent, the ones under way finish
  // (aborting a request whose answer is arriving can throw inside Node's fetch, uncaught, and end the
  // process); the stage fails with that first error once every piece has stopped.
  const signal = run.options.signal;
  const redacting = run.privacy.redaction_enabled;
  let firstError: unknown = null;
  const transcribePiece = async (track: AudioTrack, piece: AudioPiece, index: number, key: string) => {
    const result = await transcriber.transcribe(piece.path, {
      task: audioTask,
      language: prompt.transcriptionLanguage,
      prompt: prompt.transcribeInstructions,
      diarize: track.speaker === null,
      words: redacting,
      redact: redacting,
      signal,
    });
    const shift = (seconds: number) => round3(seconds + piece.offsetSeconds);
    progress.pieces[key] = {
      language: result.language,
      segments: result.segments.map(({ words, ...segment }) => ({
        ...segment,
        start: shift(segment.start),
        end: shift(segment.end),
        speaker: track.speaker ?? pieceSpeaker(segment.speaker, index),
        ...(track.channel !== null && { channel: track.channel }),
        // Only the redaction of the recording reads the words: packed, and gone with the pieces.
        ...(redacting &&
          words && {
            timings: wordTimings(
              segment.text,
              words.map((word) => ({ ...word, start: shift(word.start), end: shift(word.end) })),
            ),
          }),
      })),
    };
    done += 1;
    const share = PROGRESS.analysis - PROGRESS.transcription;
    const progressNow = PROGRESS.transcription + Math.floor((share * done) / total);
    const pieces = { ...progress.pieces };
    saved = saved.then(async () => {
      await saveState(run, { transcription: { ...progress, pieces } }, { progress: progressNow });
      await notifyRun(run);
    });
    await saved;
  };
  const missing = tracks.flatMap((track, t) =>
    track.pieces.flatMap((piece, p) =>
      progress.pieces[`${t}:${p}`] ? [] : [{ track, piece, index: p, key: `${t}:${p}` }],
    ),
  );
  await Promise.all(
    missing.map(({ track, piece, index, key }) =>
      slots(async () => {
        if (firstError !== null) return;
        await transcribePiece(track, piece, index, key).catch((error: unknown) => {
          firstError ??= error;
        });
      }),
    ),
  );
  if (firstError !== null) throw firstError;

  const timed: Array<StoredSegment & { channel?: number }> = tracks
    .flatMap((t, index) => t.pieces.flatMap((_, p) => progress.pieces[`${index}:${p}`]?.segments ?? []))
    .sort((a, b) => a.start - b.start || a.end - b.end);
  if (timed.length === 0) throw new PipelineFailure(taskError('no_speech'));
  const transcribed: Array<TranscribedSegment & { channel?: number }> = timed.map(
    ({ timings: _, ...segment }) => segment,
  );
  // Redacted before anything else reads it: the translation is the first prompt built from it.
  const language = Object.values(progress.pieces).find((piece) => piece.language)?.language ?? null;
  const serviceRedacts = transcriber.provider === 'deepgram' || transcriber.provider === 'assemblyai';
  const redacted = await redactSegmentsOffLoop(transcribed, run.privacy, {
    details: { metadata: run.task.metadata, fileName: run.media.fileName },
    language,
    serviceRedacted: redacting && serviceRedacts,
  });
  const segments = translate ? await translateSegments(run, prompt, redacted.segments) : redacted.segments;
  const durationSeconds = audio.durationMs / 1000;
  // Where the recording is toned (stages/audio-redaction.ts), stored with the transcript.
  const toned = audioSpans(timed, redacted.spans, durationSeconds);
  await saveState(
    run,
    {
      transcription: {
        ...settings,
        ...(translate && { translatedBy: 'model' as const }),
        detectedLanguage: language,
        pieces: {},
      },
      ...(toned.length > 0 && { audioRedaction: { spans: toned } }),
      ...(redacted.details && { details: redacted.details }),
    },
    {
      transcript: segments,
      transcriptText: transcriptToText(segments),
      transcriptOriginal: redacted.original,
      metrics: conversationMetrics(segments, durationSeconds),
    },
  );
  await run.deps.afterStage?.('transcription', run.taskId);
}

/** The project's transcription provider and model, else the server's default. */
export async function projectTranscription(
  ctx: Pick<AppContext, 'db' | 'config'>,
  projectId: number,
): Promise<TranscriptionChoice> {
  const [row] = await ctx.db
    .select({
      transcriptionProvider: projects.transcriptionProvider,
      transcriptionModel: projects.transcriptionModel,
    })
    .from(projects)
    .where(eq(projects.id, projectId));
  return effectiveTranscription(ctx.config, row ?? { transcriptionProvider: null, transcriptionModel: null });
}

/**
 * A diarized speaker's label. Each piece of a long recording is diarized on its own, so its 'A' need not be
 * the first piece's 'A': later pieces keep their labels apart ('Speaker A (part 2)'), and the analysis model,
 * which names every label's role, tells who is who.
 */
function pieceSpeaker(label: string | null, index: number): string | null {
  if (!label) return null;
  return index === 0 ? `Speaker ${label}` : `Speaker ${label} (part ${index + 1})`;
}

const round3 = (value: number) => Math.round(value * 1000) / 1000;
