import { z } from 'zod';
import { FieldOutcomeSchema } from '../analytics/api.ts';
import { repeatedNames } from '../analytics/manager.ts';
import { Day, Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';
import { PROVIDERS } from '../prompts/models.ts';
import { SEARCH } from '../search/api.ts';
import { INSIGHT_LIMITS, INSIGHT_TEXTS, unquoteFieldPath } from './rules.ts';

const name = z.string().trim().min(1).max(200);
/** One name or many (spec 2 §3: department and representative, one or many). */
const oneOrMany = z
  .union([name, z.array(name).max(100)])
  .transform((value) => [...new Set(Array.isArray(value) ? value : [value])]);

/** An analysis field, quoted or as a dotted path; read as its dotted path. */
const analysisField = z
  .string()
  .max(1000)
  .transform((value, context) => {
    const path = unquoteFieldPath(value);
    if (path === null) context.addIssue({ code: 'custom', message: `Not an analysis field: ${value}` });
    return path ?? '';
  });

/**
 * An insight request (spec 2 §3): a question over the project's completed analyses, narrowed by departments,
 * representatives, a date range (days in the project's time zone), a prompt, and the analysis fields to look
 * at; answered by the provider and model chosen (default: the AI generation model).
 */
export const InsightRequest = z.object({
  /** Optional: when given it must be the project of the address. */
  project_id: Id.optional(),
  question: z.string().trim().min(1, INSIGHT_TEXTS.questionRequired).max(INSIGHT_LIMITS.questionMax),
  department: oneOrMany.optional(),
  representative: oneOrMany.optional(),
  analysis_fields: z.array(analysisField).max(INSIGHT_LIMITS.fields).default([]),
  start_date: Day.optional(),
  end_date: Day.optional(),
  prompt_id: Id.optional(),
  /**
   * A phrase to search the transcripts for (as the search page does): the conversations that hold it, newest
   * first, are handed to the model with the pieces that hold it, as moments it may cite (issue 38).
   */
  search: z.string().trim().min(1).max(SEARCH.queryMax).optional(),
  provider: z.enum(PROVIDERS).optional(),
  model: z.string().trim().min(1).max(200).optional(),
});
export type InsightRequest = z.infer<typeof InsightRequest>;
export type InsightRequestInput = z.input<typeof InsightRequest>;

/** The field-context panel's query: the insight's filters and the fields (repeated `field`). */
export const FieldContextQuery = z.object({
  field: z
    .union([z.string().max(1000), z.array(z.string().max(1000)).max(INSIGHT_LIMITS.fields)])
    .transform((value) => (Array.isArray(value) ? value : [value]))
    .pipe(z.array(analysisField).min(1).max(INSIGHT_LIMITS.fields)),
  department: repeatedNames.optional(),
  representative: repeatedNames.optional(),
  start_date: Day.optional(),
  end_date: Day.optional(),
  prompt_id: Id.optional(),
});
export type FieldContextQuery = z.infer<typeof FieldContextQuery>;

/** Field context for an insight (spec 2 §3): distinct values, the top 5 with counts, and how many more. */
export const FieldContext = z.object({
  /** Dotted path. */
  fieldName: z.string(),
  fieldData: z.object({
    totalUnique: z.number().int(),
    results: z.array(z.object({ value: z.string(), count: z.number().int() })),
    remainingCount: z.number().int(),
  }),
});
export type FieldContext = z.infer<typeof FieldContext>;
export const FieldContextResponse = z.object({ data: z.array(FieldContext) });

export const INSIGHT_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type InsightStatus = (typeof INSIGHT_STATUSES)[number];
/** Where a running insight is: gathering the figures, then waiting for the model's answer. */
export const INSIGHT_STAGES = ['queued', 'gathering', 'asking', 'done'] as const;
export type InsightStage = (typeof INSIGHT_STAGES)[number];

/** The filters an insight was asked with, as stored. */
export const InsightFilters = z.object({
  department: z.array(z.string()),
  representative: z.array(z.string()),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  prompt_id: z.number().int().nullable(),
  prompt_name: z.string().nullable(),
  /** Dotted paths. */
  analysis_fields: z.array(z.string()),
  /** The phrase the transcripts were searched for (null: none; insights asked before it existed have none). */
  search: z.string().nullable().default(null),
});
export type InsightFilters = z.infer<typeof InsightFilters>;

/**
 * A moment of a conversation that the model was shown: a tracker's hit or a search result, by its analysis and
 * the piece of the transcript (its index, as tracker moments and search snippets count them) with its time.
 */
export const InsightMoment = z.object({
  analysis_id: z.number().int(),
  segment: z.number().int(),
  /** Seconds from the start (null: a chat message without a time); the server sets it from what was shown. */
  seconds: z.number().nullable(),
});
export type InsightMoment = z.infer<typeof InsightMoment>;

/**
 * What a finding rests on: example analyses and moments in them (ids the server checked are among those the
 * model was shown), and the analyses list's filters that show all of them (within the insight's date range and
 * prompt).
 */
export const InsightCitation = z.object({
  label: z.string(),
  analysis_ids: z.array(z.number().int()),
  representative: z.string().nullable(),
  department: z.string().nullable(),
  /** Dotted path of a field, with an outcome for yes/no items ('missed': the analyses that missed it). */
  field: z.string().nullable(),
  field_outcome: FieldOutcomeSchema.nullable(),
  /** The moments it rests on (none in answers given before moments existed). */
  moments: z.array(InsightMoment).default([]),
});
export type InsightCitation = z.infer<typeof InsightCitation>;

export const InsightFinding = z.object({
  title: z.string(),
  detail: z.string(),
  /** The figures it cites ('Pass rate of Discovery - Budget', '42 %'). */
  figures: z.array(z.object({ label: z.string(), value: z.string() })),
  citations: z.array(InsightCitation),
});
export type InsightFinding = z.infer<typeof InsightFinding>;

export const InsightAnswer = z.object({
  /** The short answer to the question. */
  summary: z.string(),
  findings: z.array(InsightFinding),
  actions: z.array(z.object({ title: z.string(), detail: z.string() })),
});
export type InsightAnswer = z.infer<typeof InsightAnswer>;

export const InsightSummary = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  question: z.string(),
  filters: InsightFilters,
  provider: z.enum(PROVIDERS),
  model: z.string(),
  /** The model's display name in the catalog (else the model id). */
  model_name: z.string(),
  status: z.enum(INSIGHT_STATUSES),
  stage: z.enum(INSIGHT_STAGES),
  /** Why it failed, readable. */
  error: z.string().nullable(),
  /** Completed analyses the answer was drawn from (known once gathered). */
  analyses: z.number().int().nullable(),
  /** The price (held while it runs), in milli-units; what was charged once completed. */
  units_milli: z.number().int(),
  charged: z.boolean(),
  created_by: z.object({ id: z.number().int(), name: z.string().nullable(), email: z.string() }).nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type InsightSummary = z.infer<typeof InsightSummary>;

export const Insight = InsightSummary.extend({ answer: InsightAnswer.nullable() });
export type Insight = z.infer<typeof Insight>;

export const InsightResponse = z.object({ data: Insight });

export const InsightParams = z.object({
  id: Id,
  insightId: Id,
});

export const InsightListQuery = z.object({
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, 100).default(INSIGHT_LIMITS.defaultPageSize),
});
export type InsightListQuery = z.infer<typeof InsightListQuery>;

export const InsightListResponse = z.object({
  data: z.object({
    items: z.array(InsightSummary),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});
export type InsightListResponse = z.infer<typeof InsightListResponse>;

/**
 * The structured answer asked of the model is InsightAnswer itself; the server keeps only citations of
 * analyses the model was shown and names and fields that exist in the data.
 */
export const InsightModelAnswer = InsightAnswer;
