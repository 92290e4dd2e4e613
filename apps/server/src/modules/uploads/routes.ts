import { rm } from 'node:fs/promises';
import fastifyMultipart from '@fastify/multipart';
import {
  ChunkReceivedResponse,
  ProjectIdParams,
  UPLOAD_TEXTS,
  UploadPromptListResponse,
  UploadResponse,
  UrlUploadRequest,
} from '@parley/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { badRequest, HttpError } from '../../http/errors.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { listPrompts } from '../prompts/service.ts';
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
import { DownloadError } from './download.ts';
import { parseChunkFields, parseUploadFields } from './fields.ts';
import { discard, ingest, type UploadResult, type ValidUpload, validateUpload } from './service.ts';
import { UrlRefusedError } from './ssrf.ts';
import { fileTypeOf, type StagedFile, stageFile, stageFromUrl, uploadError } from './stage.ts';

const tags = ['uploads'];

const FIELDS_DOC =
  'Multipart form: text fields prompt_id, priority (0 high, 1 normal, 2 low; default 1), metadata (a JSON object ' +
  'of names and values), scheduled_at (ISO date-time), force (true/false), and one file part. The fields may ' +
  'come before or after the file (before lets a wrong prompt or missing metadata be refused without reading the ' +
  'file).';

/** Multipart limits: one file, a few small fields. */
const limits = (fileSize: number) => ({ fileSize, files: 1, fields: 30, fieldSize: 64 * 1024, parts: 40 });

function requireMultipart(request: FastifyRequest): void {
  if (!request.isMultipart()) throw badRequest(UPLOAD_TEXTS.invalidInput, 'invalid_input');
}

/** How long a refused multipart request is still read (and discarded) so the client can read the answer. */
const DRAIN_MS = 30_000;

/**
 * A multipart request refused before its body was read (wrong prompt, no access, bad file type ...): the
 * answer closes the connection, and the rest of the body is read and dropped meanwhile. Without this the
 * unread body would stall the connection, and closing at once would reset it before the client reads the
 * answer.
 */
export function releaseUnreadBody(request: FastifyRequest, reply: FastifyReply): void {
  const raw = request.raw;
  if (raw.complete || raw.destroyed) return;
  reply.header('connection', 'close');
  raw.unpipe();
  raw.on('data', () => {});
  raw.resume();
  const timer = setTimeout(() => raw.destroy(), DRAIN_MS);
  timer.unref();
  raw.once('close', () => clearTimeout(timer));
}

function urlError(error: unknown): unknown {
  if (error instanceof UrlRefusedError) return badRequest(error.message, 'url_not_allowed');
  if (error instanceof DownloadError) {
    const code = { 413: 'file_too_large', 502: 'download_failed', 504: 'download_timeout' }[error.statusCode];
    return new HttpError(error.statusCode, code, error.message);
  }
  return error;
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
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: projectRole(ctx, 'user') };
  const { maxBytes, chunkSize } = ctx.config.uploads;

  r.get(
    '/projects/:id/upload-prompts',
    {
      ...member,
      schema: {
        tags,
        summary: "The project's prompts for the upload panel, with the metadata each requires",
        params: ProjectIdParams,
        response: { 200: UploadPromptListResponse },
      },
    },
    async (request) => ({
      data: (await listPrompts(ctx, projectAccess(request))).map((prompt) => ({
        id: prompt.id,
        name: prompt.scriptName,
        project_id: prompt.projectId,
        metadataFields: prompt.metadataFields,
      })),
    }),
  );

  r.post(
    '/projects/:id/uploads',
    {
      ...member,
      schema: {
        tags,
        summary: 'Upload one recording or text conversation (streamed) and queue its analysis',
        description: FIELDS_DOC,
        consumes: ['multipart/form-data'],
        params: ProjectIdParams,
        response: { 200: UploadResponse, 201: UploadResponse },
      },
    },
    async (request, reply) => {
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
  );

  r.post(
    '/projects/:id/uploads/chunks',
    {
      ...member,
      schema: {
        tags,
        summary: 'Upload one chunk of a large file; the chunk that completes the set queues the analysis',
        description:
          `${FIELDS_DOC} Plus upload_id (8-64 letters, digits, _ or -, the same for all chunks), chunk_index ` +
          "(from 0), chunk_total, and optionally file_name (else the file part's name is the file's name). " +
          'Every chunk but the last is at most 50 MB; chunks may be sent in any order or again (a retried chunk ' +
          'replaces the earlier copy), but the last one (index chunk_total - 1) after all others were ' +
          'acknowledged. Until then the answer is {data:{received,total}}.',
        consumes: ['multipart/form-data'],
        params: ProjectIdParams,
        response: { 200: UploadResponse.or(ChunkReceivedResponse), 201: UploadResponse },
      },
    },
    async (request, reply) => {
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
        const finished = await finishedAnswer<UploadResult>(set);
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
  );

  r.post(
    '/projects/:id/uploads/url',
    {
      ...member,
      schema: {
        tags,
        summary: 'Download a recording from a public http(s) link on the server and queue its analysis',
        params: ProjectIdParams,
        body: UrlUploadRequest,
        response: { 200: UploadResponse, 201: UploadResponse },
      },
    },
    async (request, reply) => {
      const access = projectAccess(request);
      const valid = await validateUpload(ctx, access, request.body);
      let staged: StagedFile;
      try {
        staged = await stageFromUrl(ctx, access.project.id, request.body.url);
      } catch (error) {
        throw urlError(error);
      }
      const result = await ingest(ctx, access, currentUser(request).id, valid, staged);
      return reply.status(result.status).send(result.body);
    },
  );
}
