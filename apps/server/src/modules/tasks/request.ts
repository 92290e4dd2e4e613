import { ANALYSIS_CHECK_UNITS, missingMetadata, UPLOAD_TEXTS } from '@parley/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest } from '../../errors.ts';
import { canProcess } from '../billing/holds.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { findPromptRow } from '../prompts/service.ts';

export type PromptRow = Awaited<ReturnType<typeof findPromptRow>>;

/** Where the web app shows an analysis (the analysis_url of upload answers). */
export const analysisUrl = (projectId: number, taskId: number) => `/projects/${projectId}/analysis/${taskId}`;

/** Every new analysis, retry or bulk upload first asks the balance to cover one unit (spec 1 §5, §7). */
export async function requireAnalysisFunds(ctx: AppContext, projectId: number): Promise<void> {
  if (!(await canProcess(ctx, projectId, ANALYSIS_CHECK_UNITS))) {
    throw new AppError('payment_required', 'insufficient_funds', UPLOAD_TEXTS.insufficientFunds);
  }
}

/** The prompt (of this project), its required metadata and the balance, checked before a task is made. */
export async function checkPromptAndFunds(
  ctx: AppContext,
  access: ProjectAccess,
  promptId: number,
  metadata: Record<string, string>,
  /** false: the metadata the prompt asks for may be missing (a synced folder's files have what its structure gives). */
  options: { requireMetadata?: boolean } = {},
): Promise<PromptRow> {
  let prompt: PromptRow;
  try {
    prompt = await findPromptRow(ctx, access, promptId);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') {
      throw badRequest('The chosen prompt does not exist in this project.', 'prompt_not_found');
    }
    throw error;
  }
  const missing = options.requireMetadata === false ? [] : missingMetadata(prompt.metadataFields, metadata);
  if (missing.length > 0) {
    throw badRequest(UPLOAD_TEXTS.missingMetadata.replace('{names}', missing.join(', ')), 'missing_metadata');
  }
  await requireAnalysisFunds(ctx, access.project.id);
  return prompt;
}
