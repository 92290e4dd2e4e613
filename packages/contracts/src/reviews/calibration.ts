import { z } from 'zod';
import { ResultValue } from '../analyses/stored.ts';
import { Id, wholeNumber } from '../inputs.ts';
import { FIELD_TYPES, FINAL_SCORE_MODES } from '../prompts/schema.ts';

// Calibration sessions (issue 35 part 5): several reviewers review one analysis blind — while the session is
// open, a participant who has not submitted sees no other review of that analysis — then everyone sees each
// other's answers side by side. The reviews are ordinary reviews, so they also count in the agreement ledger
// (AI against people, and reviewer against reviewer).

export const CALIBRATION = {
  nameMax: 120,
  participantsMin: 2,
  participantsMax: 20,
  /** Ids one request may send (repeats count once, so a few more than the participants). */
  idsMax: 100,
  /** Open sessions one project may have at once. */
  openMax: 100,
  defaultPageSize: 50,
  pageSizeMax: 200,
} as const;

/** Open until every participant submitted or an admin closed it; then closed (answers visible to all). */
export const CALIBRATION_STATUSES = ['open', 'closed'] as const;
export type CalibrationStatus = (typeof CALIBRATION_STATUSES)[number];

export const CalibrationCreateRequest = z.object({
  task_id: Id,
  /** What the session is about ("Refund calls, March"); empty: none. */
  name: z.string().trim().max(CALIBRATION.nameMax).default(''),
  /** Members who may review the analysis (not its representative); repeated ids count once. */
  reviewer_ids: z
    .array(Id)
    .max(CALIBRATION.idsMax)
    .transform((ids) => [...new Set(ids)])
    .refine((ids) => ids.length >= CALIBRATION.participantsMin, {
      message: `Choose at least ${CALIBRATION.participantsMin} reviewers.`,
    })
    .refine((ids) => ids.length <= CALIBRATION.participantsMax, {
      message: `Choose at most ${CALIBRATION.participantsMax} reviewers.`,
    }),
});
export type CalibrationCreateRequest = z.input<typeof CalibrationCreateRequest>;

const Person = z.object({ id: z.number().int().nullable(), name: z.string() });

export const CalibrationParticipant = z.object({
  id: z.number().int(),
  name: z.string(),
  /** When they submitted their review of the analysis (before or during the session), or null. */
  submitted_at: z.string().nullable(),
});
export type CalibrationParticipant = z.output<typeof CalibrationParticipant>;

export const CalibrationSession = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  name: z.string(),
  status: z.enum(CALIBRATION_STATUSES),
  created_by: Person.nullable(),
  created_at: z.string(),
  /** When the last participant submitted or an admin closed it, or null while open. */
  closed_at: z.string().nullable(),
  participants: z.array(CalibrationParticipant),
  /** Participants who submitted. */
  submitted: z.number().int(),
  /** Whether the caller takes part. */
  is_participant: z.boolean(),
  /**
   * Whether the caller may see the participants' answers now: the session is closed, the caller submitted,
   * or the caller runs it (admin or owner) without taking part.
   */
  answers_visible: z.boolean(),
  /** The analysis, as the review queue shows it. */
  analysis: z.object({
    title: z.string().nullable(),
    file_name: z.string().nullable(),
    representative: z.string().nullable(),
    prompt_name: z.string().nullable(),
  }),
});
export type CalibrationSession = z.output<typeof CalibrationSession>;

/** One field of the scorecard: the AI's answer and each participant's who submitted. */
export const CalibrationFieldAnswers = z.object({
  path: z.string(),
  field_type: z.enum(FIELD_TYPES),
  ai_value: ResultValue,
  answers: z.array(
    z.object({
      reviewer_id: z.number().int(),
      value: ResultValue,
      comment: z.string().nullable(),
    }),
  ),
  /** Whether every submitted answer is the same (null with fewer than two answers). */
  agreed: z.boolean().nullable(),
});
export type CalibrationFieldAnswers = z.output<typeof CalibrationFieldAnswers>;

export const CalibrationComparison = z.object({
  fields: z.array(CalibrationFieldAnswers),
  /** Each submitting participant's human score. */
  scores: z.array(z.object({ reviewer_id: z.number().int(), score: z.number().nullable() })),
  ai_score: z.number().nullable(),
  /** How the scores read (percent, points …), as the scorecard computes them; null before any review. */
  score_mode: z.enum(FINAL_SCORE_MODES).nullable(),
  /** Share of fields (0–1) on which every submitted answer is the same; null with fewer than two answers. */
  agreement: z.number().nullable(),
});
export type CalibrationComparison = z.output<typeof CalibrationComparison>;

export const CalibrationDetail = CalibrationSession.extend({
  /** The answers side by side; null while they are hidden from the caller (answers_visible false). */
  comparison: CalibrationComparison.nullable(),
});
export type CalibrationDetail = z.output<typeof CalibrationDetail>;
export const CalibrationSessionResponse = z.object({ data: CalibrationDetail });

export const CalibrationListQuery = z.object({
  status: z.enum(CALIBRATION_STATUSES).optional(),
  page: wholeNumber(1, 100_000).default(1),
  per_page: wholeNumber(1, CALIBRATION.pageSizeMax).default(CALIBRATION.defaultPageSize),
});

/** Admins and owners see every session of the project; other members the sessions they take part in. */
export const CalibrationListResponse = z.object({
  data: z.array(CalibrationSession),
  meta: z.object({ page: z.number().int(), per_page: z.number().int(), total: z.number().int() }),
});
export type CalibrationListResponse = z.output<typeof CalibrationListResponse>;

export const CalibrationParams = z.object({ id: Id, calibrationId: Id });

/** Whether every answer is the same (null with fewer than two): values compared as JSON. */
export function answersAgree(values: readonly unknown[]): boolean | null {
  if (values.length < 2) return null;
  const first = JSON.stringify(values[0] ?? null);
  return values.every((value) => JSON.stringify(value ?? null) === first);
}
