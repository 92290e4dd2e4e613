import { z } from 'zod';
import {
  FIELD_TYPES,
  FINAL_SCORE_MODES,
  type FieldType,
  KnockoutAnswer,
  OK_VALUES,
  PromptField,
} from '../prompts/schema.ts';
import { LVA_OPTIONS } from '../prompts/units.ts';
import type { TranscriptSegment } from './detail.ts';

/**
 * What an analysis keeps in its task's JSON columns (tasks.result, tasks.transcript, tasks.lva; tasks.metrics
 * and tasks.speaker_roles are AnalysisMetrics and SpeakerRoles), and how values of any age are read back.
 *
 * Writers: the pipeline's analysis stage writes the result (values, evidence, score and a classification's
 * step), a correction rewrites its values and score, the transcription stage writes a recording's segments
 * and the media stage a chat's messages. Older rows hold older shapes: a result with its own copy of the
 * prompt, without a score, or only the values themselves; transcripts with times in milliseconds or under
 * `segments`. The readers below (readStoredResult, readTranscript) take them all to today's shape, so nothing
 * stored becomes unreadable.
 */

/** A value of one field, by the prompt field's type (output-schema.ts asks the model for these). */
export const TextValue = z.string(); // string, option ('Won'), classification (the chosen prompt's name)
export const OkValue = z.enum(OK_VALUES); // ok
export const NumberValue = z.number(); // int, float, marks
export const BoolValue = z.boolean(); // bool
export const ListValue = z.array(z.string()); // array

/**
 * Any stored field value: the types above, an object field's nested values, null (a computed Final Score
 * without a score, a correction's cleared value); older answers may hold lists of other values.
 */
export type ResultValue = string | number | boolean | null | ResultValue[] | { [key: string]: ResultValue };
export const ResultValue: z.ZodType<ResultValue> = z
  .lazy(() =>
    // null beside a type (OpenAPI 3.0 wants a type beside 'nullable', which a bare null has not)
    z.union([
      z.string().nullable(),
      z.number(),
      z.boolean(),
      z.array(ResultValue),
      z.record(z.string(), ResultValue),
    ]),
  )
  .meta({ id: 'ResultValue' });

/** Field values by key, nested for object fields ('Final Score' holds the computed score). */
export const ResultValues = z.record(z.string(), ResultValue);
export type ResultValues = z.infer<typeof ResultValues>;

/** The schema each field type's value has (object: its nested values). */
export const FIELD_VALUE_SCHEMAS: Record<FieldType, z.ZodType> = {
  string: TextValue,
  int: NumberValue.int(),
  float: NumberValue,
  array: ListValue,
  bool: BoolValue,
  ok: OkValue,
  option: TextValue,
  marks: NumberValue.int(),
  classification: TextValue,
  object: ResultValues,
};

/** An object field's values (a group), as opposed to a single value or a list. */
export const isValueGroup = (value: ResultValue | undefined): value is { [key: string]: ResultValue } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Why the model gave a field its value: one sentence and the transcript passage it rests on, and whether the
 * model was unsure of it.
 */
export const FieldEvidence = z.object({
  justification: z.string(),
  /** Verbatim from the transcript; empty when nothing in the conversation supports the value. */
  quote: z.string(),
  /** Where the quote starts, in seconds; null when unknown. */
  timestamp: z.number().nullable(),
  /** The conversation did not let the model answer with confidence (results stored before it: false). */
  unsure: z.boolean(),
});
export type FieldEvidence = z.output<typeof FieldEvidence>;
/** Dotted field path (keys never contain dots) to the evidence of that field. */
export const EvidenceMap = z.record(z.string(), FieldEvidence);
export type EvidenceMap = z.output<typeof EvidenceMap>;

