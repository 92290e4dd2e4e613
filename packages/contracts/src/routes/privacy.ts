import { TaskParams } from '../analyses/detail.ts';
import { ProjectIdParams } from '../api.ts';
import { AuditListQuery, AuditListResponse } from '../privacy/audit.ts';
import { OriginalTranscriptResponse } from '../privacy/original.ts';
import { RetentionPreviewResponse } from '../privacy/retention.ts';
import { PrivacySettings, PrivacySettingsResponse } from '../privacy/settings.ts';
import { defineRoute } from './route.ts';

// A project's privacy settings: redaction and retention (settings → Privacy, admins and owners).
const tags = ['privacy'] as const;

export const privacyRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/projects/:id/privacy',
    operationId: 'getPrivacySettings',
    summary: "The project's redaction and retention settings (admin or owner)",
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    responses: { 200: PrivacySettingsResponse },
    errors: [403, 404],
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/projects/:id/privacy',
    operationId: 'updatePrivacySettings',
    summary: "Change the project's redaction and retention settings (admin or owner)",
    description:
      'Redaction applies to conversations analysed from now on: their transcript (and a chat right after ' +
      'parsing) is redacted before any prompt is built. redaction_types must name at least one type while ' +
      'redaction is on (400 no_redaction_types); region must be a country phone numbers are known for ' +
      '(400 unknown_region). Retention: media and transcripts/results older than the given days are deleted ' +
      'by a daily job; ledger rows and analytics sums stay.',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    body: PrivacySettings,
    responses: { 200: PrivacySettingsResponse },
    errors: [400, 403, 404],
  }),
  retentionPreview: defineRoute({
    method: 'GET',
    path: '/projects/:id/privacy/retention-preview',
    operationId: 'getRetentionPreview',
    summary: 'What retention deletes next (admin or owner)',
    description:
      'When the retention job runs next and, for media and for transcripts/results, how many items that run ' +
      'deletes, how many the runs of the next 7 days delete, and when the oldest of them was uploaded. A kind ' +
      'kept forever (days null) deletes nothing. Analyses still queued or running are not counted.',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    responses: { 200: RetentionPreviewResponse },
    errors: [403, 404],
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/projects/:id/audit',
    operationId: 'listAuditEntries',
    summary: "The project's audit trail, newest first (admin or owner)",
    description:
      'Who read an original transcript, played or downloaded media, exported analyses, changed the privacy ' +
      'settings, created or revoked API keys, or changed members; with time, account, API key and IP. Entries ' +
      'cannot be changed or deleted. Pages of 50: pass next_before as before for older entries.',
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    query: AuditListQuery,
    responses: { 200: AuditListResponse },
    errors: [403, 404],
  }),
  auditExport: defineRoute({
    method: 'GET',
    path: '/projects/:id/audit/export',
    operationId: 'exportAuditEntries',
    summary: 'The whole audit trail as a CSV file (admin or owner)',
    description:
      'Answers text/csv as an attachment (at, action, user_id, user_email, api_key_id, ip, target_id, details). ' +
      "Cells that start with = + - @, a tab or a carriage return get a leading ' so that spreadsheets show them as text.",
    tags,
    access: 'full-key',
    params: ProjectIdParams,
    produces: ['text/csv'],
    responses: { 200: null },
    errors: [403, 404],
  }),
  originalTranscript: defineRoute({
    method: 'GET',
    path: '/projects/:id/analyses/:taskId/original-transcript',
    operationId: 'getOriginalTranscript',
    summary: 'The transcript of an analysis before redaction (admin or owner, or a full key; audited)',
    description:
      'Only when the project keeps originals (redaction_keep redacted_and_original) and something was ' +
      'redacted: 404 otherwise. Every reading is written to the audit trail.',
    tags,
    access: 'full-key',
    params: TaskParams,
    responses: { 200: OriginalTranscriptResponse },
    errors: [403, 404],
  }),
  originalMedia: defineRoute({
    method: 'GET',
    path: '/projects/:id/analyses/:taskId/original-media',
    operationId: 'getOriginalMedia',
    summary:
      'The recording of an analysis as uploaded, before redaction (admin or owner, or a full key; audited)',
    description:
      'Only when the project keeps originals (redaction_keep redacted_and_original) and the recording was ' +
      'redacted: 404 otherwise. Sent as a download; every reading is written to the audit trail.',
    tags,
    access: 'full-key',
    params: TaskParams,
    produces: ['application/octet-stream'],
    responses: { 200: null },
    errors: [403, 404],
  }),
};
