import { z } from 'zod';
import { ResultValue } from '../analyses/stored.ts';
import { Day, Id, PG_INTEGER_MAX, wholeNumber } from '../inputs.ts';
import { FIELD_TYPES } from '../prompts/schema.ts';

// Change requests (issue 19): a member disputes result fields of a completed analysis, or asks for it to be
// analysed again with another prompt; team leaders (their teams), admins and owners approve or reject.

export const CHANGE_REQUEST_KINDS = ['field', 'reanalyze'] as const;
export const CHANGE_REQUEST_STATUSES = ['open', 'approved', 'rejected'] as const;
export type ChangeRequestStatus = (typeof CHANGE_REQUEST_STATUSES)[number];
export const REASON_MAX = 2000;
export const QUOTE_MAX = 1000;
/** Most fields one request may dispute. */
export const CHANGE_REQUEST_ITEMS_MAX = 50;
/** The latest moment of a recording a request may point at: beyond any recording an upload can hold. */
export const MOMENT_SECONDS_MAX = 10_000_000;

/** A typed field value (its type is checked against the field: proposedValueProblem). */
export const FieldValue = z.union([z.string(), z.number(), z.boolean()]);
/** Longest text a person may give as a field's value (a summary, a note). */
export const FIELD_VALUE_TEXT_MAX = 20_000;
/** A field's value as a request carries it. */
export const FieldValueInput = z.union([z.string().max(FIELD_VALUE_TEXT_MAX), z.number(), z.boolean()]);
const reason = z.string().trim().min(1).max(REASON_MAX);
const dottedPath = z.string().trim().min(1).max(1000);

export const TranscriptMoment = z.object({
  /** Seconds from the start of the recording. */
  seconds: z.number().min(0).max(MOMENT_SECONDS_MAX).nullable().optional(),
  quote: z.string().trim().max(QUOTE_MAX).nullable().optional(),
});

export const ChangeRequestItem = z.object({
  path: z.string(),
  /** The field's key (last part of the path). */
  label: z.string(),
  field_type: z.enum(FIELD_TYPES),
  /** The value in the result when the request was made (null: none). */
  ai_value: ResultValue,
  proposed_value: FieldValue,
  /** The value set on approval (the reviewer may have edited it); null until approved. */
  // (null on each side: OpenAPI 3.0 wants a type beside 'nullable', which a union has not)
  approved_value: z.union([z.string().nullable(), z.number().nullable(), z.boolean().nullable()]),
});
export type ChangeRequestItem = z.infer<typeof ChangeRequestItem>;

const Person = z.object({ id: z.number().int(), name: z.string(), email: z.string() });

export const ChangeRequest = z.object({
  id: z.number().int(),
  project_id: z.number().int(),
  task_id: z.number().int(),
  kind: z.enum(CHANGE_REQUEST_KINDS),
  status: z.enum(CHANGE_REQUEST_STATUSES),
  requester: Person,
  created_at: z.string(),
  title: z.string().nullable(),
  representative: z.string().nullable(),
  department: z.string().nullable(),
  /** The prompt the analysis ran with. */
  analysis_prompt_id: z.number().int().nullable(),
  /** kind field: the disputed fields; empty for reanalyze. */
  items: z.array(ChangeRequestItem),
  /** kind reanalyze: the prompt to analyse again with. */
  prompt_id: z.number().int().nullable(),
  prompt_name: z.string().nullable(),
  reason: z.string(),
  transcript_moment: TranscriptMoment.nullable(),
  reviewer: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  reviewed_at: z.string().nullable(),
  review_reason: z.string().nullable(),
  /** Whether the caller may approve or reject it (open, and the caller reviews this analysis's team). */
  can_review: z.boolean(),
});
export type ChangeRequest = z.infer<typeof ChangeRequest>;
export const ChangeRequestResponse = z.object({ data: ChangeRequest });

export const ChangeRequestParams = z.object({
  id: Id,
  requestId: Id,
});

export const CreateChangeRequest = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('field'),
    items: z
      .array(z.object({ path: dottedPath, proposed_value: FieldValueInput }))
      .min(1)
      .max(CHANGE_REQUEST_ITEMS_MAX),
    reason,
    transcript_moment: TranscriptMoment.optional(),
  }),
  z.object({
    kind: z.literal('reanalyze'),
    prompt_id: Id,
    reason,
    transcript_moment: TranscriptMoment.optional(),
  }),
]);
export type CreateChangeRequest = z.input<typeof CreateChangeRequest>;

export const ApproveChangeRequest = z.object({
  /** Edited values by path (each checked against its field); a path left out keeps the proposed value. */
  values: z.record(z.string().max(1000), FieldValueInput).optional(),
  reason: z.string().trim().max(REASON_MAX).optional(),
});
export const RejectChangeRequest = z.object({ reason });

const optionalId = Id.optional();
export const ChangeRequestListQuery = z.object({
  status: z.enum(CHANGE_REQUEST_STATUSES).optional(),
  /** Requests that dispute this field path. */
  path: z.string().max(1000).optional(),
  representative: z.string().max(500).optional(),
  requester_id: optionalId,
  task_id: optionalId,
  /** Created on or after / on or before (dates, UTC). */
  from: Day.optional(),
  to: Day.optional(),
  page: wholeNumber(1, PG_INTEGER_MAX).default(1),
  page_size: wholeNumber(1, 100).default(25),
});
export type ChangeRequestListQuery = z.input<typeof ChangeRequestListQuery>;

export const ChangeRequestCounts = z.object({
  open: z.number().int(),
  approved: z.number().int(),
  rejected: z.number().int(),
});

export const ChangeRequestListResponse = z.object({
  data: z.object({
    items: z.array(ChangeRequest),
    total: z.number().int(),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Per status, of the requests the caller sees with the other filters. */
    counts: ChangeRequestCounts,
  }),
});

export const ChangeRequestOpenCountResponse = z.object({ data: z.object({ open: z.number().int() }) });

/** An approved correction of an analysis's result, shown on the analysis and in its JSON export. */
export const AnalysisCorrection = z.object({
  path: z.string(),
  ai_value: ResultValue,
  value: ResultValue,
  by: z.object({ id: z.number().int().nullable(), name: z.string() }),
  at: z.string(),
  reason: z.string(),
  request_id: z.number().int().nullable(),
});
export type AnalysisCorrection = z.infer<typeof AnalysisCorrection>;

export const CalibrationQuery = z.object({
  prompt_id: Id,
  from: Day.optional(),
  to: Day.optional(),
});

const Share = {
  /** Completed analyses with a value for the field. */
  analyses: z.number().int(),
  /** Of those, how many have an approved correction of it. */
  changed: z.number().int(),
  /** changed / analyses (0..1), null without analyses. */
  share: z.number().nullable(),
};
export const CalibrationField = z.object({
  path: z.string(),
  label: z.string(),
  field_type: z.enum(FIELD_TYPES),
  ...Share,
  per_model: z.array(z.object({ model: z.string(), ...Share })),
  /** By month of the analysis ('YYYY-MM'), oldest first. */
  per_month: z.array(z.object({ month: z.string(), ...Share })),
});
export const CalibrationResponse = z.object({
  data: z.object({ prompt_id: z.number().int(), fields: z.array(CalibrationField) }),
});
