import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../shared/api/client';

// Routes and shapes: packages/contracts/src/analyses/api.ts (uploads, upload-prompts),
// packages/contracts/src/prompts/api.ts (project prompts), packages/contracts/src/billing/api.ts (can-process).

/** A prompt the upload panel can use (spec 1 §3 'Upload prompt'). */
export interface UploadPromptOption {
  id: number;
  name: string;
  /** The project the prompt belongs to, when the server says. */
  projectId: number | null;
  /** Names of the metadata the prompt requires. */
  metadataFields: string[];
}

export const uploadKeys = {
  prompts: (projectId: number) => ['upload', projectId, 'prompts'] as const,
};

type RecordLike = Record<string, unknown>;
const isRecord = (value: unknown): value is RecordLike =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The list in a prompt list answer: under data, prompts or data.prompts, or the body itself. */
export function promptListOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (!isRecord(body)) return [];
  if (Array.isArray(body.data)) return body.data;
  if (Array.isArray(body.prompts)) return body.prompts;
  if (isRecord(body.data) && Array.isArray(body.data.prompts)) return body.data.prompts;
  return [];
}

/** Reads a prompt whose id may be id, ID or promptId and whose name may be name or scriptName. */
export function normalizeUploadPrompt(raw: unknown): UploadPromptOption | null {
  if (!isRecord(raw)) return null;
  const id = Number(raw.id ?? raw.ID ?? raw.promptId);
  if (!Number.isInteger(id) || id <= 0) return null;
  const name = String(raw.name ?? raw.scriptName ?? '').trim() || `#${id}`;
  const project = Number(raw.project_id ?? raw.projectId);
  const fields = Array.isArray(raw.metadataFields) ? raw.metadataFields : [];
  const metadataFields = [
    ...new Set(fields.filter((f): f is string => typeof f === 'string').map((f) => f.trim())),
  ].filter(Boolean);
  return {
    id,
    name,
    projectId: Number.isInteger(project) && project > 0 ? project : null,
    metadataFields,
  };
}

/**
 * Project prompts and analysis prompts in one list without repeats (spec 1 §7): the project prompts in
 * their order, then the analysis prompts not already there. A prompt listed twice keeps its first entry,
 * with the project taken from the second when the first lacks it.
 */
export function mergeUploadPrompts(
  projectPrompts: unknown[],
  analysisPrompts: unknown[],
): UploadPromptOption[] {
  const byId = new Map<number, UploadPromptOption>();
  for (const raw of [...projectPrompts, ...analysisPrompts]) {
    const prompt = normalizeUploadPrompt(raw);
    if (!prompt) continue;
    const seen = byId.get(prompt.id);
    if (!seen) byId.set(prompt.id, prompt);
    else if (seen.projectId === null && prompt.projectId !== null) seen.projectId = prompt.projectId;
  }
  return [...byId.values()];
}

/**
 * The prompt chosen at first: the project's default prompt (its general settings) when it is offered, else
 * the first one of this project, else the first one (spec 1 §7).
 */
export function defaultUploadPrompt(
  prompts: UploadPromptOption[],
  project: { id: number; default_prompt_id?: number | null },
): UploadPromptOption | undefined {
  return (
    prompts.find((prompt) => prompt.id === project.default_prompt_id) ??
    prompts.find((prompt) => prompt.projectId === project.id) ??
    prompts[0]
  );
}

/**
 * Both prompt lists of a project, merged. When one call fails the other's list is used; when both fail
 * the first error is thrown (the page then shows 'Failed to load prompts...').
 */
export async function fetchUploadPrompts(projectId: number): Promise<UploadPromptOption[]> {
  const [project, analysis] = await Promise.allSettled([
    apiRequest<unknown>(`/projects/${projectId}/prompts`),
    apiRequest<unknown>(`/projects/${projectId}/upload-prompts`),
  ]);
  if (project.status === 'rejected' && analysis.status === 'rejected') throw project.reason;
  return mergeUploadPrompts(
    project.status === 'fulfilled' ? promptListOf(project.value) : [],
    analysis.status === 'fulfilled' ? promptListOf(analysis.value) : [],
  );
}

export function useUploadPrompts(projectId: number) {
  return useQuery({
    queryKey: uploadKeys.prompts(projectId),
    queryFn: () => fetchUploadPrompts(projectId),
  });
}

/**
 * Whether the balance covers `units` (spec 1 §7 balance check): can_process inside data or at the top.
 * Answers null when the answer does not say (the caller then goes on); a failed call rejects.
 */
export async function canProcess(projectId: number, units = 1): Promise<boolean | null> {
  const body = await apiRequest<unknown>(`/projects/${projectId}/billing/can-process?units=${units}`);
  const value = isRecord(body)
    ? isRecord(body.data) && 'can_process' in body.data
      ? body.data.can_process
      : body.can_process
    : undefined;
  return typeof value === 'boolean' ? value : null;
}
