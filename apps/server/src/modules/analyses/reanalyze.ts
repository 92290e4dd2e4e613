import { UPLOAD_TEXTS, type UploadResponse } from '@parley/contracts';
import type { AppContext } from '../../context.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { taskPeople } from '../reps/lookup.ts';
import { createTask, type TaskRequest } from '../tasks/create.ts';
import { announceTask, queueTaskIn } from '../tasks/queue.ts';
import { analysisUrl, checkPromptAndFunds } from '../tasks/request.ts';
import { requireTask } from './detail.ts';

/** A new analysis of the same file with another (or the same) prompt; metadata and priority are kept. */
export async function reanalyze(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  taskId: number,
  promptId: number,
): Promise<UploadResponse> {
  const { task, media } = await requireTask(ctx, access, taskId);
  const prompt = await checkPromptAndFunds(ctx, access, promptId, task.metadata);
  const request: TaskRequest = {
    projectId: access.project.id,
    mediaId: media.id,
    promptId: prompt.id,
    createdBy: userId,
    apiKeyId: access.apiKey?.id ?? null,
    priority: task.priority,
    scheduledAt: null,
    metadata: task.metadata,
    people: await taskPeople(ctx.db, access.project.id, task.metadata),
    // The same conversation: it keeps its time, unless that was only the upload time.
    conversation:
      task.conversationAtSource === 'upload'
        ? null
        : { time: { at: task.conversationAt.toISOString(), zoned: true }, source: task.conversationAtSource },
  };
  const created = await ctx.db.transaction(async (tx) => {
    const row = await createTask(tx, request);
    await queueTaskIn(ctx, tx, row);
    return row;
  });
  await announceTask(ctx, created);
  return {
    data: { restarted: true, task_id: created.id, audio: { id: media.id } },
    message: UPLOAD_TEXTS.forceStarted.replace('{id}', String(created.id)),
    analysis_url: analysisUrl(access.project.id, created.id),
  };
}
