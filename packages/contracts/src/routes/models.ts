import { ModelsResponse, ProviderParams, ProvidersResponse } from '../prompts/api.ts';
import { TranscriptionProvidersResponse } from '../transcription/models.ts';
import { defineRoute } from './route.ts';

// The model catalogue of the prompt form (spec 1 §8, §9): signed-in users and full API keys.
const tags = ['models'] as const;
const access = 'full-key';
const errors = [403] as const;

export const modelRoutes = {
  listProviders: defineRoute({
    method: 'GET',
    path: '/models/providers',
    operationId: 'listProviders',
    summary: 'LLM providers, and whether each is configured on this server',
    tags,
    access,
    responses: { 200: ProvidersResponse },
    errors,
  }),
  listModels: defineRoute({
    method: 'GET',
    path: '/models/providers/:provider/models',
    operationId: 'listModels',
    summary: "A provider's models with their limits and units",
    tags,
    access,
    params: ProviderParams,
    responses: { 200: ModelsResponse },
    errors,
  }),
  listTranscriptionProviders: defineRoute({
    method: 'GET',
    path: '/models/transcription',
    operationId: 'listTranscriptionProviders',
    summary:
      'Speech-to-text providers with their models and units, whether each is configured, and the default',
    tags,
    access,
    responses: { 200: TranscriptionProvidersResponse },
    errors,
  }),
};
