import { readTranscript, speakerLabels, taskError, transcriptToText } from '@parley/contracts';
import { isProviderAvailable, providerUnavailable } from '../../../ai/catalog.ts';
import { redactDetails } from '../../privacy/conversation.ts';
import type { StoredResult } from '../../tasks/result.ts';
import { projectSmartTrackers } from '../../trackers/smart.ts';
import {
  analyseWithPrompt,
  chosenOption,
  classificationField,
  type PromptAnswer,
  type PromptSnapshot,
  titleOf,
} from '../analysis.ts';
import type { ConversationContext } from '../analysis-request.ts';
import { PipelineFailure } from '../failures.ts';
import { conversationSegments, rolesAfterAnalysis } from '../speaker-roles.ts';
import { isAudio, notifyRun, PROGRESS, saveState, setStage, type TaskRun, update } from '../task-run.ts';
import { hold } from './hold.ts';
import { publishedPrompt } from './prompt.ts';

/** What a conversation's context is built from: a run's task, or a stored one (backtests). */
export type StoredConversation = Pick<TaskRun, 'task' | 'media' | 'state' | 'privacy'>;

/** The conversation as the prompt reads it: its transcript or text and details, redacted as the project asks. */
export function conversationContext(conversation: StoredConversation): ConversationContext {
  const { task, media, state, privacy } = conversation;
  const audio = state.media?.kind === 'audio' ? state.media : null;
  // A chat is read as it was billed: its text (its messages are kept as the transcript for the page).
  const segments = isAudio(conversation) ? readTranscript(task.transcript) : null;
  const transcript = segments ? transcriptToText(segments, { seconds: true }) : (task.transcriptText ?? '');
  return {
    transcript,
    // Redacted with the transcript (the same value, the same placeholder); else redaction was off then, or
    // the transcript was stored before the details were redacted with it.
    ...(state.details ??
      redactDetails({ metadata: task.metadata, fileName: media.fileName }, transcript, privacy)),
    kind: media.kind,
    durationMs: audio?.durationMs ?? null,
    createdAt: task.createdAt,
    detectedLanguage: state.transcription?.detectedLanguage ?? null,
    speakers: speakerLabels(conversationSegments(conversation)),
  };
}

/**
 * Analyses the conversation with the prompt. A classification prompt first chooses the prompt to
 * analyse with (stored, then held for), and the result keeps that step.
 */
export async function analysisStage(run: TaskRun, prompt: PromptSnapshot): Promise<void> {
  if (run.task.result !== null) return;
  await setStage(run, 'analysis', PROGRESS.analysis);
  const context = conversationContext(run);
  const who = { projectId: run.task.projectId, userId: run.task.createdBy, signal: run.options.signal };
  // The project's smart trackers are asked in the same call as the scorecard (the analysis's, not the classification's).
  const smartTrackers = await projectSmartTrackers(run.ctx.db, run.task.projectId);
  let final: PromptAnswer;
  let classification: StoredResult['classification'];
  const found = prompt.isClassification ? classificationField(prompt.content) : null;
  if (found) {
    let step = run.state.classification;
    let target = run.chosenPrompt;
    if (!step || !target) {
      // The roles come from the analysis with the chosen prompt: the classification is not asked for them.
      const { analysis } = await analyseWithPrompt(
        run.ctx,
        prompt,
        { ...context, speakers: [] },
        {
          ...who,
          purpose: 'classification',
        },
      );
      const option = chosenOption(found.field, analysis.values, found.path);
      if (!option) throw new PipelineFailure(taskError('classification_unanswered'), true);
      const chosenVersion = await publishedPrompt(run, Number(option.promptId));
      if (!chosenVersion)
        throw new PipelineFailure(
          taskError('classification_target', { name: option.promptName || option.promptId }),
        );
      target = chosenVersion.data;
      step = {
        analysis,
        chosen: { promptId: String(option.promptId), promptName: option.promptName || target.scriptName },
      };
      const chosenPromptVersionId = chosenVersion.id;
      await saveState(
        run,
        { classification: step },
        { progress: PROGRESS.analysis + 10, chosenPromptVersionId },
      );
      run.chosenPrompt = target;
      await notifyRun(run);
      if (!isProviderAvailable(run.ctx.config, target.provider)) {
        throw providerUnavailable(target.provider);
      }
      await hold(run, prompt);
    }
    final = await analyseWithPrompt(run.ctx, target, context, { ...who, purpose: 'analysis' }, smartTrackers);
    classification = {
      field: found.path.join('.'),
      chosen: step.chosen,
      values: step.analysis.values,
      evidence: step.analysis.evidence,
    };
  } else {
    final = await analyseWithPrompt(run.ctx, prompt, context, { ...who, purpose: 'analysis' }, smartTrackers);
  }
  // The prompts that answered are the task's versions, not copies here (tasks/result.ts reads them).
  const { analysis } = final;
  const result: StoredResult = {
    values: analysis.values,
    evidence: analysis.evidence,
    score: analysis.score,
    ...(classification && { classification }),
  };
  run.state = { ...run.state, smartTrackers: final.smartTrackers ?? {} };
  await update(run, {
    pipeline: run.state,
    result,
    speakerRoles: await rolesAfterAnalysis(run, final.speakerRoles),
    title: titleOf(analysis.values) ?? run.task.title,
    finalScore: analysis.score.score,
    scoreMode: analysis.score.mode,
    unsurePaths: Object.keys(analysis.evidence).filter((path) => analysis.evidence[path]!.unsure),
  });
  await run.deps.afterStage?.('analysis', run.taskId);
}