/** One counted field of a final score (scoring.ts); path: dotted ('Discovery.Budget'). */
export const ScoredField = z.object({
  path: z.string(),
  type: z.enum(FIELD_TYPES),
  points: z.number(),
  /** null: the field has no natural maximum (int, float). */
  max: z.number().nullable(),
});
export type ScoredField = z.output<typeof ScoredField>;
/** A field that knocked the analysis out and the answer it gave (prompts/knockouts.ts); path: dotted. */
export const KnockoutResult = z.object({ path: z.string(), answer: KnockoutAnswer });
/** How the final score came about (scoring.ts FinalScore). */
export const FinalScoreResult = z.object({
  mode: z.enum(FINAL_SCORE_MODES),
  score: z.number().nullable(),
  sum: z.number(),
  maxBounded: z.number(),
  base: z.number().nullable(),
  fields: z.array(ScoredField),
  /** Absent in results scored before knockouts existed (none then). */
  knockouts: z.array(KnockoutResult).optional(),
  /** Only when knocked out: the mode's score without the knockouts. */
  scoreBeforeKnockouts: z.number().nullable().optional(),
});

/** A prompt by id and name. */
export const PromptRef = z.object({ id: z.number(), name: z.string() });

/** The prompt that answered, with the fields and scoring it had then. */
export const ResultPrompt = PromptRef.extend({
  content: z.array(PromptField).optional(),
  finalScore: z.enum(FINAL_SCORE_MODES).optional(),
  maxScore: z.number().nullable().optional(),
  knockoutCap: z.number().nullable().optional(),
});
export type ResultPrompt = z.output<typeof ResultPrompt>;

/** The choice a classification prompt made. */
export const ChosenPrompt = z.object({ promptId: z.string(), promptName: z.string() });

/** A classification prompt's own step, as stored (its prompt is the task's prompt version). */
export const StoredClassification = z.object({
  /** Dotted path of the classification field that chose. */
  field: z.string(),
  chosen: ChosenPrompt,
  values: ResultValues,
  evidence: EvidenceMap,
  /** Results stored before prompt versions kept the prompt here. */
  prompt: ResultPrompt.optional(),
});

/**
 * tasks.result: the answer without the prompts that gave it (the task's prompt version and, for a
 * classification, the version of the prompt it chose). Results stored before prompt versions keep their own
 * copy of the prompt; results stored before scores and evidence were kept have neither.
 */
export const StoredResult = z.object({
  values: ResultValues,
  evidence: EvidenceMap.optional(),
  score: FinalScoreResult.optional(),
  classification: StoredClassification.optional(),
  prompt: ResultPrompt.optional(),
});
export type StoredResult = z.output<typeof StoredResult>;

/** Any tasks.result: today's shape, or (the oldest results) the values themselves. */
export type StoredResultColumn = StoredResult | ResultValues;

/** The classification step as the detail answers it: with the prompt that classified. */
export const AnalysisClassification = StoredClassification.omit({ prompt: true }).extend({
  /** The task's prompt, with its fields and scoring then; absent when its version is unknown. */
  prompt: ResultPrompt.optional(),
});

/**
 * The result as the analysis detail answers it: the stored one read leniently (readStoredResult), with the
 * prompt that answered (a classification's chosen one) read from its version.
 */
export const AnalysisResult = z.object({
  /** The prompt that produced `values`; absent when unknown. */
  prompt: ResultPrompt.optional(),
  values: ResultValues,
  evidence: EvidenceMap,
  /** Absent for results stored before scores were (the page computes it from the prompt). */
  score: FinalScoreResult.optional(),
  classification: AnalysisClassification.optional(),
});
export type AnalysisResult = z.output<typeof AnalysisResult>;

export const LVA_STATUSES = ['completed', 'failed', 'not_configured', 'not_applicable'] as const;

/**
 * tasks.lva: the voice analysis (LVA) the pipeline's LVA stage stored for a prompt that asks for one, by its
 * status: completed (Emotion Logic's report as it came, with our request id), failed (the analysis completed
 * without it), not_configured (no Emotion Logic credentials) or not_applicable (a text conversation).
 */
export const StoredLva = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('completed'),
    option: z.enum(LVA_OPTIONS),
    provider: z.string(),
    requestId: z.string(),
    report: z.unknown(),
  }),
  z.object({ status: z.literal('failed'), option: z.enum(LVA_OPTIONS), error: z.string() }),
  z.object({ status: z.literal('not_configured'), option: z.enum(LVA_OPTIONS) }),
  z.object({ status: z.literal('not_applicable'), option: z.enum(LVA_OPTIONS), reason: z.string() }),
]);
export type StoredLva = z.output<typeof StoredLva>;

