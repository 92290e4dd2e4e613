import {
  DRIVE,
  DRIVE_TEXTS,
  googleDriveRoutes as routes,
  STRUCTURE_TYPES,
  structureTypeInfo,
} from '@parley/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { driveConnections, driveIntegrations, driveSyncRuns } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict } from '../../errors.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { googleAnswer } from '../google/failed-call.ts';
import { googleConfigured } from '../google/oauth.ts';
import { ownOrigins } from '../google/routes.ts';
import { connectionFor, driveAccess, integrationFor } from './access.ts';
import { isSyncing } from './claim.ts';
import { driveApi, listFolders, walkFolder } from './client.ts';
import {
  accessTokenFor,
  createConnection,
  DriveConnectionError,
  finishConsent,
  startConsent,
} from './connections.ts';
import { encryptionProblem } from './crypto.ts';
import { toConnectionDto, toIntegrationDto, toSyncRunDto } from './dto.ts';
import { createIntegration, listIntegrations, updateIntegration } from './integrations.ts';
import { queueSync } from './jobs.ts';
import { isMedia } from './sync.ts';

/** Google Drive connections, folder integrations and their syncs (spec 2 §7 'Cloud drive'); admin or owner. */
export async function googleDriveRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.oauthStatus, {
    handler: async () => {
      const google = googleConfigured(ctx.config);
      const encryption = encryptionProblem(ctx.config);
      const message = !google ? DRIVE_TEXTS.googleNotConfigured : encryption;
      return {
        data: {
          google_configured: google,
          encryption_configured: encryption === null,
          available: message === null,
          message,
        },
      };
    },
  });

  serve(app, routes.structureTypes, {
    handler: async () => ({ data: STRUCTURE_TYPES.map(structureTypeInfo) }),
  });

  serve(app, routes.createConnection, {
    handler: async (request, reply) => {
      const { body } = request;
      const access = await driveAccess(ctx, request, body.project_id);
      const user = currentUser(request);
      const started = await createConnection(ctx, access, user.id, body.name, {
        redirectUri: body.redirect_uri,
        origins: ownOrigins(ctx, request),
      });
      return reply.status(201).send({
        status: 'success' as const,
        data: {
          auth_url: started.auth_url,
          state: started.state,
          connection: toConnectionDto(started.connection),
        },
      });
    },
  });

  serve(app, routes.auth, {
    handler: async (request) => {
      const { body } = request;
      const user = currentUser(request);
      const consent = { redirectUri: body.redirect_uri, origins: ownOrigins(ctx, request) };
      if (body.connection_id === undefined) {
        const access = await driveAccess(ctx, request, body.project_id);
        const started = await createConnection(ctx, access, user.id, DRIVE.defaultConnectionName, consent);
        const data = {
          auth_url: started.auth_url,
          state: started.state,
          connection: toConnectionDto(started.connection),
        };
        return { status: 'success' as const, data };
      }
      const { connection } = await connectionFor(ctx, request, body.connection_id, body.project_id);
      const started = await startConsent(ctx, user.id, connection, consent);
      return { status: 'success' as const, data: { ...started, connection: toConnectionDto(connection) } };
    },
  });

  serve(app, routes.callback, {
    handler: async (request) => ({
      data: toConnectionDto(await finishConsent(ctx, currentUser(request), request.body)),
    }),
  });

  serve(app, routes.listConnections, {
    handler: async (request) => {
      const access = await driveAccess(ctx, request, request.query.project_id);
      const rows = await ctx.db
        .select()
        .from(driveConnections)
        .where(eq(driveConnections.projectId, access.project.id))
        .orderBy(asc(driveConnections.id));
      return { data: rows.map(toConnectionDto) };
    },
  });

  serve(app, routes.getConnection, {
    handler: async (request) => {
      const { connection } = await connectionFor(ctx, request, request.params.id, request.query.project_id);
      return { data: toConnectionDto(connection) };
    },
  });

  serve(app, routes.deleteConnection, {
    handler: async (request) => {
      const { connection } = await connectionFor(ctx, request, request.params.id, request.query.project_id);
      await ctx.db.delete(driveConnections).where(eq(driveConnections.id, connection.id));
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.listFolders, {
    handler: async (request) => {
      const { body } = request;
      const { connection } = await connectionFor(ctx, request, body.connection_id, body.project_id);
      const api = driveApi(ctx, await accessTokenFor(ctx, connection));
      try {
        return { data: await listFolders(api, body.parent_folder_id, body.page_token) };
      } catch (error) {
        throw driveCallError(error);
      }
    },
  });

  serve(app, routes.previewFolder, {
    handler: async (request) => {
      const { body } = request;
      const { connection } = await connectionFor(ctx, request, body.connection_id, body.project_id);
      const api = driveApi(ctx, await accessTokenFor(ctx, connection));
      const limit = DRIVE.previewFiles;
      try {
        // One more than listed tells whether there are more.
        const found = await walkFolder(api, body.folder_id, DRIVE.maxDepth, {
          keep: isMedia,
          limit: limit + 1,
        });
        const files = found.slice(0, limit).map(({ file, path }) => ({ name: file.name, path }));
        return { data: { files, truncated: found.length > limit } };
      } catch (error) {
        throw driveCallError(error);
      }
    },
  });

  serve(app, routes.listIntegrations, {
    handler: async (request) => {
      const access = await driveAccess(ctx, request, request.query.project_id);
      return { data: await listIntegrations(ctx, access.project.id) };
    },
  });

  serve(app, routes.createIntegration, {
    handler: async (request, reply) => {
      const access = await driveAccess(ctx, request, request.body.project_id);
      const data = await createIntegration(ctx, access, currentUser(request).id, request.body);
      return reply.status(201).send({ data });
    },
  });

  serve(app, routes.getIntegration, {
    handler: async (request) => {
      const found = await integrationFor(ctx, request, request.params.id, request.query.project_id);
      return { data: toIntegrationDto(found.integration, found.connection) };
    },
  });

  serve(app, routes.updateIntegration, {
    handler: async (request) => {
      const { access, integration } = await integrationFor(
        ctx,
        request,
        request.params.id,
        request.body.project_id,
      );
      return { data: await updateIntegration(ctx, access, integration, request.body) };
    },
  });

  serve(app, routes.deleteIntegration, {
    handler: async (request) => {
      const { integration } = await integrationFor(ctx, request, request.params.id, request.query.project_id);
      await ctx.db.delete(driveIntegrations).where(eq(driveIntegrations.id, integration.id));
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.sync, {
    handler: async (request, reply) => {
      const { body } = request;
      const { integration } = await integrationFor(ctx, request, body.integration_id, body.project_id);
      const runId = await queueSync(ctx, integration.id, 'manual', body.force_sync);
      if (runId === null) {
        const [current] = await ctx.db
          .select()
          .from(driveIntegrations)
          .where(eq(driveIntegrations.id, integration.id));
        if (!current || isSyncing(current)) throw conflict(DRIVE_TEXTS.syncRunning, 'sync_running');
        return reply
          .status(202)
          .send({ data: { status: 'skipped' as const, message: DRIVE_TEXTS.syncedRecently } });
      }
      return reply.status(202).send({ data: { status: 'started' as const, message: null } });
    },
  });

  serve(app, routes.syncHistory, {
    handler: async (request) => {
      const { integration } = await integrationFor(ctx, request, request.params.id, request.query.project_id);
      const rows = await ctx.db
        .select()
        .from(driveSyncRuns)
        .where(eq(driveSyncRuns.integrationId, integration.id))
        .orderBy(desc(driveSyncRuns.id))
        .limit(DRIVE.historyLimit);
      return { data: rows.map(toSyncRunDto) };
    },
  });
}

/** A Drive API failure as the folder picker's (and preview's) answer: Google's message, 409 for a refused token, else 502. */
function driveCallError(error: unknown): unknown {
  if (error instanceof AppError) return error;
  const response = googleAnswer(error);
  const message = error instanceof Error ? error.message : String(error);
  if (response?.status === 401 || response?.status === 403) return new DriveConnectionError(message);
  if (response?.status === 404) return badRequest(`Google Drive: ${message}`, 'drive_not_found');
  return new AppError('upstream_failed', 'drive_error', `Google Drive: ${message}`);
}
