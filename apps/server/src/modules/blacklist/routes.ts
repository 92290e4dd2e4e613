import { Readable } from 'node:stream';
import fastifyMultipart from '@fastify/multipart';
import {
  BLACKLIST,
  BLACKLIST_TEXTS,
  type BlacklistImportResult,
  blacklistExportFileName,
  idFrom,
  blacklistRoutes as routes,
  TEXTS,
} from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { FileTooLargeError, releaseUnreadBody, whole } from '../../http/multipart.ts';
import { pathId } from '../../http/path-id.ts';
import { serve } from '../../http/serve.ts';
import { errorCode } from '../../thrown.ts';
import { currentUser } from '../auth/plugin.ts';
import type { ProjectAccess } from '../projects/access.ts';
import {
  createEntry,
  deleteEntry,
  type EntryRow,
  exportCsv,
  importEntries,
  listEntries,
  requireBlacklistManager,
  requireEntry,
  updateEntry,
} from './service.ts';

const accessByRequest = new WeakMap<FastifyRequest, ProjectAccess>();
const entryByRequest = new WeakMap<FastifyRequest, EntryRow>();

/** The project of a project_id sent in the query or a form/JSON body, checked for admin or owner. */
async function accessFor(ctx: AppContext, request: FastifyRequest, raw: unknown): Promise<ProjectAccess> {
  if (raw === undefined || raw === null || raw === '') {
    throw badRequest('Project ID is required.', 'validation_error', 'project_id');
  }
  const projectId = idFrom(raw);
  if (projectId === null) throw notFound(TEXTS.guard.notFound);
  return requireBlacklistManager(ctx, currentUser(request), projectId);
}

/** The project a query or body names, read before it is validated. */
const ProjectIdField = z.object({ project_id: z.unknown().optional() });

/**
 * preValidation hooks: the role is checked before the request is validated, so a non-member learns nothing
 * from validation errors (404 whatever is sent).
 */
function byProjectId(ctx: AppContext, from: 'query' | 'body') {
  return async (request: FastifyRequest): Promise<void> => {
    const projectId = ProjectIdField.safeParse(request[from]).data?.project_id;
    accessByRequest.set(request, await accessFor(ctx, request, projectId));
  };
}

function byEntryId(ctx: AppContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const entryId = pathId(request);
    if (entryId === null) throw notFound(BLACKLIST_TEXTS.notFound);
    const { entry, access } = await requireEntry(ctx, currentUser(request), entryId);
    entryByRequest.set(request, entry);
    accessByRequest.set(request, access);
  };
}

function accessOf(request: FastifyRequest): ProjectAccess {
  const access = accessByRequest.get(request);
  if (!access) throw new Error(`${request.routeOptions.url} has no blacklist access hook`);
  return access;
}

function entryOf(request: FastifyRequest): EntryRow {
  const entry = entryByRequest.get(request);
  if (!entry) throw new Error(`${request.routeOptions.url} has no blacklist entry hook`);
  return entry;
}

function requireCsvName(fileName: string): void {
  if (!/\.csv$/i.test(fileName.trim())) throw badRequest(BLACKLIST_TEXTS.csvOnly, 'csv_only');
}

/**
 * A project's phone-number blacklist (spec 1 §2.5, §3, §5, §7 second client variant): list, add, edit, delete,
 * CSV import and export. Admins and owners of the project (super admins too); other members 403, anyone else
 * 404, also for the id of another project's entry.
 */
export async function blacklistRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await app.register(fastifyMultipart, { throwFileSizeLimit: true });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.headers['content-type']?.startsWith('multipart/')) releaseUnreadBody(request, reply);
    return payload;
  });

  serve(app, routes.list, {
    preValidation: byProjectId(ctx, 'query'),
    handler: async (request) => ({
      data: await listEntries(ctx, accessOf(request), request.query.page, request.query.limit),
    }),
  });

  serve(app, routes.create, {
    preValidation: byProjectId(ctx, 'body'),
    handler: async (request, reply) => {
      const entry = await createEntry(ctx, accessOf(request), currentUser(request).id, request.body);
      return reply.status(201).send({ data: entry });
    },
  });

  serve(app, routes.export, {
    preValidation: byProjectId(ctx, 'query'),
    handler: async (request, reply) => {
      const access = accessOf(request);
      const csv = await exportCsv(ctx, access);
      return reply
        .type('text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="${blacklistExportFileName(access.project.id, new Date())}"`,
        )
        .header('cache-control', 'no-store')
        .send(csv);
    },
  });

  serve(app, routes.update, {
    preValidation: byEntryId(ctx),
    handler: async (request) => ({ data: await updateEntry(ctx, entryOf(request), request.body) }),
  });

  serve(app, routes.remove, {
    preValidation: byEntryId(ctx),
    handler: async (request) => {
      await deleteEntry(ctx, entryOf(request));
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.import, {
    handler: async (request) => {
      if (!request.isMultipart()) throw badRequest(BLACKLIST_TEXTS.fileMissing, 'invalid_input');
      const userId = currentUser(request).id;
      const raw: Record<string, string> = {};
      let access: ProjectAccess | null = null;
      let result: BlacklistImportResult | null = null;
      let buffered: { fileName: string; data: Buffer } | null = null;
      try {
        const limits = {
          fileSize: BLACKLIST.importMaxBytes,
          files: 1,
          fields: 10,
          fieldSize: 1024,
          parts: 12,
        };
        for await (const part of request.parts({ limits })) {
          if (part.type === 'field') {
            raw[part.fieldname] = String(part.value);
            continue;
          }
          if (raw.project_id !== undefined) {
            // project_id came first: checked before the file is read, which is then imported as it streams.
            access = await accessFor(ctx, request, raw.project_id);
            requireCsvName(part.filename);
            result = await importEntries(ctx, access, userId, whole(part.file));
          } else {
            // The file came first: it is kept (at most 10 MB) until project_id has been checked.
            const chunks: Buffer[] = [];
            for await (const chunk of whole(part.file)) chunks.push(chunk);
            buffered = { fileName: part.filename, data: Buffer.concat(chunks) };
          }
        }
      } catch (error) {
        if (error instanceof FileTooLargeError || errorCode(error) === 'FST_REQ_FILE_TOO_LARGE') {
          throw new AppError('too_large', 'file_too_large', BLACKLIST_TEXTS.tooLarge);
        }
        throw error;
      }
      if (result) return result;
      access ??= await accessFor(ctx, request, raw.project_id);
      if (!buffered) throw badRequest(BLACKLIST_TEXTS.fileMissing, 'file_missing');
      requireCsvName(buffered.fileName);
      return importEntries(ctx, access, userId, Readable.from([buffered.data]));
    },
  });
}
