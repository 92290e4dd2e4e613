import { z } from 'zod';
import { aiFailed, generateStructured } from '../../../ai/generate.ts';
import type { TranscribedSegment } from '../../../ai/transcriber.ts';
import { transcriptionDiarizes } from '../../../ai/transcription-catalog.ts';
import { hasSharedTrack } from '../../../media/pieces.ts';
import type { PromptSnapshot } from '../analysis.ts';
import { modelMaxTokens } from '../analysis-request.ts';
import { isAudio, type TaskRun } from '../task-run.ts';

/**
 * Whether the prompt's model translates the transcript into English: the prompt asks for English and the
 * recording's speakers come from diarization, which audio translation (Whisper's, the only one the
 * providers offer) would lose. Such a recording is transcribed by speaker in its own language first. Until
 * the transcript is stored this is what will be done (a recording not yet measured counts as mono); after,
 * what was done.
 */
export function modelTranslates(run: TaskRun, prompt: PromptSnapshot): boolean {
  if (!isAudio(run)) return false;
  if (run.task.transcript !== null) return run.state.transcription?.translatedBy === 'model';
  const media = run.state.media;
  const shared = media?.kind !== 'audio' || hasSharedTrack(media.layout);
  return (
    prompt.transcriptionTask === 'translate' &&
    shared &&
    transcriptionDiarizes(run.ctx.config, run.transcription)
  );
}

const Translation = z.object({
  segments: z.array(z.object({ n: z.number().int(), text: z.string() })),
});

const INSTRUCTIONS = [
  'You translate the transcript of a conversation into English.',
  'Each line is one numbered segment: "n. [speaker] text".',
  'Answer every segment with its number and its text in English, without the speaker: keep what was said',
  'and how, do not merge, split, shorten or leave out segments. Text already in English stays as it is.',
].join(' ');

/** Room for each segment's number and syntax beside its text, and for the answer's frame. */
const TOKENS_PER_SEGMENT = 16;
const ANSWER_FRAME_TOKENS = 256;

/**
 * The segments in English, in one structured call to the prompt's model over the numbered segments:
 * speakers and times stay as transcribed. An answer that leaves a segment out does not fit (retried).
 */
export async function translateSegments<T extends TranscribedSegment>(
  run: TaskRun,
  prompt: PromptSnapshot,
  segments: T[],
): Promise<T[]> {
  const lines = segments.map(
    (segment, index) =>
      `${index + 1}. [${segment.speaker ?? 'Unknown'}] ${segment.text.replace(/\s+/g, ' ')}`,
  );
  const guidance = prompt.transcribeInstructions.trim();
  const characters = segments.reduce((sum, segment) => sum + segment.text.length, 0);
  const answer = await generateStructured(run.ctx, {
    purpose: 'translation',
    projectId: run.task.projectId,
    userId: run.task.createdBy,
    signal: run.options.signal,
    provider: prompt.provider,
    model: prompt.model,
    schema: Translation,
    instructions: INSTRUCTIONS,
    cachePrefix: true,
    prompt: [guidance && `Names and terms: ${guidance}`, lines.join('\n')].filter(Boolean).join('\n\n'),
    // About a token for every 2 characters of translated text (generous for most languages).
    maxOutputTokens: Math.min(
      Math.ceil(characters / 2) + segments.length * TOKENS_PER_SEGMENT + ANSWER_FRAME_TOKENS,
      modelMaxTokens(run.ctx.config, prompt),
    ),
  });
  const texts = new Map(answer.segments.map((segment) => [segment.n, segment.text.trim()]));
  return segments.map((segment, index) => {
    const text = texts.get(index + 1);
    if (!text) throw aiFailed(`The translation left out segment ${index + 1} of ${segments.length}.`);
    return { ...segment, text };
  });
}
