import { z } from 'zod';

/** How far ahead the retention preview looks, in days (settings → Privacy: "in the next 7 days"). */
export const RETENTION_PREVIEW_DAYS = 7;

/** What retention will delete of one kind (media, or transcripts and results). */
export const RetentionForecast = z.object({
  /** The retention of this kind; null: kept forever, nothing is deleted (the counts are 0). */
  days: z.number().int().nullable(),
  /** The next run deletes what was uploaded before this time (null when kept forever). */
  next_run_deletes_before: z.string().nullable(),
  /** How many items the next run deletes: everything overdue now and what becomes due by then. */
  next_run: z.number().int(),
  /** How many items the runs of the next RETENTION_PREVIEW_DAYS days delete, the next run's included. */
  next_days: z.number().int(),
  /** When the oldest of those items was uploaded (null when none). */
  oldest_uploaded_at: z.string().nullable(),
});
export type RetentionForecast = z.infer<typeof RetentionForecast>;

/**
 * What the project's retention deletes next: when the retention job runs next, and per kind how many items
 * that run and the runs of the next days delete. Items whose analysis is still queued or running are not
 * counted (retention waits for them).
 */
export const RetentionPreview = z.object({
  next_run_at: z.string(),
  window_days: z.number().int(),
  media: RetentionForecast,
  results: RetentionForecast,
});
export type RetentionPreview = z.infer<typeof RetentionPreview>;

export const RetentionPreviewResponse = z.object({ data: RetentionPreview });
