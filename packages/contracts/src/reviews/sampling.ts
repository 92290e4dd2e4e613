import { z } from 'zod';
import { Day, Id, NullableId, wholeNumber } from '../inputs.ts';

// Sampling rules and review assignments (issue 35 part 4): per project, rules pick the analyses people review
// each week and assign them round-robin to reviewers; each reviewer works through a queue with a weekly goal.
// Weeks start on Monday at midnight in the project's timezone. Sampling is deterministic: candidates are
// ordered by a hash of the rule's seed, the week and the analysis, so a rerun picks the same analyses.

/**
 * What a rule picks from the week's completed analyses (matching its prompt, department and date filters):
 * - `random`: N analyses per representative, at random (by the rule's seed and the week);
 * - `knockout`: every analysis an answer knocked out;
 * - `score_below`: every analysis whose final score is below a threshold;
 * - `disputed`: every analysis with a change request opened on it;
 * - `unsure`: every analysis where the model said it was unsure of a field (of `field_path`, when set).
 */
export const SAMPLING_RULE_KINDS = ['random', 'knockout', 'score_below', 'disputed', 'unsure'] as const;
export type SamplingRuleKind = (typeof SAMPLING_RULE_KINDS)[number];

export const SAMPLING = {
  nameMax: 120,
  departmentMax: 200,
  fieldPathMax: 1000,
  /** Rules per project. */
  rulesMax: 50,
  /** Most analyses a `random` rule picks per representative and week. */
  perRepresentativeMax: 100,
  /** Most assignments a rule gives one reviewer in a week. */
  weeklyGoalMax: 1000,
  /** Reviewers one rule may name (none named: every member who may review). */
  reviewersMax: 200,
  /** Most assignments one run of a rule makes in a week (the rest wait for the next week). */
  perRunMax: 5000,
  /** The scheduled run of every enabled rule for the current week, in minutes. */
  scheduleMinutes: 60,
  defaultPageSize: 50,
  pageSizeMax: 200,
} as const;

/** An assignment is open, has a draft review (in progress) or a submitted review by its reviewer (done). */
export const ASSIGNMENT_STATUSES = ['open', 'in_progress', 'done'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];

const name = z.string().trim().min(1, 'Please enter a name.').max(SAMPLING.nameMax);
const department = z.string().trim().max(SAMPLING.departmentMax);
const reviewerIds = z
  .array(Id)
  .max(SAMPLING.reviewersMax)
  .transform((ids) => [...new Set(ids)]);

const ruleFields = {
  name,
  kind: z.enum(SAMPLING_RULE_KINDS),
  /** `random` only: analyses per representative and week. */
  per_representative: z.number().int().min(1).max(SAMPLING.perRepresentativeMax).nullable(),
  /** `score_below` only: final scores below this are picked. */
  score_below: z.number().min(0).max(1_000_000).nullable(),
  /** Only analyses of this prompt (null: any). */
  prompt_id: NullableId,
  /** `unsure` only: a field of the rule's prompt (dotted path); only analyses unsure of it (null: any field). */
  field_path: z.string().trim().min(1).max(SAMPLING.fieldPathMax).nullable(),
  /** Only analyses of this department, compared trimmed and case-insensitive (null or empty: any). */
  department: department.nullable(),
  /** Only conversations on or after / on or before this day (the project's timezone). */
  since: Day.nullable(),
  until: Day.nullable(),
  /** Who is assigned, round-robin; empty: every member who may review the analysis. */
  reviewer_ids: reviewerIds,
  /** Most assignments this rule gives one reviewer a week (null: no limit). */
  weekly_goal: z.number().int().min(1).max(SAMPLING.weeklyGoalMax).nullable(),
  enabled: z.boolean(),
};

/** The rule's kind decides which threshold it needs; the date range must not end before it starts. */
function ruleProblems(
  rule: {
    kind?: SamplingRuleKind;
    per_representative?: number | null;
    score_below?: number | null;
    prompt_id?: number | null;
    field_path?: string | null;
    since?: string | null;
    until?: string | null;
  },
  ctx: z.RefinementCtx,
) {
  if (rule.kind === 'random' && rule.per_representative == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['per_representative'],
      message: 'Enter how many analyses to pick per representative each week.',
    });
  }
  if (rule.kind === 'score_below' && rule.score_below == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['score_below'],
      message: 'Enter the score below which analyses are picked.',
    });
  }
  if (rule.kind === 'unsure' && rule.field_path && rule.prompt_id == null) {
    ctx.addIssue({
      code: 'custom',
      path: ['prompt_id'],
      message: 'Choose the prompt whose field the model was unsure of.',
    });
  }
  if (rule.since && rule.until && rule.until < rule.since) {
    ctx.addIssue({
      code: 'custom',
      path: ['until'],
      message: 'The end date must not be before the start date.',
    });
  }
}

