import { ModelsResponse, ProviderParams, ProvidersResponse } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listModels, listProviders } from '../../ai/catalog.ts';
import type { AppContext } from '../../context.ts';

const tags = ['models'];

/** The model catalog for the prompt form; `available` tells whether the server has the provider's credentials. */
export async function modelRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/models/providers',
    {
      schema: {
        tags,
        summary: 'LLM providers, and whether each is configured on this server',
        response: { 200: ProvidersResponse },
      },
    },
    async () => ({ data: listProviders(ctx.config) }),
  );

  r.get(
    '/models/providers/:provider/models',
    {
      schema: {
        tags,
        summary: "A provider's models with their limits and units",
        params: ProviderParams,
        response: { 200: ModelsResponse },
      },
    },
    async (request) => ({ data: listModels(ctx.config, request.params.provider) }),
  );
}
