import { modelRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { listModels, listProviders } from '../../ai/catalog.ts';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';

/** The model catalog for the prompt form; `available` tells whether the server has the provider's credentials. */
export async function modelRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.listProviders, { handler: async () => ({ data: listProviders(ctx.config) }) });

  serve(app, routes.listModels, {
    handler: async (request) => ({ data: listModels(ctx.config, request.params.provider) }),
  });
}
