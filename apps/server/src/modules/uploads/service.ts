import { BLACKLIST_TEXTS, declaredConversationTime, UPLOAD_TEXTS, UploadResponse } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { mediaFiles } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { storageOf } from '../../storage/index.ts';
import { blacklistedNumber, removeSkippedMedia } from '../blacklist/enforce.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { taskPeople } from '../reps/lookup.ts';
import type { TaskConversationTime } from '../tasks/conversation-time.ts';
import { createTask, restartTask, type TaskRequest } from '../tasks/create.ts';
import { announceTask, cancelLiveJobs, queueTaskIn } from '../tasks/queue.ts';
import { analysisUrl, checkPromptAndFunds, type PromptRow } from '../tasks/request.ts';
import { findBySha, type TaskRow } from '../tasks/rows.ts';
import { skipTaskIn, taskSettled } from '../tasks/state.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';
import type { UploadInput } from './fields.ts';
import type { StagedFile } from './stage.ts';

export interface ValidUpload {
  input: UploadInput;
  prompt: PromptRow;
  /** The file's own creation time (a Drive file's), an ISO time with a zone. */
  fileCreatedAt?: string | null;
}

/** The upload's declared conversation time, else the file's creation time, else none (the upload time). */
function conversationOf(upload: ValidUpload): TaskConversationTime | null {
  const declared = declaredConversationTime(upload.input.conversation_at, upload.input.metadata);
  if (declared) return { time: declared, source: 'declared' };
  return upload.fileCreatedAt ? { time: { at: upload.fileCreatedAt, zoned: true }, source: 'file' } : null;
}

const fill = (text: string, id: number) => text.replace('{id}', String(id));

export async function validateUpload(
  ctx: AppContext,
  access: ProjectAccess,
  input: UploadInput,
): Promise<ValidUpload> {
  return { input, prompt: await checkPromptAndFunds(ctx, access, input.prompt_id, input.metadata) };
}

type Outcome =
  | { kind: 'created' | 'restarted' | 'skipped'; task: TaskRow; mediaId: number; keepFile: boolean }
  | { kind: 'duplicate' | 'in_progress'; task: TaskRow; keepFile: false };

/** What an upload answers (a chunked upload keeps it for a retried last chunk). */
export const UploadResult = z.object({
  status: z.union([z.literal(200), z.literal(201)]),
  body: UploadResponse,
});
export type UploadResult = z.output<typeof UploadResult>;

/**
 * Turns a staged file into an analysis (spec 1 §4, §8). The same bytes in the same project are a duplicate:
 * a completed (or skipped) analysis answers `duplicate`, a queued or running one `in_progress`; with force
 * the first gets a new analysis of the stored file and the second is reset and queued again. A failed
 * analysis does not block: the file is analysed again. The bytes of a duplicate are not kept. A new analysis
 * of a conversation whose phone metadata is on the project's blacklist is not queued: its task is recorded
 * 'skipped' in the transaction that makes it, and its new file is deleted unless the project keeps skipped
 * media.
 */
