import {
  FALLBACK_MODELS,
  FALLBACK_PROVIDERS,
  type ModelInfo,
  modelRoutes,
  type Prompt,
  type PromptData,
  type ProviderId,
  type ProviderInfo,
  promptRoutes,
  type RouteBody,
} from '@parley/contracts';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from './client';

const MODELS_STALE_MS = 5 * 60_000;

export const promptKeys = {
  all: ['prompts'] as const,
  list: (projectId: number) => ['prompts', projectId, 'list'] as const,
  byName: (projectId: number, name: string) => ['prompts', projectId, 'by-name', name] as const,
  providers: ['models', 'providers'] as const,
  models: (provider: ProviderId) => ['models', 'providers', provider, 'models'] as const,
};

/** Providers with the server's availability; the built-in list when the call fails (spec 1 §7, §8). */
export async function fetchProviders(): Promise<ProviderInfo[]> {
  try {
    return (await call(modelRoutes.listProviders, {})).data;
  } catch {
    return FALLBACK_PROVIDERS;
  }
}

export function fallbackModels(provider: ProviderId): ModelInfo[] {
  return provider === 'openai-compatible' ? [] : FALLBACK_MODELS[provider];
}

/** A provider's models; the built-in list when the call fails, without a message (spec 1 §7, §8). */
export async function fetchModels(provider: ProviderId): Promise<ModelInfo[]> {
  try {
    return (await call(modelRoutes.listModels, { params: { provider } })).data;
  } catch {
    return fallbackModels(provider);
  }
}

export function useProviders() {
  return useQuery({
    queryKey: promptKeys.providers,
    queryFn: fetchProviders,
    staleTime: MODELS_STALE_MS,
    retry: false,
  });
}

export const modelsQuery = (provider: ProviderId) =>
  queryOptions({
    queryKey: promptKeys.models(provider),
    queryFn: () => fetchModels(provider),
    staleTime: MODELS_STALE_MS,
    retry: false,
  });

export function useModels(provider: ProviderId) {
  return useQuery(modelsQuery(provider));
}

/** Model lists for several providers at once (the prompt list shows model display names). */
export function useModelCatalog(providers: ProviderId[]): Map<ProviderId, ModelInfo[]> {
  const results = useQueries({ queries: providers.map((provider) => modelsQuery(provider)) });
  const catalog = new Map<ProviderId, ModelInfo[]>();
  providers.forEach((provider, index) => {
    catalog.set(provider, results[index]?.data ?? fallbackModels(provider));
  });
  return catalog;
}

export function usePrompts(projectId: number, enabled = true) {
  return useQuery({
    queryKey: promptKeys.list(projectId),
    queryFn: async ({ signal }) =>
      (await call(promptRoutes.list, { params: { id: projectId }, signal })).data,
    enabled,
  });
}

export function usePromptByName(projectId: number, name: string | null) {
  return useQuery({
    queryKey: promptKeys.byName(projectId, name ?? ''),
    queryFn: async ({ signal }) =>
      (await call(promptRoutes.getByName, { params: { id: projectId }, query: { name: name ?? '' }, signal }))
        .data,
    enabled: Boolean(name),
    // The form edits a copy; a refetch must not replace what the user is typing.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

/** A prompt as it is now. */
export async function fetchPrompt(
  projectId: number,
  promptId: number,
  signal?: AbortSignal,
): Promise<Prompt> {
  return (await call(promptRoutes.get, { params: { id: projectId, promptId }, signal })).data;
}

export interface SavePromptVariables {
  projectId: number;
  /** Set when updating an existing prompt (PUT); absent for create and clone (POST). */
  promptId?: number;
  prompt: PromptData;
}

/** Hides the notice that the prompt's model was retired and replaced. */
export function useDismissModelNotice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ projectId, promptId }: { projectId: number; promptId: number }) =>
      (await call(promptRoutes.dismissModelNotice, { params: { id: projectId, promptId } })).data,
    onSuccess: (_prompt, { projectId }) => {
      void queryClient.invalidateQueries({ queryKey: ['prompts', projectId] });
    },
  });
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ projectId, promptId, prompt }: SavePromptVariables) => {
      const saved = promptId
        ? await call(promptRoutes.update, { params: { id: projectId, promptId }, body: prompt })
        : await call(promptRoutes.create, { params: { id: projectId }, body: prompt });
      return saved.data;
    },
    onSuccess: (_saved, { projectId }) => {
      void queryClient.invalidateQueries({ queryKey: ['prompts', projectId] });
    },
  });
}

export function useDeletePrompt(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promptId: number) => call(promptRoutes.remove, { params: { id: projectId, promptId } }),
    onSuccess: (_result, promptId) => {
      queryClient.setQueryData<Prompt[]>(promptKeys.list(projectId), (old) =>
        old?.filter((prompt) => prompt.id !== promptId),
      );
      void queryClient.invalidateQueries({ queryKey: ['prompts', projectId] });
    },
  });
}

/** AI prompt generation (promptId set: improving that prompt): complete form data, not saved yet. */
export async function generatePrompt(
  projectId: number,
  request: RouteBody<typeof promptRoutes.generate>,
): Promise<PromptData> {
  return (await call(promptRoutes.generate, { params: { id: projectId }, body: request })).data;
}
