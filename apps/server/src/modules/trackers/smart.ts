import { momentText, readTranscript, TRACKERS, type TrackerMoment } from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { trackers } from '../../db/schema/index.ts';
import { type AnalysisTranscript, type HitRow, roleReader } from './matching.ts';

/**
 * Smart trackers: statements the analysis model answers, said or not, with a quote. The analysis asks them in its
 * one structured call (pipeline/analysis.ts: an object under SMART_TRACKERS_KEY beside the scorecard's fields,
 * never part of its values or score); the answers are kept in the task's pipeline state until the analysis
 * completes, when hits.ts turns those that were said into hits, the quote located in the transcript. The priced
 * run over past analyses (smart-apply.ts) asks one statement per call with the same answer shape.
 */

/** The answer's key of the trackers' object (a prompt with a top-level field of this key is not asked them). */
export const SMART_TRACKERS_KEY = 'smart_trackers';

export interface SmartTracker {
  id: number;
  statement: string;
}

/** One statement's answer: whether it was said, and the passage that says it. */
export const SmartAnswer = z.object({
  said: z.boolean(),
  quote: z.string().nullable(),
});
export type SmartAnswer = z.infer<typeof SmartAnswer>;
/** The answers an analysis stored, by tracker id. */
export type SmartAnswers = Record<string, SmartAnswer>;

const answerKey = (tracker: SmartTracker) => `t${tracker.id}`;

/** The project's smart trackers, by id. */
export async function projectSmartTrackers(db: Executor, projectId: number): Promise<SmartTracker[]> {
  const rows = await db
    .select({ id: trackers.id, statement: trackers.statement })
    .from(trackers)
    .where(and(eq(trackers.projectId, projectId), eq(trackers.kind, 'smart')))
    .orderBy(asc(trackers.id));
  return rows.flatMap((row) => (row.statement ? [{ id: row.id, statement: row.statement }] : []));
}

const statementAnswer = (statement: string) =>
  SmartAnswer.describe(
    `Statement: "${statement}". said: true when the conversation shows it; quote: the passage of the transcript, word for word, that shows it (without its [..s] time and speaker label), null when not said.`,
  );

/** The schema of the trackers' object: one answer per tracker, keyed t<id>. */
export function smartTrackersSchema(list: readonly SmartTracker[]) {
  return z
    .object(
      Object.fromEntries(list.map((tracker) => [answerKey(tracker), statementAnswer(tracker.statement)])),
    )
    .describe(
      'Trackers, apart from the scorecard: for each statement, whether the conversation shows it, with the quote.',
    );
}

/** The instruction that goes with the trackers' object (the analysis's system instructions end with it). */
export const SMART_TRACKERS_INSTRUCTION = `Also answer the statements under "${SMART_TRACKERS_KEY}": they do not count in the scorecard. Answer said true only when the conversation clearly shows the statement.`;

/** The schema of a single statement's call (the priced run over past analyses). */
export const singleStatementSchema = (statement: string) => statementAnswer(statement);

/** The answers a model gave, by tracker id, leniently: a missing or malformed answer is "not said". */
export function readSmartAnswers(answer: unknown, list: readonly SmartTracker[]): SmartAnswers {
  const object = answer && typeof answer === 'object' ? (answer as Record<string, unknown>) : {};
  return Object.fromEntries(
    list.map((tracker) => {
      const parsed = SmartAnswer.safeParse(object[answerKey(tracker)]);
      return [String(tracker.id), parsed.success ? parsed.data : { said: false, quote: null }];
    }),
  );
}

/** Lower-cased letters and digits, everything else one space: how a quote and a piece are compared. */
const normalized = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A quote without the "[12.5s] Speaker A:" a model may copy from the transcript's lines. */
const withoutLinePrefix = (quote: string) =>
  quote.replace(/^\s*\[[^\]]*\]\s*/, '').replace(/^[^:\n]{1,40}:\s+/, '');

/**
 * The moment of a quote: the first piece of the transcript whose text contains it (compared normalized); a
 * quote found in no piece (the model paraphrased, or quoted across pieces) is a moment of its own text, segment null.
 */
export function quoteMoment(analysis: AnalysisTranscript, quote: string): TrackerMoment {
  const segments = readTranscript(analysis.transcript) ?? [];
  const roleOf = roleReader(analysis.speakerRoles);
  for (const wanted of [normalized(quote), normalized(withoutLinePrefix(quote))]) {
    if (!wanted) continue;
    const index = segments.findIndex((segment) => ` ${normalized(segment.text)} `.includes(` ${wanted} `));
    if (index === -1) continue;
    const segment = segments[index]!;
    const first = wanted.split(' ')[0]!;
    const at = Math.max(0, segment.text.toLowerCase().indexOf(first));
    return {
      segment: index,
      seconds: segment.start,
      role: roleOf(segment.speaker),
      text: momentText(segment.text, at),
    };
  }
  return { segment: null, seconds: null, role: null, text: quote.trim().slice(0, TRACKERS.momentTextMax) };
}

/** The hit of a smart tracker's answer: one moment (the quote) when it was said, none otherwise. */
export function smartHit(
  analysis: AnalysisTranscript,
  trackerId: number,
  answer: SmartAnswer,
): HitRow | null {
  if (!answer.said) return null;
  const quote = answer.quote?.trim();
  return {
    trackerId,
    taskId: analysis.id,
    projectId: analysis.projectId,
    hits: 1,
    moments: quote ? [quoteMoment(analysis, quote)] : [],
  };
}