// Lenient readers: a part that does not have its shape is left out or read as empty, not the whole result.

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A name or id stored as text or a number, as text. */
const idText = z.union([z.string(), z.number().transform(String)]).catch('');

const LenientEvidence = z
  .record(
    z.string(),
    z
      .object({
        justification: z.string().catch(''),
        quote: z.string().catch(''),
        timestamp: z.number().nullable().catch(null),
        unsure: z.boolean().catch(false),
      })
      .nullable()
      .catch(null),
  )
  .catch({})
  .transform((map) =>
    Object.fromEntries(Object.entries(map).filter((entry): entry is [string, FieldEvidence] => !!entry[1])),
  );

const LenientScore = z
  .object({
    mode: z.enum(FINAL_SCORE_MODES),
    score: z.number().nullable().catch(null),
    sum: z.number().catch(0),
    maxBounded: z.number().catch(0),
    base: z.number().nullable().catch(null),
    fields: z
      .array(
        z
          .object({
            path: idText,
            type: z.enum(FIELD_TYPES),
            points: z.number().catch(0),
            max: z.number().nullable().catch(null),
          })
          .nullable()
          .catch(null),
      )
      .catch([])
      .transform((fields) => fields.filter((field) => field !== null)),
    knockouts: z
      .array(KnockoutResult.nullable().catch(null))
      .optional()
      .catch(undefined)
      .transform((knockouts) => knockouts?.filter((knockout) => knockout !== null)),
    scoreBeforeKnockouts: z.number().nullable().optional().catch(undefined),
  })
  .optional()
  .catch(undefined);

const LenientResultPrompt = z
  .object({
    id: z.coerce.number(),
    name: z.string().catch(''),
    content: z.array(PromptField).optional().catch(undefined),
    finalScore: z.enum(FINAL_SCORE_MODES).optional().catch(undefined),
    maxScore: z.number().nullable().optional().catch(undefined),
    knockoutCap: z.number().nullable().optional().catch(undefined),
  })
  .optional()
  .catch(undefined);

const LenientValues = z.record(z.string(), ResultValue.catch(null));

const LenientResult = z.object({
  values: LenientValues,
  evidence: LenientEvidence,
  score: LenientScore,
  classification: z
    .object({
      field: z.string().catch(''),
      chosen: z
        .object({ promptId: idText, promptName: z.string().catch('') })
        .catch({ promptId: '', promptName: '' }),
      values: LenientValues.catch({}),
      evidence: LenientEvidence,
      prompt: LenientResultPrompt,
    })
    .optional()
    .catch(undefined),
  prompt: LenientResultPrompt,
});

/**
 * A prompt's data as the analysis detail sends it (AnalysisPromptInfo): the version the analysis ran with
 * (the pipeline's snapshot) or the prompt as it is now (PromptData); what the page reads is typed, the rest
 * passes as it is.
 */
export const AnalysisPromptData = z.looseObject({
  scriptName: z.string().optional(),
  content: z.array(PromptField).optional(),
  finalScore: z.enum(FINAL_SCORE_MODES).optional(),
  maxScore: z.number().nullable().optional(),
  knockoutCap: z.number().nullable().optional(),
  isClassification: z.boolean().optional(),
});
export type AnalysisPromptData = z.output<typeof AnalysisPromptData>;

const LenientPromptData = z.looseObject({
  scriptName: z.string().optional().catch(undefined),
  content: z.array(PromptField).optional().catch(undefined),
  finalScore: z.enum(FINAL_SCORE_MODES).optional().catch(undefined),
  maxScore: z.number().nullable().optional().catch(undefined),
  knockoutCap: z.number().nullable().optional().catch(undefined),
  isClassification: z.boolean().optional().catch(undefined),
});

/** A prompt version's data of any age as AnalysisPromptData (a part of another shape is left out). */
export const readPromptData = (data: Record<string, unknown>): AnalysisPromptData =>
  LenientPromptData.parse(data);