export async function ingest(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number | null,
  upload: ValidUpload,
  staged: StagedFile,
  /** The API key the upload came with (recorded on the task; media keys read only their own tasks). */
  apiKeyId: number | null = access.apiKey?.id ?? null,
  /**
   * Records what the upload came from (a bulk upload's row) in the transaction that makes its analysis, so an
   * attempt that dies right after still leaves the link behind.
   */
  linkTask?: (tx: Transaction, taskId: number) => Promise<unknown>,
): Promise<UploadResult> {
  const projectId = access.project.id;
  const { input, prompt } = upload;
  const request = async (db: Executor, mediaId: number): Promise<TaskRequest> => ({
    projectId,
    mediaId,
    promptId: prompt.id,
    createdBy: userId,
    apiKeyId,
    priority: input.priority,
    scheduledAt: input.scheduled_at ? new Date(input.scheduled_at) : null,
    metadata: input.metadata,
    people: await taskPeople(db, projectId, input.metadata),
    conversation: conversationOf(upload),
  });
  /** The file's media row and task, as the duplicates and force decide; in the upload's transaction. */
  const record = async (tx: Transaction): Promise<Outcome> => {
    // Two uploads of the same bytes at once: the second waits and sees the first.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${projectId}, hashtext(${staged.sha256}))`);
    // Only analyses the caller can see count (a media key's own, a team leader's team's): a duplicate
    // answer must link to an analysis they can open, and force must never restart someone else's.
    const existing = await findBySha(tx, projectId, staged.sha256, taskVisibilityCondition(access));
    if (existing.media) {
      const { task } = existing;
      if (task && (task.status === 'queued' || task.status === 'processing')) {
        if (!input.force) return { kind: 'in_progress', task, keepFile: false };
        const reset = await restartTask(tx, task.id, await request(tx, task.mediaId));
        return { kind: 'restarted', task: reset, mediaId: task.mediaId, keepFile: false };
      }
      if (task && (task.status === 'completed' || task.status === 'skipped') && !input.force) {
        return { kind: 'duplicate', task, keepFile: false };
      }
      const created = await createTask(tx, await request(tx, existing.media.id));
      // The stored bytes were deleted (an earlier analysis was skipped): these bytes take their place.
      const replaces = existing.media.removedAt !== null;
      if (replaces) {
        await tx
          .update(mediaFiles)
          .set({
            storageKey: staged.key,
            removedAt: null,
            // A redacted copy's type and size were stored in place of the upload's.
            contentType: staged.contentType,
            sizeBytes: staged.size,
            redactedAt: null,
            originalStorageKey: null,
          })
          .where(eq(mediaFiles.id, existing.media.id));
      }
      return {
        kind: input.force ? 'restarted' : 'created',
        task: created,
        mediaId: existing.media.id,
        keepFile: replaces,
      };
    }
    const [media] = await tx
      .insert(mediaFiles)
      .values({
        projectId,
        storageKey: staged.key,
        fileName: staged.fileName,
        contentType: staged.contentType,
        sizeBytes: staged.size,
        sha256: staged.sha256,
        kind: staged.kind,
        sourceUrl: staged.sourceUrl,
      })
      .returning();
    const created = await createTask(tx, await request(tx, media!.id));
    return { kind: 'created', task: created, mediaId: media!.id, keepFile: true };
  };
  let outcome: Outcome;
  try {
    outcome = await ctx.db.transaction(async (tx): Promise<Outcome> => {
      const recorded = await record(tx);
      if (recorded.kind !== 'created' && recorded.kind !== 'restarted') return recorded;
      await linkTask?.(tx, recorded.task.id);
      // A new analysis of a blacklisted number is never queued: it ends 'skipped' in this transaction, so a
      // worker that stops once it commits leaves no task queued without a job.
      if (await blacklistedNumber(tx, access.project, input.metadata)) {
        if (recorded.kind === 'restarted') await cancelLiveJobs(ctx, recorded.task.id, tx);
        // The task was written queued above, in this transaction: there is one to skip.
        const skipped = await skipTaskIn(ctx, tx, recorded.task.id);
        return { ...recorded, kind: 'skipped', task: skipped! };
      }
      await queueTaskIn(ctx, tx, recorded.task);
      return recorded;
    });
  } catch (error) {
    await discard(ctx, staged);
    throw error;
  }
  if (!outcome.keepFile) await discard(ctx, staged);
  if (outcome.kind === 'skipped') await taskSettled(ctx, outcome.task);

  const taskId = outcome.task.id;
  switch (outcome.kind) {
    case 'duplicate':
      return {
        status: 200,
        body: {
          data: { duplicate: true, existing_task_id: taskId },
          message: UPLOAD_TEXTS.duplicateTitle,
          analysis_url: analysisUrl(projectId, taskId),
        },
      };
    case 'in_progress':
      return {
        status: 200,
        body: {
          data: { in_progress: true, existing_task_id: taskId },
          message: UPLOAD_TEXTS.inProgressTitle,
          analysis_url: analysisUrl(projectId, taskId),
        },
      };
    case 'skipped':
      if (outcome.keepFile) await removeSkippedMedia(ctx, access.project, outcome.mediaId);
      return {
        status: 201,
        body: {
          data: { skipped: true, task_id: taskId, audio: { id: outcome.mediaId } },
          message: BLACKLIST_TEXTS.uploadSkipped(taskId),
          analysis_url: analysisUrl(projectId, taskId),
        },
      };
    default:
      await announceTask(ctx, outcome.task);
      return {
        status: 201,
        body:
          outcome.kind === 'restarted'
            ? {
                data: { restarted: true, task_id: taskId, audio: { id: outcome.mediaId } },
                message: fill(UPLOAD_TEXTS.forceStarted, taskId),
                analysis_url: analysisUrl(projectId, taskId),
              }
            : {
                data: { task_id: taskId, audio: { id: outcome.mediaId } },
                message: fill(UPLOAD_TEXTS.successTask, taskId),
                analysis_url: analysisUrl(projectId, taskId),
              },
      };
  }
}

/** Removes a staged file that no task will use. */
export async function discard(ctx: AppContext, staged: Pick<StagedFile, 'key'>): Promise<void> {
  await storageOf(ctx.config)
    .remove(staged.key)
    .catch((error) => ctx.logger.warn({ err: error, key: staged.key }, 'Could not remove an unused upload'));
}
