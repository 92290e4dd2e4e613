import fastifyMultipart from '@fastify/multipart';
import {
  BULK_CSV,
  BULK_CSV_TEMPLATE,
  BULK_TEXTS,
  batchRoutes as routes,
  UPLOAD_TEXTS,
} from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { FileTooLargeError, releaseUnreadBody, whole } from '../../http/multipart.ts';
import { serve } from '../../http/serve.ts';
import { errorCode } from '../../thrown.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { CsvRefused, type ParsedBulkCsv, parseBulkCsv } from './parse.ts';
import {
  createBatch,
  createdMessage,
  invalidCsvBody,
  listBatches,
  listItems,
  parseBatchFields,
} from './service.ts';
import type { BatchViewer } from './visibility.ts';

const batchViewer = (request: FastifyRequest): BatchViewer => ({
  access: projectAccess(request),
  userId: currentUser(request).id,
});

/**
 * Bulk upload by CSV and the project's batches (spec 1 §2.4, §3, §4, §7). Any member; team leaders read their
 * teams' rows and their own uploads, media keys their own uploads (visibility.ts).
 */
export async function batchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers['content-type']?.startsWith('multipart/')) releaseUnreadBody(request, reply);
    return payload;
  });
  const member = projectRole(ctx, 'user');

  serve(app, routes.create, {
    preValidation: member,
    handler: async (request, reply) => {
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
        if (error instanceof FileTooLargeError || errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('too_large', 'file_too_large', BULK_TEXTS.tooLarge);
        }
        throw error;
      }
    },
  });

  serve(app, routes.list, {
    preValidation: member,
    handler: async (request) => ({
      data: await listBatches(ctx, batchViewer(request), request.query.limit),
    }),
  });

  serve(app, routes.template, {
    preValidation: member,
    handler: async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${BULK_CSV.templateFileName}"`)
        .send(BULK_CSV_TEMPLATE),
  });

  serve(app, routes.items, {
    preValidation: member,
    handler: async (request) => ({
      data: await listItems(ctx, batchViewer(request), request.params.batchId, request.query),
    }),
  });
}
