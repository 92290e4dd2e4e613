import { helpRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { findHelpArticle } from './service.ts';

export async function helpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.article, {
    handler: async (request, reply) => {
      const result = await findHelpArticle(ctx.db, request.query.path, request.query.language);
      return reply.status(result.status === 'not_found' ? 404 : 200).send(result);
    },
  });
}
