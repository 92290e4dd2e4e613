import { z } from 'zod';
import { type MilliUnits, milliUnits, toMilliUnits } from '../billing/units.ts';
import { Id, wholeNumber } from '../inputs.ts';
import { AgreementFiguresSchema } from '../reviews/agreement-api.ts';
import { FIELD_TYPES } from './schema.ts';

// Backtests (issue 35 part 6): before publishing, a prompt's draft re-analyses the last N conversations of the
// prompt that people reviewed, in the background, and each field's agreement with those reviews is shown for
// the answers the conversations have (the versions they ran with) beside the draft's.
// Routes: packages/contracts/src/routes/prompts.ts.

export const BACKTEST = {
  defaultConversations: 20,
  maxConversations: 200,
  /** Changed answers listed in a backtest's answer (the count of all is beside them). */
  changesListed: 200,
  /** Backtests listed per draft, newest first. */
  listed: 20,
  /**
   * Backtests a project may have queued or running at once: the workers run a few backtests at a time for
   * every project, so one project's long backtests must not hold them all.
   */
  activePerProject: 1,
} as const;

/** queued → running → completed, or failed (nothing charged); each conversation that failed is counted. */
export const BACKTEST_STATUSES = ['queued', 'running', 'completed', 'failed'] as const;
export type BacktestStatus = (typeof BACKTEST_STATUSES)[number];

export const BacktestRequest = z.object({
  /** How many of the prompt's most recently reviewed conversations to re-analyse. */
  conversations: wholeNumber(1, BACKTEST.maxConversations).default(BACKTEST.defaultConversations),
});
export type BacktestRequest = z.input<typeof BacktestRequest>;

/**
 * The price of a backtest: each conversation analysed once with the draft's model, at the model's units (as
 * the prompt's part of an analysis is priced; no transcription, no LVA). Held at the start, charged for the
 * conversations analysed once it completes.
 */
export function backtestUnitsMilli(modelUnits: number, conversations: number): MilliUnits {
  return milliUnits(toMilliUnits(modelUnits) * conversations);
}

export const BacktestFieldRow = z.object({
  /** Dotted path of the field in the result. */
  path: z.string(),
  type: z.enum(FIELD_TYPES),
  /** The reviewers' answers against the answers the analyses have (the versions they ran with). */
  published: AgreementFiguresSchema,
  /** The same reviewers' answers against the draft's. */
  draft: AgreementFiguresSchema,
  /** Conversations where the draft's answer differs from the analysis's. */
  changed: z.number().int(),
});
export type BacktestFieldRow = z.output<typeof BacktestFieldRow>;

/** A conversation where the draft answered a field differently from the analysis. */
export const BacktestChange = z.object({
  task_id: z.number().int(),
  title: z.string().nullable(),
  path: z.string(),
  type: z.enum(FIELD_TYPES),
  /** The analysis's answer (the version it ran with). */
  ai_value: z.unknown(),
  draft_value: z.unknown(),
  /** The reviewer's answer. */
  human_value: z.unknown(),
});
export type BacktestChange = z.output<typeof BacktestChange>;

export const BacktestSummary = z.object({
  id: z.number().int(),
  prompt_id: z.number().int(),
  version_id: z.number().int(),
  version_number: z.number().int(),
  status: z.enum(BACKTEST_STATUSES),
  /** Conversations asked for; found (reviewed, with a transcript); analysed so far; failed. */
  conversations: z.number().int(),
  total: z.number().int(),
  done: z.number().int(),
  failed: z.number().int(),
  /** Held while it runs; what was charged once completed (0 when failed). */
  units_milli: z.number().int(),
  /** False when the draft was saved again after the backtest started: its figures are of the earlier draft. */
  current: z.boolean(),
  requested_by: z.object({ id: z.number().int().nullable(), name: z.string().nullable() }),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  /** Why it failed (null otherwise). */
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type BacktestSummary = z.output<typeof BacktestSummary>;

export const Backtest = BacktestSummary.extend({
  /** Per reviewed field, once completed (empty before). */
  rows: z.array(BacktestFieldRow),
  /** The first BACKTEST.changesListed changed answers (by conversation, then field). */
  changes: z.array(BacktestChange),
  changes_total: z.number().int(),
});
export type Backtest = z.output<typeof Backtest>;

export const BacktestResponse = z.object({ data: Backtest });
export const BacktestListResponse = z.object({ data: z.array(BacktestSummary) });
export const BacktestParams = z.object({ id: Id, promptId: Id, backtestId: Id });
