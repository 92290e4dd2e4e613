import { rm } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import { uploadRoutes as routes, UPLOAD_TEXTS } from '@parley/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, type ErrorKind } from '../../errors.ts';
import { releaseUnreadBody } from '../../http/multipart.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import {
  assembledStream,
  finishChunkSet,
  finishedAnswer,
  isComplete,
  lockForAssembly,
  openChunkSet,
  receiveChunkFile,
  removeChunkSet,
  storeChunk,
} from './chunks.ts';
import { DownloadCancelledError, DownloadError, SlowDownloadError } from './download.ts';
import { parseChunkFields, parseUploadFields } from './fields.ts';
import { listUploadPrompts } from './prompts.ts';
import { discard, ingest, UploadResult, type ValidUpload, validateUpload } from './service.ts';
import { UrlRefusedError } from './ssrf.ts';
import { fileTypeOf, type StagedFile, stageFile, stageFromUrl, uploadError } from './stage.ts';

/** Multipart limits: one file, a few small fields. */
const limits = (fileSize: number) => ({ fileSize, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 });

function requireMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) throw badRequest(UPLOAD_TEXTS.invalidInput, 'invalid_input');
}

/** A failed download's answer, by the status DownloadError names. */
const DOWNLOAD_ERRORS: Record<DownloadError['statusCode'], [ErrorKind, string]> = {
  413: ['too_large', 'file_too_large'],
  502: ['upstream_failed', 'download_failed'],
  504: ['upstream_timeout', 'download_timeout'],
};

function urlError(error: unknown): unknown {
  if (error instanceof UrlRefusedError) return badRequest(error.message, 'url_not_allowed');
  if (error instanceof SlowDownloadError)
    return new AppError('upstream_timeout', 'download_too_slow', error.message);
  if (error instanceof DownloadError) {
    const [kind, code] = DOWNLOAD_ERRORS[error.statusCode];
    return new AppError(kind, code, error.message);
  }
  // Nobody reads this answer; 499 (nginx's "client closed request") keeps it out of the server errors.
  if (error instanceof DownloadCancelledError)
    return new AppError('client_closed', 'client_closed_request', error.message);
  return error;
}

/** Aborted when the client closes the connection before its answer is sent: it no longer waits for it. */
function whileClientWaits(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  const response = reply.raw;
  if (response.destroyed) controller.abort();
  response.once('close', () => {
    if (!response.writableFinished) controller.abort();
  });
  return controller.signal;
}

/** Single, chunked and link uploads (spec 1 §3-§5, §8), and the prompts offered for them. Any member. */
export async function uploadRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: limits(ctx.config.uploads.maxBytes),
    throwFileSizeLimit: true,
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers['content-type']?.startsWith('multipart/')) releaseUnreadBody(request, reply);
    return payload;
  });
  const member = projectRole(ctx, 'user');
  const { maxBytes, chunkSize } = ctx.config.uploads;

  serve(app, routes.prompts, {
    preValidation: member,
    handler: async (request) => ({ data: await listUploadPrompts(ctx, projectAccess(request)) }),
  });

  serve(app, routes.file, {
    preValidation: member,
    handler: async (request, reply) => {
      requireMultipart(request);
      const access = projectAccess(request);
      const raw: Record<string, string> = {};
      let valid: ValidUpload | null = null;
      let staged: StagedFile | null = null;
      let fieldsAfterFile = false;
      try {
        for await (const part of request.parts({ limits: limits(maxBytes) })) {
          if (part.type === 'field') {
            raw[part.fieldname] = String(part.value);
            if (staged) fieldsAfterFile = true;
            continue;
          }
          // Fields sent first are checked before the file is read.
          if (raw.prompt_id !== undefined) valid = await validateUpload(ctx, access, parseUploadFields(raw));
          staged = await stageFile(ctx, access.project.id, part.file, {
            fileName: part.filename,
            declaredType: part.mimetype,
            maxBytes,
          });
        }
        if (!staged) throw badRequest(UPLOAD_TEXTS.invalidInput, 'invalid_input');
        if (!valid || fieldsAfterFile) valid = await validateUpload(ctx, access, parseUploadFields(raw));
      } catch (error) {
        if (staged) await discard(ctx, staged);
        throw uploadError(error, maxBytes);
      }
      const result = await ingest(ctx, access, currentUser(request).id, valid, staged);
      return reply.status(result.status).send(result.body);
    },
  });

  serve(app, routes.chunk, {
    preValidation: member,
    handler: async (request, reply) => {
      requireMultipart(request);
      const access = projectAccess(request);
      const userId = currentUser(request).id;
      const raw: Record<string, string> = {};
      let received: { path: string; size: number } | null = null;
      let file = { fileName: '', declaredType: '' };
      try {
        for await (const part of request.parts({ limits: limits(chunkSize) })) {
          if (part.type === 'field') {
            raw[part.fieldname] = String(part.value);
            continue;
          }
          file = { fileName: part.filename, declaredType: part.mimetype };
          received = await receiveChunkFile(ctx.config, access.project.id, part.file);
        }
        if (!received) throw badRequest(UPLOAD_TEXTS.invalidInput, 'invalid_input');
        const fields = parseChunkFields(raw);
        if (raw.file_name?.trim()) file.fileName = raw.file_name.trim();
        fileTypeOf(file.fileName, file.declaredType);
        const set = await openChunkSet(ctx.config, access.project.id, userId, fields, file);
        const finished = await finishedAnswer(set, UploadResult);
        if (finished) return reply.status(finished.status).send(finished.body);
        let valid: ValidUpload;
        try {
          valid = await validateUpload(ctx, access, fields);
        } catch (error) {
          await removeChunkSet(set.dir);
          throw error;
        }
        const present = await storeChunk(set, fields.chunk_index, received.path);
        received = null;
        if (!(await isComplete(set, fields.chunk_index, present))) {
          return reply.status(200).send({ data: { received: present.length, total: fields.chunk_total } });
        }
        await lockForAssembly(set);
        try {
          const staged = await stageFile(ctx, access.project.id, assembledStream(set), {
            fileName: set.meta.fileName,
            declaredType: set.meta.declaredType,
            maxBytes,
          });
          const result = await ingest(ctx, access, userId, valid, staged);
          await finishChunkSet(set, result);
          return reply.status(result.status).send(result.body);
        } catch (error) {
          await removeChunkSet(set.dir);
          throw error;
        }
      } catch (error) {
        throw uploadError(error, chunkSize);
      } finally {
        if (received) await rm(received.path, { force: true });
      }
    },
  });

  serve(app, routes.url, {
    preValidation: member,
    handler: async (request, reply) => {
      const access = projectAccess(request);
      const valid = await validateUpload(ctx, access, request.body);
      let staged: StagedFile;
      try {
        staged = await stageFromUrl(ctx, access.project.id, request.body.url, {
          signal: whileClientWaits(reply),
        });
      } catch (error) {
        throw urlError(error);
      }
      const result = await ingest(ctx, access, currentUser(request).id, valid, staged);
      return reply.status(result.status).send(result.body);
    },
  });
}
