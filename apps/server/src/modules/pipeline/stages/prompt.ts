import { taskError } from '@parley/contracts';
import { isProviderAvailable, providerUnavailable } from '../../../ai/catalog.ts';
import { TranscriptionUnavailable } from '../../../ai/transcriber.ts';
import { transcriptionCredential } from '../../../ai/transcription-catalog.ts';
import { publishedVersion, readPromptVersions } from '../../prompts/versions.ts';
import type { PromptSnapshot } from '../analysis.ts';
import { PipelineFailure } from '../failures.ts';
import { isAudio, type TaskRun, update } from '../task-run.ts';
import { modelTranslates } from './translation.ts';

/**
 * The prompt as the analysis runs with it: its published version (never a draft), taken once (a restarted
 * task takes it again). A classification's chosen prompt, once chosen, goes to run.chosenPrompt.
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
  const version = await publishedPrompt(run, run.task.promptId);
  if (!version) throw new PipelineFailure(taskError('prompt_missing'));
  // A fresh snapshot means a fresh analysis (new task, or a restart): only the facts of the file stay.
  const media = run.state.media;
  run.state = media ? { media } : {};
  await update(run, { promptVersionId: version.id, pipeline: run.state });
  return version.data;
}

/** The published version of a prompt of the task's project; null when there is no such prompt. */
export async function publishedPrompt(
  run: TaskRun,
  promptId: number | null,
): Promise<{ id: number; data: PromptSnapshot } | null> {
  if (promptId === null || !Number.isSafeInteger(promptId)) return null;
  return publishedVersion(run.ctx.db, run.task.projectId, promptId);
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
