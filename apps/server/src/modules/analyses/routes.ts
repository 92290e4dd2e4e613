import {
  AnalysisDetailResponse,
  AnalysisListQuery,
  AnalysisListResponse,
  FailedTaskListQuery,
  FailedTaskListResponse,
  OkResponse,
  ProjectIdParams,
  ReanalyzeRequest,
  RetryTasksRequest,
  RetryTasksResponse,
  TaskParams,
  UploadResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { analysisDetail } from './detail.ts';
import { createTaskEventHub } from './events.ts';
import { deleteFailedTask, listFailedTasks, retryFailedTasks } from './failed.ts';
import { listAnalyses } from './list.ts';
import { sendMedia } from './media.ts';
import { reanalyze } from './reanalyze.ts';
import { EventStreams } from './sse.ts';
import { taskEventFilter } from './visibility.ts';

const tags = ['analyses'];

/**
 * The read side of analyses (list, detail, media, live events) for any member, reanalysis, and failed tasks
 * for admins and owners. Team leaders see only the analyses of their assignment and media keys only their own
 * uploads, in every one of these routes (visibility.ts).
 */
export async function analysisRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: projectRole(ctx, 'user') };
  const admin = { preValidation: projectRole(ctx, 'admin') };
  const hub = createTaskEventHub(ctx.db, ctx.logger);
  const streams = new EventStreams(hub);
  app.addHook('preClose', async () => streams.closeAll());
  app.addHook('onClose', async () => hub.close());

  r.get(
    '/projects/:id/analyses',
    {
      ...member,
      schema: {
        tags,
        summary:
          "A page of the project's analyses, newest first (filters; q searches titles and transcripts)",
        params: ProjectIdParams,
        querystring: AnalysisListQuery,
        response: { 200: AnalysisListResponse },
      },
    },
    async (request) => ({ data: await listAnalyses(ctx, projectAccess(request), request.query) }),
  );

  r.get(
    '/projects/:id/analyses/events',
    {
      ...member,
      exposeHeadRoute: false,
      schema: {
        tags,
        summary: 'Live task changes of the project (text/event-stream; `event: task`, data: TaskEvent)',
        params: ProjectIdParams,
        produces: ['text/event-stream'],
      },
    },
    async (request, reply) => {
      const access = projectAccess(request);
      return streams.serve(access.project.id, request, reply, taskEventFilter(ctx.db, access));
    },
  );

  r.get(
    '/projects/:id/analyses/:taskId',
    {
      ...member,
      schema: {
        tags,
        summary: 'Everything the analysis page shows',
        params: TaskParams,
        response: { 200: AnalysisDetailResponse },
      },
    },
    async (request) => ({ data: await analysisDetail(ctx, projectAccess(request), request.params.taskId) }),
  );

  r.get(
    '/projects/:id/analyses/:taskId/media',
    {
      ...member,
      schema: {
        tags,
        summary: "The analysis's recording or conversation file (answers Range requests with 206)",
        params: TaskParams,
      },
    },
    async (request, reply) =>
      sendMedia(ctx, projectAccess(request), request.params.taskId, request.headers.range, reply),
  );

  r.post(
    '/projects/:id/analyses/:taskId/reanalyze',
    {
      ...member,
      schema: {
        tags,
        summary: 'Analyse the same file again, with this prompt (a new analysis)',
        params: TaskParams,
        body: ReanalyzeRequest,
        response: { 201: UploadResponse },
      },
    },
    async (request, reply) => {
      const access = projectAccess(request);
      const body = await reanalyze(
        ctx,
        access,
        currentUser(request).id,
        request.params.taskId,
        request.body.prompt_id,
      );
      return reply.status(201).send(body);
    },
  );

  r.get(
    '/projects/:id/failed-tasks',
    {
      ...admin,
      schema: {
        tags,
        summary: "The project's failed analyses (admin or owner)",
        params: ProjectIdParams,
        querystring: FailedTaskListQuery,
        response: { 200: FailedTaskListResponse },
      },
    },
    async (request) => ({ data: await listFailedTasks(ctx, projectAccess(request), request.query) }),
  );

  r.post(
    '/projects/:id/failed-tasks/retry',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Queue failed analyses again (admin or owner); ids that are not failed are ignored',
        params: ProjectIdParams,
        body: RetryTasksRequest,
        response: { 200: RetryTasksResponse },
      },
    },
    async (request) => ({
      data: { retried: await retryFailedTasks(ctx, projectAccess(request), request.body.task_ids) },
    }),
  );

  r.delete(
    '/projects/:id/failed-tasks/:taskId',
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a failed analysis (admin or owner); its file goes when no analysis uses it',
        params: TaskParams,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await deleteFailedTask(ctx, projectAccess(request), request.params.taskId);
      return { data: { ok: true as const } };
    },
  );
}
