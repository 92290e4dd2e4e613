import { modelRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { listModels, listProviders } from '../../ai/catalog.ts';
import { refreshProviderModels } from '../../ai/live-models.ts';
import { listTranscriptionProviders } from '../../ai/transcription-catalog.ts';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';

/**
 * The model catalogs: LLMs for the prompt form, speech to text for the project settings; `available` tells
 * whether the server has the provider's credentials.
 */
export async function modelRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.listProviders, { handler: async () => ({ data: listProviders(ctx.config) }) });

  serve(app, routes.listModels, {
    handler: async (request) => {
      await refreshProviderModels(ctx.config, ctx.logger, request.params.provider);
      return { data: listModels(ctx.config, request.params.provider) };
    },
  });

  serve(app, routes.listTranscriptionProviders, {
    handler: async () => {
      const { provider, model } = ctx.config.transcription;
      return { data: listTranscriptionProviders(ctx.config), default: { provider, model } };
    },
  });
}
