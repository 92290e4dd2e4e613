import { z } from 'zod';
import { DEFAULT_REDACTION_TYPES, REDACTION_ENTITY_TYPES } from './entities.ts';

/**
 * What redaction keeps: only the redacted text (the default), or the original as well, readable by admins
 * and owners only, each reading written to the audit trail.
 */
export const REDACTION_KEEP = ['redacted', 'redacted_and_original'] as const;
export type RedactionKeep = (typeof REDACTION_KEEP)[number];

/** Retention periods a project may set, in days. */
export const RETENTION_DAYS = { min: 1, max: 3650 } as const;

const retentionDays = z.number().int().min(RETENTION_DAYS.min).max(RETENTION_DAYS.max).nullable();

/** A project's privacy settings (project settings → Privacy, admins and owners). */
export const PrivacySettings = z.object({
  redaction_enabled: z.boolean(),
  /** The types replaced by placeholders; at least one when redaction is on. */
  redaction_types: z.array(z.enum(REDACTION_ENTITY_TYPES)).max(REDACTION_ENTITY_TYPES.length),
  redaction_keep: z.enum(REDACTION_KEEP),
  /** The country (ISO 3166 alpha-2) where phone numbers said without a country code are looked up; null: none. */
  region: z
    .string()
    .length(2)
    .regex(/^[A-Z]{2}$/)
    .nullable(),
  /** Delete a conversation's media this many days after its upload; null: keep. */
  media_retention_days: retentionDays,
  /** Delete transcripts and results this many days after the upload; null: keep. */
  result_retention_days: retentionDays,
});
export type PrivacySettings = z.infer<typeof PrivacySettings>;

export const PrivacySettingsResponse = z.object({ data: PrivacySettings });

/** The settings of a project that never changed them: redaction off, everything kept. */
export const DEFAULT_PRIVACY_SETTINGS: PrivacySettings = {
  redaction_enabled: false,
  redaction_types: [...DEFAULT_REDACTION_TYPES],
  redaction_keep: 'redacted',
  region: null,
  media_retention_days: null,
  result_retention_days: null,
};
