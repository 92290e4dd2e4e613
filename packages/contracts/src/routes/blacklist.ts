import { z } from 'zod';
import { OkResponse } from '../api.ts';
import {
  BlacklistCreateRequest,
  BlacklistEntryParams,
  BlacklistEntryResponse,
  BlacklistExportQuery,
  BlacklistImportResult,
  BlacklistListQuery,
  BlacklistListResponse,
  BlacklistUpdateRequest,
} from '../blacklist/api.ts';
import { BLACKLIST } from '../blacklist/rules.ts';
import { Id } from '../inputs.ts';
import { formFile } from './formFile.ts';
import { defineRoute } from './route.ts';

// A project's phone-number blacklist (spec 1 §2.5, §3, §5, §7 second client variant). Admins and owners of
// the project (super admins too); other members 403, anyone else 404, also for another project's entry id.
const tags = ['blacklist'] as const;
const access = 'full-key';
const errors = [403, 404] as const;

export const blacklistRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/blacklist',
    operationId: 'listBlacklist',
    summary: "A page of the project's blacklist, newest first (page from 1, limit 1-100, default 50)",
    tags,
    access,
    query: BlacklistListQuery,
    responses: { 200: BlacklistListResponse },
    errors,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/blacklist',
    operationId: 'addBlacklistEntry',
    summary: 'Add a number (stored normalised; 409 when the project has it already)',
    tags,
    access,
    body: BlacklistCreateRequest,
    responses: { 201: BlacklistEntryResponse },
    errors: [...errors, 409],
  }),
  export: defineRoute({
    method: 'GET',
    path: '/blacklist/export',
    operationId: 'exportBlacklist',
    summary: 'The whole list as a CSV file (phone_number, note, created_at)',
    description:
      'Answers text/csv as an attachment named blacklist-project-{id}-{YYYYMMDD-HHMMSS}.csv. Cells that ' +
      "start with = + - @, a tab or a carriage return get a leading ' so that spreadsheets show them as text.",
    tags,
    access,
    query: BlacklistExportQuery,
    produces: ['text/csv'],
    responses: { 200: null },
    errors,
  }),
  update: defineRoute({
    method: 'PUT',
    path: '/blacklist/:id',
    operationId: 'updateBlacklistEntry',
    summary: 'Change an entry (409 when the new number is already on the list)',
    tags,
    access,
    params: BlacklistEntryParams,
    body: BlacklistUpdateRequest,
    responses: { 200: BlacklistEntryResponse },
    errors: [...errors, 409],
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/blacklist/:id',
    operationId: 'deleteBlacklistEntry',
    summary: 'Remove an entry',
    tags,
    access,
    params: BlacklistEntryParams,
    responses: { 200: OkResponse },
    errors,
  }),
  import: defineRoute({
    method: 'POST',
    path: '/blacklist-import',
    operationId: 'importBlacklist',
    summary: 'Import numbers from a CSV (phone_number and note columns)',
    description:
      `Multipart form: project_id and one .csv file of at most ${BLACKLIST.importMaxBytes.toLocaleString('en-US')} bytes ` +
      "whose first row names the columns phone_number and (optionally) note; ',' or ';'. Numbers already on " +
      'the list or repeated in the file are skipped; rows without a valid number (7-15 digits after ' +
      'normalisation) or with a note over 500 characters fail and are listed by row number in errors.',
    tags,
    access,
    consumes: ['multipart/form-data'],
    form: z.object({
      project_id: Id,
      file: formFile('The .csv file: columns phone_number and (optionally) note.', BLACKLIST.importMaxBytes),
    }),
    responses: { 200: BlacklistImportResult },
    errors: [...errors, 413],
  }),
};
