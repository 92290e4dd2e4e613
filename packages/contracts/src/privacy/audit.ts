import { z } from 'zod';

/** What the audit trail records (issue 34): reading personal data, exporting it, and changing who may (and how). */
export const AUDIT_ACTIONS = [
  'privacy_settings_changed',
  'original_transcript_read',
  'media_accessed',
  'analyses_exported',
  'person_data_exported',
  'data_erased',
  'api_key_created',
  'api_key_revoked',
  'member_role_changed',
  'member_removed',
  'member_signed_out',
  'two_factor_policy_changed',
  // A super admin reset an account's two-factor sign-in (recorded in every project of the account).
  'two_factor_reset',
  // Single sign-on and SCIM (recorded in every project the connection reaches: sso/audit.ts).
  'sso_connection_created',
  'sso_connection_updated',
  'sso_connection_deleted',
  'sso_required_changed',
  'sso_domain_added',
  'sso_domain_verified',
  'sso_domain_removed',
  'sso_group_mapping_added',
  'sso_group_mapping_removed',
  'scim_token_generated',
  'scim_token_revoked',
  'scim_user_deactivated',
  'scim_user_reactivated',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Details of an entry: a few named values (never transcript text); a value that is not there is left out. */
export const AuditDetails = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]));
export type AuditDetails = z.infer<typeof AuditDetails>;

export const AuditEntry = z.object({
  id: z.number(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** Who did it: the account (kept as it was: the entry outlives the account), and through what. */
  user_id: z.number().nullable(),
  user_email: z.string().nullable(),
  api_key_id: z.number().nullable(),
  ip: z.string().nullable(),
  /** What it was done to, e.g. an analysis id or a member's user id. */
  target_id: z.number().nullable(),
  details: AuditDetails,
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AUDIT_PAGE_SIZE = 50;

export const AuditListQuery = z.object({
  action: z.enum(AUDIT_ACTIONS).optional(),
  /** Entries older than this id (the previous page's next_before). */
  before: z.coerce.number().int().positive().optional(),
});

export const AuditListResponse = z.object({
  data: z.array(AuditEntry),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_before: z.number().nullable(),
});
