import { taskError } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { isProviderAvailable, providerUnavailable } from '../../../ai/catalog.ts';
import { TranscriptionUnavailable } from '../../../ai/transcriber.ts';
import { transcriptionCredential } from '../../../ai/transcription-catalog.ts';
import { prompts } from '../../../db/schema/index.ts';
import { toPromptData } from '../../prompts/service.ts';
import { readPromptVersions, savePromptVersion } from '../../prompts/versions.ts';
import type { PromptSnapshot } from '../analysis.ts';
import { PipelineFailure } from '../failures.ts';
import { isAudio, type TaskRun, update } from '../task-run.ts';
import { modelTranslates } from './translation.ts';

type PromptRow = typeof prompts.$inferSelect;

/**
 * The prompt as the analysis runs with it: its version, taken once (a restarted task takes it again). A
 * classification's chosen prompt, once chosen, goes to run.chosenPrompt.
 */
export async function takePromptSnapshot(run: TaskRun): Promise<PromptSnapshot> {
  const { promptVersionId, chosenPromptVersionId } = run.task;
  if (promptVersionId !== null) {
    const versions = await readPromptVersions<PromptSnapshot>(run.ctx.db, [
      promptVersionId,
      chosenPromptVersionId,
    ]);
    run.chosenPrompt = chosenPromptVersionId === null ? null : (versions.get(chosenPromptVersionId) ?? null);
    return versions.get(promptVersionId)!;
  }
  if (run.task.promptId === null) throw new PipelineFailure(taskError('prompt_missing'));
  const row = await findPrompt(run, run.task.promptId);
  if (!row) throw new PipelineFailure(taskError('prompt_missing'));
  const snapshot = snapshotOf(row);
  const version = await savePromptVersion(run.ctx.db, snapshot);
  // A fresh snapshot means a fresh analysis (new task, or a restart): only the facts of the file stay.
  const media = run.state.media;
  run.state = media ? { media } : {};
  await update(run, { promptVersionId: version, pipeline: run.state });
  return snapshot;
}

/** A prompt of the task's project. */
export async function findPrompt(run: TaskRun, promptId: number): Promise<PromptRow | null> {
  const [row] = await run.ctx.db
    .select()
    .from(prompts)
    .where(and(eq(prompts.id, promptId), eq(prompts.projectId, run.task.projectId)));
  return row ?? null;
}

export function snapshotOf(row: PromptRow): PromptSnapshot {
  return { id: row.id, projectId: row.projectId, ...toPromptData(row), unitsMilli: row.unitsMilli };
}

/**
 * Work that needs a provider without credentials fails now, naming the variable to set and the stage that
 * needs it (the prompt's model is first needed by the transcription when it translates).
 */
export function checkCredentials(run: TaskRun, prompt: PromptSnapshot): void {
  const config = run.ctx.config;
  if (
    isAudio(run) &&
    run.task.transcript === null &&
    !transcriptionCredential(config, run.transcription.provider) &&
    !run.deps.transcriber
  ) {
    throw new PipelineFailure(
      new TranscriptionUnavailable(run.transcription.provider).reason,
      false,
      'transcription',
    );
  }
  if (run.task.result === null) {
    const target = run.chosenPrompt ?? prompt;
    if (!isProviderAvailable(config, target.provider)) {
      const stage =
        target === prompt && run.task.transcript === null && modelTranslates(run, prompt)
          ? 'transcription'
          : 'analysis';
      throw new PipelineFailure(providerUnavailable(target.provider).reason, false, stage);
    }
  }
}
