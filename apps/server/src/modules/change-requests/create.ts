import {
  type ChangeRequest,
  type CreateChangeRequest,
  correctableFieldAt,
  isAiValue,
  proposedValueProblem,
  valueAtPath,
} from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { changeRequestItems, changeRequests, tasks } from '../../db/schema/index.ts';
import { AppError, conflict } from '../../errors.ts';
import { requireTask } from '../analyses/detail.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { findPromptRow } from '../prompts/service.ts';
import { queueChangeRequestEvent } from '../webhooks/events.ts';
import { mailRequestOpened } from './mail.ts';
import { getChangeRequest } from './read.ts';
import { answeredResult } from './result.ts';

export const CREATE_TEXTS = {
  notCompleted: 'Only a completed analysis can be disputed.',
  noResult: 'This analysis has no result fields to correct.',
  notAField: '"{path}" is not a result field of this analysis that can be corrected.',
  badValue: 'The value for "{path}" {problem}.',
  sameAsAi: 'The value for "{path}" is what the AI answered; propose a different one.',
  repeated: '"{path}" is named twice.',
  openAlready: '"{path}" already has an open change request on this analysis.',
  reanalyzeOpen: 'This analysis already has an open request to analyse it again.',
} as const;

const invalid = (message: string) => new AppError('unprocessable', 'invalid_value', message);

/** The disputed items, checked against the fields of the prompt that answered. */
async function checkedItems(
  ctx: AppContext,
  task: Awaited<ReturnType<typeof requireTask>>['task'],
  items: Array<{ path: string; proposed_value: string | number | boolean }>,
) {
  const answered = await answeredResult(ctx.db, task);
  if (!answered) throw conflict(CREATE_TEXTS.noResult, 'no_result');
  const seen = new Set<string>();
  return items.map((item) => {
    if (seen.has(item.path)) throw invalid(CREATE_TEXTS.repeated.replace('{path}', item.path));
    seen.add(item.path);
    const field = correctableFieldAt(answered.prompt.content, item.path);
    if (!field) throw invalid(CREATE_TEXTS.notAField.replace('{path}', item.path));
    const problem = proposedValueProblem(field, item.proposed_value);
    if (problem)
      throw invalid(CREATE_TEXTS.badValue.replace('{path}', item.path).replace('{problem}', problem));
    const aiValue = valueAtPath(answered.values, item.path) ?? null;
    if (isAiValue(item.proposed_value, aiValue))
      throw invalid(CREATE_TEXTS.sameAsAi.replace('{path}', item.path));
    return { path: item.path, fieldType: field.type, aiValue, proposedValue: item.proposed_value };
  });
}

/**
 * Opens a change request on an analysis the caller sees. The task row is locked while the open requests are
 * checked, so two requests for the same field cannot both open.
 */
export async function createChangeRequest(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  taskId: number,
  body: z.output<typeof CreateChangeRequest>,
): Promise<ChangeRequest> {
  const { task } = await requireTask(ctx, access, taskId);
  if (task.status !== 'completed') throw conflict(CREATE_TEXTS.notCompleted, 'not_completed');
  const items = body.kind === 'field' ? await checkedItems(ctx, task, body.items) : [];
  const promptId = body.kind === 'reanalyze' ? (await findPromptRow(ctx, access, body.prompt_id)).id : null;
  const id = await ctx.db.transaction(async (tx) => {
    await tx.select({ id: tasks.id }).from(tasks).where(eq(tasks.id, task.id)).for('update');
    const open = and(eq(changeRequests.taskId, task.id), eq(changeRequests.status, 'open'));
    if (body.kind === 'field') {
      const [taken] = await tx
        .select({ path: changeRequestItems.path })
        .from(changeRequestItems)
        .innerJoin(changeRequests, eq(changeRequests.id, changeRequestItems.requestId))
        .where(
          and(
            open,
            inArray(
              changeRequestItems.path,
              items.map((item) => item.path),
            ),
          ),
        )
        .limit(1);
      if (taken) throw conflict(CREATE_TEXTS.openAlready.replace('{path}', taken.path), 'open_request');
    } else {
      const [taken] = await tx
        .select({ id: changeRequests.id })
        .from(changeRequests)
        .where(and(open, eq(changeRequests.kind, 'reanalyze')))
        .limit(1);
      if (taken) throw conflict(CREATE_TEXTS.reanalyzeOpen, 'open_request');
    }
    const [created] = await tx
      .insert(changeRequests)
      .values({
        projectId: access.project.id,
        taskId: task.id,
        kind: body.kind,
        requestedBy: userId,
        reason: body.reason.trim(),
        transcriptMoment: body.transcript_moment ?? null,
        promptId,
      })
      .returning({ id: changeRequests.id });
    if (items.length > 0) {
      await tx
        .insert(changeRequestItems)
        .values(items.map((item) => ({ ...item, requestId: created!.id, taskId: task.id })));
    }
    await queueChangeRequestEvent(
      ctx,
      tx,
      { id: created!.id, projectId: access.project.id, taskId: task.id },
      'change_request.created',
    );
    return created!.id;
  });
  ctx.logger.info(
    { projectId: access.project.id, taskId: task.id, changeRequestId: id },
    'Change request opened',
  );
  const request = await getChangeRequest(ctx.db, access, userId, id);
  await mailRequestOpened(ctx, access, request);
  return request;
}
