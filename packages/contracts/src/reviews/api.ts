import { z } from 'zod';
import { FinalScoreResult, ResultValue } from '../analyses/stored.ts';
import { FieldValueInput } from '../change-requests/api.ts';
import { Id } from '../inputs.ts';
import { FIELD_TYPES } from '../prompts/schema.ts';

// Reviews by people (issue 35 part 3): a reviewer answers an analysis's scorecard with the AI's answers as
// suggestions; the human score is computed by the same rule as the AI's (analyses/scoring.ts).

export const REVIEW_STATUSES = ['draft', 'submitted'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
/** Longest comment (on a field, a transcript moment or the whole review). */
export const REVIEW_COMMENT_MAX = 2000;
/** Most transcript moments one review may comment on. */
export const REVIEW_MOMENTS_MAX = 50;
/** Most answers one review may send (a scorecard has far fewer fields). */
export const REVIEW_ANSWERS_MAX = 500;
/** The latest moment of a recording a comment may point at (as change requests). */
export const REVIEW_MOMENT_SECONDS_MAX = 10_000_000;

const comment = z.string().trim().max(REVIEW_COMMENT_MAX);

export const ReviewAnswerInput = z.object({
  /** Dotted path of a correctable field of the prompt the analysis ran with (change-requests/values.ts). */
  path: z.string().trim().min(1).max(1000),
  /** The reviewer's answer, typed like the field; left out: the AI's answer is accepted. */
  value: FieldValueInput.optional(),
  comment: comment.optional(),
});

export const ReviewMoment = z.object({
  /** Seconds from the start of the recording. */
  seconds: z.number().min(0).max(REVIEW_MOMENT_SECONDS_MAX),
  comment: z.string().trim().min(1).max(REVIEW_COMMENT_MAX),
});
export type ReviewMoment = z.output<typeof ReviewMoment>;

/**
 * The caller's review of an analysis: saved as a draft, or submitted (then fixed). Fields not named keep the
 * AI's answer; every field is stored with both answers.
 */
export const SaveReview = z.object({
  answers: z.array(ReviewAnswerInput).max(REVIEW_ANSWERS_MAX).default([]),
  moments: z.array(ReviewMoment).max(REVIEW_MOMENTS_MAX).default([]),
  comment: comment.optional(),
  submit: z.boolean().default(false),
});
export type SaveReview = z.input<typeof SaveReview>;

export const ReviewAnswer = z.object({
  path: z.string(),
  field_type: z.enum(FIELD_TYPES),
  /** The analysis's answer when the review was saved (null: none). */
  ai_value: ResultValue,
  /** The reviewer's answer (the AI's when accepted). */
  value: ResultValue,
  /** Whether the reviewer's answer differs from the AI's. */
  changed: z.boolean(),
  comment: z.string().nullable(),
});
export type ReviewAnswer = z.output<typeof ReviewAnswer>;

const Person = z.object({ id: z.number().int().nullable(), name: z.string() });

export const Review = z.object({
  id: z.number().int(),
  task_id: z.number().int(),
  status: z.enum(REVIEW_STATUSES),
  reviewer: Person,
  /** The scorecard version the review answered (the analysis's). */
  prompt_version_id: z.number().int().nullable(),
  answers: z.array(ReviewAnswer),
  moments: z.array(ReviewMoment),
  comment: z.string().nullable(),
  /** The AI's final score when the review was saved. */
  ai_score: z.number().nullable(),
  /** The human score: the same scoring as the AI's over the reviewer's answers (knockouts included). */
  score: FinalScoreResult,
  created_at: z.string(),
  updated_at: z.string(),
  submitted_at: z.string().nullable(),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: Person.nullable(),
});
export type Review = z.output<typeof Review>;
export const ReviewResponse = z.object({ data: Review });

export const AnalysisReviews = z.object({
  /** Whether the caller may review this analysis now (rules.ts; completed, not yet reviewed by them). */
  can_review: z.boolean(),
  /** Whether the caller is the analysis's representative (may acknowledge its reviews). */
  is_representative: z.boolean(),
  /** The submitted reviews, oldest first. */
  reviews: z.array(Review),
  /** The caller's draft, when they saved one. */
  draft: Review.nullable(),
  /** The mean of the submitted reviews' scores (null without one with a score). */
  human_score: z.number().nullable(),
  /**
   * The open calibration session on this analysis the caller takes part in, or null. While `blind`, the
   * caller has not submitted and `reviews` holds no one else's review (they show once the caller submits or
   * the session closes).
   */
  calibration: z.object({ id: z.number().int(), name: z.string(), blind: z.boolean() }).nullable(),
});
export type AnalysisReviews = z.output<typeof AnalysisReviews>;
export const AnalysisReviewsResponse = z.object({ data: AnalysisReviews });

export const ReviewParams = z.object({ id: Id, reviewId: Id });

export const MemberReviewerUpdate = z.object({ reviewer: z.boolean() });