/** Whether a stored result has today's shape (its values under `values`), not the oldest one. */
export const hasResultValues = (stored: unknown): stored is StoredResult =>
  isObject(stored) && isObject(stored.values);

/**
 * The prompt a prompt version's data describes (the pipeline's snapshot: id, scriptName, content, finalScore,
 * maxScore), as a result names it; undefined without an id.
 */
export const versionPrompt = (data: Record<string, unknown>): ResultPrompt | undefined =>
  LenientResultPrompt.parse({ ...data, name: data.scriptName });

/**
 * A stored result of any age in today's shape (prompt: the copy stored with it, if any): the oldest results,
 * the values themselves, become `values`; anything else that is not an object becomes `{ value }`.
 */
export function readStoredResult(stored: unknown): AnalysisResult | null {
  if (stored === null || stored === undefined) return null;
  const record = isObject(stored) ? stored : { value: stored };
  const parsed = LenientResult.safeParse(isObject(record.values) ? record : { values: record });
  return parsed.success ? parsed.data : null;
}

const LenientLva = z.object({
  status: z.enum(LVA_STATUSES),
  option: z.enum(LVA_OPTIONS),
  provider: z.string().optional().catch(undefined),
  requestId: z.string().optional().catch(undefined),
  report: z.unknown().optional(),
  error: z.string().optional().catch(undefined),
  reason: z.string().optional().catch(undefined),
});

/**
 * A stored voice analysis of any age with the fields of its status (a field of another shape is left out);
 * null without a status and an option it knows.
 */
export function readStoredLva(stored: unknown): z.output<typeof LenientLva> | null {
  return LenientLva.safeParse(stored).data ?? null;
}

/**
 * One piece of a stored transcript: a recording's segment (seconds, the provider's speaker label or the
 * channel's) or a chat's message (its time when known). Older transcripts hold times in milliseconds
 * (start_ms, startMs), named startSeconds, or a numbered speaker.
 */
export const StoredSegment = z.object({
  text: z.string(),
  start: z.number().nullable().optional(),
  end: z.number().nullable().optional(),
  speaker: z.union([z.string(), z.number()]).nullable().optional(),
  /** The stereo channel a segment was transcribed from (0 or 1), when it was. */
  channel: z.number().optional(),
  // Older transcripts' times.
  startSeconds: z.number().optional(),
  endSeconds: z.number().optional(),
  start_ms: z.number().optional(),
  end_ms: z.number().optional(),
  startMs: z.number().optional(),
  endMs: z.number().optional(),
});
export type StoredSegment = z.output<typeof StoredSegment>;

/** tasks.transcript: the segments, or (older) an object holding them. */
export type StoredTranscript = StoredSegment[] | { segments: StoredSegment[] };

function firstNumber(item: Record<string, unknown>, keys: string[], scale = 1): number | null {
  for (const key of keys) {
    const value = item[key];
    if (typeof value === 'number' && Number.isFinite(value)) return value / scale;
  }
  return null;
}

/**
 * The segments of a stored transcript of any age in seconds (a time that isn't there, as a chat message
 * without one, stays null; an end without a start's partner is the start); pieces without text are left out.
 */
export function readTranscript(stored: unknown): TranscriptSegment[] | null {
  const list = Array.isArray(stored)
    ? stored
    : isObject(stored) && Array.isArray(stored.segments)
      ? stored.segments
      : null;
  if (!list) return null;
  return list.flatMap((item: unknown): TranscriptSegment[] => {
    if (!isObject(item) || typeof item.text !== 'string') return [];
    const start =
      firstNumber(item, ['start', 'startSeconds']) ?? firstNumber(item, ['start_ms', 'startMs'], 1000);
    const end =
      firstNumber(item, ['end', 'endSeconds']) ?? firstNumber(item, ['end_ms', 'endMs'], 1000) ?? start;
    const speaker =
      typeof item.speaker === 'string'
        ? item.speaker
        : typeof item.speaker === 'number'
          ? String(item.speaker)
          : null;
    return [{ start, end, text: item.text, speaker }];
  });
}
