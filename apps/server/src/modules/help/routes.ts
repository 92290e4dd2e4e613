import { HelpQuery, HelpResponse } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { findHelpArticle } from './service.ts';

export async function helpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/knowledge-base/help',
    {
      schema: {
        tags: ['help'],
        summary: 'The help article of a page path (404 with status not_found when there is none)',
        querystring: HelpQuery,
        response: { 200: HelpResponse, 404: HelpResponse },
      },
    },
    async (request, reply) => {
      const result = await findHelpArticle(ctx.db, request.query.path, request.query.language);
      return reply.status(result.status === 'not_found' ? 404 : 200).send(result);
    },
  );
}
