import fastifyMultipart from '@fastify/multipart';
import {
  BatchCreateResponse,
  BatchItemListQuery,
  BatchItemListResponse,
  BatchListQuery,
  BatchListResponse,
  BatchParams,
  BULK_CSV,
  BULK_CSV_TEMPLATE,
  BULK_TEXTS,
  ErrorBody,
  InvalidCsvResponse,
  ProjectIdParams,
  UPLOAD_TEXTS,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { releaseUnreadBody } from '../uploads/routes.ts';
import { FileTooLargeError, whole } from './csv.ts';
import { CsvRefused, type ParsedBulkCsv, parseBulkCsv } from './parse.ts';
import {
  createBatch,
  createdMessage,
  invalidCsvBody,
  listBatches,
  listItems,
  parseBatchFields,
} from './service.ts';

const tags = ['batches'];

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

/** Bulk upload by CSV and the project's batches (spec 1 §2.4, §3, §4, §7). Any member. */
export async function batchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers['content-type']?.startsWith('multipart/')) releaseUnreadBody(request, reply);
    return payload;
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: projectRole(ctx, 'user') };

  r.post(
    '/projects/:id/batches',
    {
      ...member,
      schema: {
        tags,
        summary: 'Upload a CSV of recording links: one analysis per row, downloaded in the background',
        description: CREATE_DOC,
        consumes: ['multipart/form-data'],
        params: ProjectIdParams,
        response: { 201: BatchCreateResponse, 400: InvalidCsvResponse.or(ErrorBody) },
      },
    },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest(UPLOAD_TEXTS.invalidInput, 'invalid_input');
      const access = projectAccess(request);
      const raw: Record<string, string> = {};
      let parsed: ParsedBulkCsv | null = null;
      let fileName = '';
      try {
        const limits = { fileSize: BULK_CSV.maxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 };
        for await (const part of request.parts({ limits })) {
          if (part.type === 'field') {
            raw[part.fieldname] = String(part.value);
            continue;
          }
          if (!/\.csv$/i.test(part.filename.trim())) throw badRequest(BULK_TEXTS.csvOnly, 'csv_only');
          fileName = part.filename.trim();
          parsed = await parseBulkCsv(whole(part.file));
        }
        if (!parsed) throw badRequest(BULK_TEXTS.fileMissing, 'file_missing');
        const fields = parseBatchFields(raw);
        const batch = await createBatch(ctx, access, currentUser(request).id, fileName, parsed, fields);
        return reply.status(201).send({ data: { batch_id: batch.id }, message: createdMessage(batch) });
      } catch (error) {
        if (error instanceof CsvRefused) return reply.status(400).send(invalidCsvBody(error));
        if (
          error instanceof FileTooLargeError ||
          (error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE'
        ) {
          throw new HttpError(413, 'file_too_large', BULK_TEXTS.tooLarge);
        }
        throw error;
      }
    },
  );

  r.get(
    '/projects/:id/batches',
    {
      ...member,
      schema: {
        tags,
        summary: "The project's most recent batches, newest first",
        params: ProjectIdParams,
        querystring: BatchListQuery,
        response: { 200: BatchListResponse },
      },
    },
    async (request) => ({ data: await listBatches(ctx, projectAccess(request), request.query.limit) }),
  );

  r.get(
    '/projects/:id/batches/template.csv',
    {
      ...member,
      schema: {
        tags,
        summary:
          'The bulk upload CSV template (url, type, date, representative, department; one example row)',
        params: ProjectIdParams,
        produces: ['text/csv'],
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${BULK_CSV.templateFileName}"`)
        .send(BULK_CSV_TEMPLATE),
  );

  r.get(
    '/projects/:id/batches/:batchId/items',
    {
      ...member,
      schema: {
        tags,
        summary: "A page of a batch's rows in CSV order: link, metadata, status, analysis and error",
        params: BatchParams,
        querystring: BatchItemListQuery,
        response: { 200: BatchItemListResponse },
      },
    },
    async (request) => ({
      data: await listItems(ctx, projectAccess(request), request.params.batchId, request.query),
    }),
  );
}
