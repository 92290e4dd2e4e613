import { ProjectIdParams } from '../api.ts';
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
};
