import { z } from 'zod';
import { AnalyticsFilters } from '../analytics/api.ts';
import { decimalNumber, Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';
import { FIELD_TYPES } from '../prompts/schema.ts';
import { AGREEMENT } from './agreement.ts';

// The agreement ledger (issue 35 part 5): how often reviewers kept the AI's answers, per field of a prompt's
// scorecard versions, from submitted reviews. Dates are of the reviews' submission, in the project's time zone.

export const AGREEMENT_GROUPS = ['none', 'representative', 'reviewer', 'month'] as const;
export type AgreementGroup = (typeof AGREEMENT_GROUPS)[number];

export const AgreementQuery = AnalyticsFilters.extend({
  prompt_id: Id,
  /** Rows per field, or per field and representative, reviewer or month of submission. */
  group: z.enum(AGREEMENT_GROUPS).default('none'),
  /** A categorical field whose kappa is below this is flagged. */
  kappa_flag: decimalNumber(-1, 1).default(AGREEMENT.defaultKappaFlag),
});
export type AgreementQuery = z.input<typeof AgreementQuery>;

const Interval = z.object({ low: z.number(), high: z.number() }).nullable();

/** One field's figures from a table of answer pairs (contracts' agreementFigures). */
export const AgreementFiguresSchema = z.object({
  count: z.number().int(),
  agreement: z.number().nullable(),
  agreement_interval: Interval,
  kappa: z.number().nullable(),
  kappa_interval: Interval,
  mean_absolute_difference: z.number().nullable(),
  mean_absolute_difference_interval: Interval,
});

export const AgreementRow = z.object({
  /** Dotted path of the field in the result. */
  path: z.string(),
  type: z.enum(FIELD_TYPES),
  /** The scorecard version the reviewed analyses ran with. */
  prompt_version: z.number().int(),
  /** The representative, reviewer or month ('YYYY-MM') of the row; null when not grouped. */
  group: z.string().nullable(),
  ...AgreementFiguresSchema.shape,
  /** Kappa below the query's kappa_flag. */
  flagged: z.boolean(),
});
export type AgreementRow = z.output<typeof AgreementRow>;

/**
 * Calibration: where two or more people reviewed the same analysis, how often two reviewers gave the same answer
 * (each pair of its submitted reviews of the same version once: the earlier review's answer against the
 * later one's, as Cohen's kappa reads two raters).
 */
export const ReviewerAgreementRow = z.object({
  path: z.string(),
  type: z.enum(FIELD_TYPES),
  prompt_version: z.number().int(),
  ...AgreementFiguresSchema.shape,
  /** Kappa below the query's kappa_flag. */
  flagged: z.boolean(),
});
export type ReviewerAgreementRow = z.output<typeof ReviewerAgreementRow>;

export const AgreementResponse = z.object({
  data: z.object({
    /** Submitted reviews counted. */
    reviews: z.number().int(),
    rows: z.array(AgreementRow),
    /** Reviewer against reviewer, per field and version (not grouped); empty when no analysis has two reviews. */
    between_reviewers: z.array(ReviewerAgreementRow),
  }),
});
export type AgreementResponse = z.output<typeof AgreementResponse>;

export const AGREEMENT_PAGE_SIZE_MAX = 100;

/** The reviewed answers of one field where the reviewer changed the AI's answer, newest first. */
export const DisagreementQuery = AnalyticsFilters.extend({
  prompt_id: Id,
  path: z.string().trim().min(1).max(500),
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, AGREEMENT_PAGE_SIZE_MAX).default(20),
});
export type DisagreementQuery = z.input<typeof DisagreementQuery>;

export const Disagreement = z.object({
  review_id: z.number().int(),
  task_id: z.number().int(),
  title: z.string().nullable(),
  representative: z.string().nullable(),
  prompt_version: z.number().int(),
  reviewer: z.object({ id: z.number().int().nullable(), name: z.string() }),
  ai_value: z.unknown(),
  value: z.unknown(),
  comment: z.string().nullable(),
  submitted_at: z.string(),
});
export type Disagreement = z.output<typeof Disagreement>;

export const DisagreementListResponse = z.object({
  data: z.object({
    items: z.array(Disagreement),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
  }),
});
