import type { TranscribedSegment } from '../../ai/transcriber.ts';
import type { ChannelLayout } from '../../media/audio.ts';
import type { WordTimings } from '../privacy/audio-spans.ts';
import type { ConversationDetails } from '../privacy/conversation.ts';
import type { SmartAnswers } from '../trackers/smart.ts';
import type { PromptAnalysis } from './analysis.ts';

/**
 * What the pipeline has finished for a task (tasks.pipeline). Each stage stores its output here or in the
 * task's own columns before the next one starts, so a re-run (crash, retry) skips what is done:
 *
 * - media: facts of the decoded file (audio) or of the text conversation; the billable length.
 * - transcription: each transcribed piece as it arrives (a long recording is sent in pieces), so a
 *   re-run only sends the pieces still missing; cleared when tasks.transcript is written.
 * - classification: the classification step of a classification prompt and the prompt it chose (the
 *   chosen prompt as it runs is tasks.chosen_prompt_version_id).
 * - audioRedaction: where the recording is toned when the project redacts, and whether it is done.
 * - smartTrackers: the project's smart trackers as the analysis call answered them (by tracker id), turned into
 *   hits when the analysis completes (modules/trackers/hits.ts); not part of the result or its score.
 * - details: the metadata and file name the prompt includes, redacted with the transcript (a value both hold
 *   gets one placeholder) when the project redacts; stored metadata stays as uploaded.
 *
 * Finished stages are also visible in the task's columns: transcript (transcription), result
 * (analysis), lva (voice analysis), units_charged_milli and status completed (charge).
 */
export interface PipelineState {
  media?: AudioFacts | TextFacts;
  transcription?: TranscriptionProgress;
  classification?: ClassificationStep;
  audioRedaction?: AudioRedactionStep;
  details?: ConversationDetails;
  smartTrackers?: SmartAnswers;
}

/**
 * The recording's redaction (stages/audio-redaction.ts): stored with the redacted transcript, so that a run
 * that stops before the recording is rewritten does it when resumed.
 */
export interface AudioRedactionStep {
  /** Where the redacted values were said: [startMs, endMs, …] (modules/privacy/audio-spans.ts). */
  spans: number[];
  /** The storage key of the recording as uploaded, once the rewriting started (kept or deleted at the end). */
  original?: string;
  done?: boolean;
}

/** A transcribed segment as a piece keeps it: its words packed (privacy/audio-spans.ts), when timed. */
export type StoredSegment = Omit<TranscribedSegment, 'words'> & { timings?: WordTimings };

export interface AudioFacts {
  kind: 'audio';
  durationMs: number;
  /** Decoded samples per channel and their rate: the billable length, exactly. */
  frames: number;
  sampleRate: number;
  /** What the recording is decoded to: mono, or stereo (more channels are mixed down). */
  channels: 1 | 2;
  layout: ChannelLayout;
}

export interface TextFacts {
  kind: 'text';
  /** Characters of the conversation's text (what a text conversation is billed by). */
  characters: number;
  messages: number;
}

export interface TranscriptionProgress {
  provider: string;
  model: string;
  task: string;
  /** The prompt's transcription language ('auto' or a code). */
  language: string;
  chunkSeconds: number;
  /** Set when the prompt's model translated the transcript into English (stages/translation.ts). */
  translatedBy?: 'model';
  /** What the provider detected (set when the transcript is complete). */
  detectedLanguage?: string | null;
  /** Transcribed pieces by `${track}:${piece}`, with times already shifted to the whole recording. */
  pieces: Record<string, { language: string | null; segments: StoredSegment[] }>;
}

export interface ClassificationStep {
  analysis: PromptAnalysis;
  chosen: { promptId: string; promptName: string };
}

/** The decoded recording's facts, which the media stage stores before any stage that reads the recording. */
export function audioFacts(state: PipelineState): AudioFacts {
  if (state.media?.kind !== 'audio') throw new Error('The recording has not been decoded');
  return state.media;
}

export function pipelineState(value: unknown): PipelineState {
  return value && typeof value === 'object' ? (value as PipelineState) : {};
}
