import { ErrorBody, ProjectIdParams } from '../api.ts';
import {
  BatchCreateFields,
  BatchCreateResponse,
  BatchItemListQuery,
  BatchItemListResponse,
  BatchListQuery,
  BatchListResponse,
  BatchParams,
  InvalidCsvResponse,
} from '../bulk/api.ts';
import { BULK_CSV } from '../bulk/rules.ts';
import { formFile } from './formFile.ts';
import { defineRoute } from './route.ts';

// Bulk upload by CSV and the project's batches (spec 1 §2.4, §3, §4, §7). Any member of the project and both
// API key types (a media key sees only its own batches); support staff only read, anyone else 404.
const tags = ['batches'] as const;
const access = 'media-key';

const CREATE_DOC =
  'Multipart form: text fields prompt_id and priority (0 high, 1 normal, 2 low; default 1) and one file part, ' +
  `a .csv of at most ${BULK_CSV.maxBytes / (1024 * 1024)} MB and ${BULK_CSV.maxRows.toLocaleString('en-US')} rows. ` +
  'Header: url and type required, date optional (YYYY-MM-DD or a date and time), any further column is ' +
  "metadata; the columns of the prompt's required metadata are needed (matched case-insensitively). " +
  'Separator , or ; (detected), UTF-8 with or without a byte order mark, quoted fields, LF or CRLF; empty rows ' +
  'are skipped. The whole file is checked before anything is created: a refused file answers 400 ' +
  '{error:{code:"invalid_csv", message, errors:[{row, column, message}], error_count}} (the header is row 1). ' +
  'Accepted: the batch (pending) and one item per row are created and the links are downloaded in the ' +
  'background, each through the same checks as a link upload; the batch moves pending -> processing -> ' +
  'completed | partially_completed | failed as its items and their analyses finish.';

export const batchRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/projects/:id/batches',
    operationId: 'createBatch',
    summary: 'Upload a CSV of recording links: one analysis per row, downloaded in the background',
    description: CREATE_DOC,
    tags,
    access,
    params: ProjectIdParams,
    consumes: ['multipart/form-data'],
    form: BatchCreateFields.extend({
      file: formFile('The CSV file (url, type, optional date, metadata columns).', BULK_CSV.maxBytes),
    }),
    responses: { 201: BatchCreateResponse, 400: InvalidCsvResponse.or(ErrorBody) },
    errors: [402, 403, 404, 413, 503],
  }),
  list: defineRoute({
    method: 'GET',
    path: '/projects/:id/batches',
    operationId: 'listBatches',
    summary: "The project's most recent batches, newest first",
    tags,
    access,
    params: ProjectIdParams,
    query: BatchListQuery,
    responses: { 200: BatchListResponse },
    errors: [404],
  }),
  template: defineRoute({
    method: 'GET',
    path: '/projects/:id/batches/template.csv',
    operationId: 'getBatchTemplate',
    summary: 'The bulk upload CSV template (url, type, date, representative, department; one example row)',
    tags,
    access,
    params: ProjectIdParams,
    produces: ['text/csv'],
    responses: { 200: null },
    errors: [404],
  }),
  items: defineRoute({
    method: 'GET',
    path: '/projects/:id/batches/:batchId/items',
    operationId: 'listBatchItems',
    summary: "A page of a batch's rows in CSV order: link, metadata, status, analysis and error",
    tags,
    access,
    params: BatchParams,
    query: BatchItemListQuery,
    responses: { 200: BatchItemListResponse },
    errors: [404],
  }),
};
