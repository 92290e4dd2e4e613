import {
  FALLBACK_MODELS,
  FALLBACK_PROVIDERS,
  type ModelInfo,
  type Prompt,
  type PromptData,
  type ProviderInfo,
} from '@parley/contracts';
import { queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiData } from '../../shared/api/client';

// Routes and shapes: packages/contracts/src/prompts/api.ts.

const MODELS_STALE_MS = 5 * 60_000;

export const promptKeys = {
  all: ['prompts'] as const,
  list: (projectId: number) => ['prompts', projectId, 'list'] as const,
  byName: (projectId: number, name: string) => ['prompts', projectId, 'by-name', name] as const,
  providers: ['models', 'providers'] as const,
  models: (provider: string) => ['models', 'providers', provider, 'models'] as const,
};

/**
 * A prompt as the server sent it. The id may arrive as id, ID or promptId and the name as scriptName or
 * name (spec 1 §3); everything else in the app reads `id` and `scriptName`.
 */
export function normalizePrompt(raw: unknown): Prompt {
  const record = (raw ?? {}) as Record<string, unknown>;
  const id = record.id ?? record.ID ?? record.promptId;
  const scriptName = record.scriptName ?? record.name ?? '';
  return { ...(record as Prompt), id: Number(id), scriptName: String(scriptName) };
}

/** Providers with the server's availability; the built-in list when the call fails (spec 1 §7, §8). */
export async function fetchProviders(): Promise<ProviderInfo[]> {
  try {
    return await apiData<ProviderInfo[]>('/models/providers');
  } catch {
    return FALLBACK_PROVIDERS;
  }
}

export function fallbackModels(provider: string): ModelInfo[] {
  return (FALLBACK_MODELS as Record<string, ModelInfo[] | undefined>)[provider] ?? [];
}

/** A provider's models; the built-in list when the call fails, without a message (spec 1 §7, §8). */
export async function fetchModels(provider: string): Promise<ModelInfo[]> {
  try {
    return await apiData<ModelInfo[]>(`/models/providers/${encodeURIComponent(provider)}/models`);
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

export const modelsQuery = (provider: string) =>
  queryOptions({
    queryKey: promptKeys.models(provider),
    queryFn: () => fetchModels(provider),
    staleTime: MODELS_STALE_MS,
    retry: false,
  });

export function useModels(provider: string) {
  return useQuery(modelsQuery(provider));
}

/** Model lists for several providers at once (the prompt list shows model display names). */
export function useModelCatalog(providers: string[]): Map<string, ModelInfo[]> {
  const results = useQueries({ queries: providers.map((provider) => modelsQuery(provider)) });
  const catalog = new Map<string, ModelInfo[]>();
  providers.forEach((provider, index) => {
    catalog.set(provider, results[index]?.data ?? fallbackModels(provider));
  });
  return catalog;
}

export function usePrompts(projectId: number, enabled = true) {
  return useQuery({
    queryKey: promptKeys.list(projectId),
    queryFn: async () => (await apiData<unknown[]>(`/projects/${projectId}/prompts`)).map(normalizePrompt),
    enabled,
  });
}

export function usePromptByName(projectId: number, name: string | null) {
  return useQuery({
    queryKey: promptKeys.byName(projectId, name ?? ''),
    queryFn: async () =>
      normalizePrompt(
        await apiData<unknown>(
          `/projects/${projectId}/prompts/by-name?name=${encodeURIComponent(name ?? '')}`,
        ),
      ),
    enabled: Boolean(name),
    // The form edits a copy; a refetch must not replace what the user is typing.
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
}

export interface SavePromptVariables {
  projectId: number;
  /** Set when updating an existing prompt (PUT); absent for create and clone (POST). */
  promptId?: number;
  prompt: PromptData;
}

export function useSavePrompt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ projectId, promptId, prompt }: SavePromptVariables) =>
      normalizePrompt(
        await apiData<unknown>(
          promptId ? `/projects/${projectId}/prompts/${promptId}` : `/projects/${projectId}/prompts`,
          { method: promptId ? 'PUT' : 'POST', body: prompt },
        ),
      ),
    onSuccess: (_saved, { projectId }) => {
      void queryClient.invalidateQueries({ queryKey: ['prompts', projectId] });
    },
  });
}

export function useDeletePrompt(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (promptId: number) =>
      apiData<{ ok: true }>(`/projects/${projectId}/prompts/${promptId}`, { method: 'DELETE' }),
    onSuccess: (_result, promptId) => {
      queryClient.setQueryData<Prompt[]>(promptKeys.list(projectId), (old) =>
        old?.filter((prompt) => prompt.id !== promptId),
      );
      void queryClient.invalidateQueries({ queryKey: ['prompts', projectId] });
    },
  });
}

export interface GenerateRequest {
  taskDescription: string;
  /** Set when improving an existing prompt. */
  promptId?: number;
}

/** AI prompt generation: complete form data, not saved yet. */
export function generatePrompt(projectId: number, request: GenerateRequest): Promise<PromptData> {
  return apiData<PromptData>(`/projects/${projectId}/prompts/generate`, { method: 'POST', body: request });
}