export const SamplingRuleCreateRequest = z
  .object({
    name: ruleFields.name,
    kind: ruleFields.kind,
    per_representative: ruleFields.per_representative.default(null),
    score_below: ruleFields.score_below.default(null),
    prompt_id: ruleFields.prompt_id.default(null),
    field_path: ruleFields.field_path.default(null),
    department: ruleFields.department.default(null),
    since: ruleFields.since.default(null),
    until: ruleFields.until.default(null),
    reviewer_ids: ruleFields.reviewer_ids.default([]),
    weekly_goal: ruleFields.weekly_goal.default(null),
    enabled: ruleFields.enabled.default(true),
  })
  .superRefine(ruleProblems);
export type SamplingRuleCreateRequest = z.input<typeof SamplingRuleCreateRequest>;

/** A full replacement of a rule's settings (the form sends them all). */
export const SamplingRuleUpdateRequest = SamplingRuleCreateRequest;
export type SamplingRuleUpdateRequest = z.input<typeof SamplingRuleUpdateRequest>;

const Person = z.object({ id: z.number().int().nullable(), name: z.string() });

export const SamplingRule = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.enum(SAMPLING_RULE_KINDS),
  per_representative: z.number().int().nullable(),
  score_below: z.number().nullable(),
  prompt_id: z.number().int().nullable(),
  field_path: z.string().nullable(),
  department: z.string().nullable(),
  since: z.string().nullable(),
  until: z.string().nullable(),
  reviewer_ids: z.array(z.number().int()),
  weekly_goal: z.number().int().nullable(),
  enabled: z.boolean(),
  created_by: Person.nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the rule last assigned (scheduled or "run now"), or null. */
  last_run_at: z.string().nullable(),
  /** Assignments this rule made in the current week. */
  assigned_this_week: z.number().int(),
});
export type SamplingRule = z.output<typeof SamplingRule>;
export const SamplingRuleResponse = z.object({ data: SamplingRule });
export const SamplingRuleListResponse = z.object({ data: z.array(SamplingRule) });

export const SamplingRuleParams = z.object({ id: Id, ruleId: Id });

/** What one run of a rule did. */
export const SamplingRunResult = z.object({
  rule_id: z.number().int(),
  /** Monday of the week sampled ('YYYY-MM-DD', the project's timezone). */
  week: z.string(),
  /** Analyses the rule picks this week (assigned now or earlier). */
  picked: z.number().int(),
  /** Assignments made by this run (0 when a rerun finds them all made). */
  assigned: z.number().int(),
  /** Picked analyses nobody could be assigned (no reviewer may review them, or every reviewer's goal is met). */
  unassigned: z.number().int(),
});
export type SamplingRunResult = z.output<typeof SamplingRunResult>;
export const SamplingRunResponse = z.object({ data: SamplingRunResult });

export const Assignment = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  rule: z.object({ id: z.number().int().nullable(), name: z.string() }),
  reviewer: Person,
  /** Monday of the assignment's week ('YYYY-MM-DD', the project's timezone). */
  week: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  assigned_at: z.string(),
  /** When the reviewer submitted their review, or null. */
  done_at: z.string().nullable(),
  /** The analysis, as the list shows it. */
  analysis: z.object({
    title: z.string().nullable(),
    file_name: z.string().nullable(),
    representative: z.string().nullable(),
    department: z.string().nullable(),
    prompt_name: z.string().nullable(),
    final_score: z.number().nullable(),
    conversation_at: z.string(),
  }),
});
export type Assignment = z.output<typeof Assignment>;

export const WeekQuery = z.object({
  /** Any day of the week to show ('YYYY-MM-DD'); default: the current week in the project's timezone. */
  week: Day.optional(),
});

export const QueueQuery = WeekQuery.extend({
  status: z.enum(ASSIGNMENT_STATUSES).optional(),
  page: wholeNumber(1, 100_000).default(1),
  per_page: wholeNumber(1, SAMPLING.pageSizeMax).default(SAMPLING.defaultPageSize),
});

/** A reviewer's week: "12 of 20 this week". */
export const ReviewerProgress = z.object({
  reviewer: Person,
  done: z.number().int(),
  in_progress: z.number().int(),
  total: z.number().int(),
});
export type ReviewerProgress = z.output<typeof ReviewerProgress>;

/** The caller's review queue for a week: their assignments, open ones first, and their progress. */
export const ReviewQueueResponse = z.object({
  data: z.array(Assignment),
  meta: z.object({
    week: z.string(),
    progress: ReviewerProgress,
    page: z.number().int(),
    per_page: z.number().int(),
    /** Assignments matching the status filter. */
    total: z.number().int(),
  }),
});
export type ReviewQueueResponse = z.output<typeof ReviewQueueResponse>;

export const AssignmentsQuery = QueueQuery.extend({
  reviewer_id: Id.optional(),
  rule_id: Id.optional(),
});

/** The admins' overview of a week: progress per reviewer and the assignments (filtered). */
export const AssignmentsOverviewResponse = z.object({
  data: z.array(Assignment),
  meta: z.object({
    week: z.string(),
    reviewers: z.array(ReviewerProgress),
    page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
  }),
});
export type AssignmentsOverviewResponse = z.output<typeof AssignmentsOverviewResponse>;
