import { searchRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { searchTranscripts } from './search.ts';

/** Search across the project's transcripts: every member, within the analyses they may see. */
export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.search, {
    preValidation: projectRole(ctx, 'user'),
    handler: async (request) => ({
      data: await searchTranscripts(ctx.db, projectAccess(request), request.query),
    }),
  });
}
