import { z } from 'zod';
import {
  ChunkFields,
  METADATA_JSON_MAX,
  UploadFields,
  UploadPromptListResponse,
  UploadResponse,
  UrlUploadRequest,
} from '../analyses/api.ts';
import { ChunkReceivedResponse } from '../analyses/detail.ts';
import { CHUNK_SIZE, MAX_UPLOAD_BYTES } from '../analyses/upload.ts';
import { ProjectIdParams } from '../api.ts';
import { formFile } from './formFile.ts';
import { defineRoute } from './route.ts';

// Single, chunked and link uploads (spec 1 §3-§5, §8), and the prompts offered for them. Any member of the
// project and both API key types; support staff only read (403 on uploads), anyone else 404.
const tags = ['uploads'] as const;
const access = 'media-key';
/** What every upload may answer besides 400: no funds, read-only, not found, too large, queue down. */
const uploadErrors = [402, 403, 404, 413, 503] as const;

const FIELDS_DOC =
  'Multipart form: text fields prompt_id, priority (0 high, 1 normal, 2 low; default 1), metadata (a JSON object ' +
  'of names and values), scheduled_at (ISO date-time), force (true/false), and one file part. The fields may ' +
  'come before or after the file (before lets a wrong prompt or missing metadata be refused without reading the ' +
  'file).';

/** The text parts as sent: metadata is a JSON object in one text part, force is 'true' or 'false'. */
const textParts = {
  metadata: z.string().max(METADATA_JSON_MAX).optional().meta({
    description: 'A JSON object of metadata names and values, e.g. {"Department":"Sales"}.',
  }),
  force: z
    .enum(['true', 'false'])
    .optional()
    .meta({ description: 'Analyse again even if it is a duplicate.' }),
};
const UploadForm = UploadFields.extend({
  ...textParts,
  file: formFile(
    'The recording (audio or video) or the text conversation (.txt, .json); at most 4 GB unless the deployment sets MAX_UPLOAD_BYTES.',
    MAX_UPLOAD_BYTES,
  ),
});
const ChunkForm = ChunkFields.extend({
  ...textParts,
  file_name: z.string().max(255).optional().meta({ description: "The whole file's name (else the part's)." }),
  file: formFile('This chunk of the file (every chunk but the last at most 50 MB).', CHUNK_SIZE),
});

export const uploadRoutes = {
  prompts: defineRoute({
    method: 'GET',
    path: '/projects/:id/upload-prompts',
    operationId: 'listUploadPrompts',
    summary: "The project's prompts for the upload panel, with the metadata each requires",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: UploadPromptListResponse },
    errors: [404],
  }),
  file: defineRoute({
    method: 'POST',
    path: '/projects/:id/uploads',
    operationId: 'uploadFile',
    summary: 'Upload one recording or text conversation (streamed) and queue its analysis',
    description: FIELDS_DOC,
    tags,
    access,
    params: ProjectIdParams,
    consumes: ['multipart/form-data'],
    form: UploadForm,
    responses: { 200: UploadResponse, 201: UploadResponse },
    errors: uploadErrors,
  }),
  chunk: defineRoute({
    method: 'POST',
    path: '/projects/:id/uploads/chunks',
    operationId: 'uploadChunk',
    summary: 'Upload one chunk of a large file; the chunk that completes the set queues the analysis',
    description:
      `${FIELDS_DOC} Plus upload_id (8-64 letters, digits, _ or -, the same for all chunks), chunk_index ` +
      "(from 0), chunk_total, and optionally file_name (else the file part's name is the file's name). " +
      'Every chunk but the last is at most 50 MB; chunks may be sent in any order or again (a retried chunk ' +
      'replaces the earlier copy), but the last one (index chunk_total - 1) after all others were ' +
      'acknowledged. Until then the answer is {data:{received,total}}.',
    tags,
    access,
    params: ProjectIdParams,
    consumes: ['multipart/form-data'],
    form: ChunkForm,
    responses: { 200: ChunkReceivedResponse.or(UploadResponse), 201: UploadResponse },
    errors: [...uploadErrors, 409],
  }),
  url: defineRoute({
    method: 'POST',
    path: '/projects/:id/uploads/url',
    operationId: 'uploadFromUrl',
    summary: 'Download a recording from a public http(s) link on the server and queue its analysis',
    description:
      'The download stops when the request is closed (nothing is kept). It fails with 504 download_too_slow when ' +
      'the link sends less than the server minimum in a window (URL_DOWNLOAD_MIN_BYTES in ' +
      'URL_DOWNLOAD_RATE_WINDOW_MS, waiting for its answer included) and with 504 download_timeout when the ' +
      'whole download takes longer than URL_DOWNLOAD_TIMEOUT_MS.',
    tags,
    access,
    params: ProjectIdParams,
    body: UrlUploadRequest,
    responses: { 200: UploadResponse, 201: UploadResponse },
    errors: [...uploadErrors, 502, 504],
  }),
};
