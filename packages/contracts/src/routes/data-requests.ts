import { ProjectIdParams } from '../api.ts';
import {
  PersonEraseRequest,
  PersonEraseResponse,
  PersonExportQuery,
  PersonSearchRequest,
  PersonSearchResponse,
} from '../privacy/data-requests.ts';
import { defineRoute } from './route.ts';

// Access and erasure for one person (GDPR articles 15 and 17, issue 34): settings → Data requests. Admins and
// owners of the project, or a full API key; other members 403, anyone else 404.
const tags = ['privacy'] as const;
const access = 'full-key';

export const dataRequestRoutes = {
  search: defineRoute({
    method: 'POST',
    path: '/projects/:id/data-requests/search',
    operationId: 'searchPersonData',
    summary: 'Find the analyses that mention a phone number, an email address or a name (admin or owner)',
    description:
      'A phone number is read with the project’s privacy region and found however its digits were written ' +
      '(spaces, dashes, brackets, with or without the country code or trunk zero); an email address ' +
      'case-insensitively; a name as whole words. Looks in the title, file name, metadata values, ' +
      'representative, transcript and the original transcript kept before redaction. POST keeps the value out ' +
      'of URLs and logs. Newest first, at most 100 matches among 20,000 analyses per call: pass next_before as ' +
      'before to read on. 400 invalid_phone / invalid_email / invalid_name for a value that cannot be searched.',
    tags,
    access,
    params: ProjectIdParams,
    body: PersonSearchRequest,
    responses: { 200: PersonSearchResponse },
    errors: [400, 403, 404, 503],
  }),
  export: defineRoute({
    method: 'GET',
    path: '/projects/:id/data-requests/export',
    operationId: 'exportPersonData',
    summary: 'A zip of the chosen analyses: one JSON each (as the analysis detail) and its media (audited)',
    description:
      'task_ids: up to 200 analysis ids, comma-separated. Each analysis gives analysis-<id>.json (the detail ' +
      'answer with the original transcript when one is kept) and analysis-<id>-media.<ext> while its file is ' +
      'stored. Streamed; the export is written to the audit trail. 404 when an id is not an analysis of the ' +
      'project.',
    tags,
    access,
    params: ProjectIdParams,
    query: PersonExportQuery,
    produces: ['application/zip'],
    responses: { 200: null },
    errors: [403, 404],
  }),
  erase: defineRoute({
    method: 'POST',
    path: '/projects/:id/data-requests/erase',
    operationId: 'erasePersonData',
    summary: 'Erase the chosen analyses: media, transcripts, result, metadata, analytics rows (audited)',
    description:
      'Deletes the media file bytes, clears the transcript, the original transcript, the result, speaker roles, ' +
      'voice analysis, metadata, title and file name, and removes the analytics rows; every other analysis of ' +
      'the same file is erased with it. Ledger lines stay, described by the analysis id alone. Analyses still ' +
      'queued or running are skipped. confirm must be true. blacklist (kind phone) adds the number to the ' +
      'project’s blacklist. The audit trail keeps counts and the value masked.',
    tags,
    access,
    params: ProjectIdParams,
    body: PersonEraseRequest,
    responses: { 200: PersonEraseResponse },
    errors: [400, 403, 404],
  }),
};
