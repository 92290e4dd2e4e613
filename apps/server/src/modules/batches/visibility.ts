import { and, eq, exists, isNotNull, isNull, or, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { batchItems, tasks, uploadBatches } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { visibilityCondition } from '../tasks/visibility.ts';

/** Who reads batches: their access to the project and who they are (a team leader sees their own uploads). */
export interface BatchViewer {
  access: ProjectAccess;
  userId: number;
}

/**
 * A team leader's rows, by the analyses' rule (tasks/visibility.ts): a row with an analysis goes with it (the
 * leader sees the row when they see the analysis, whose people the rep mapping may change later); a row without
 * one by the people its analysis gets. Undefined: every row (everyone but team leaders).
 */
export function teamRowCondition(access: ProjectAccess): SQL | undefined {
  if (access.visibility?.kind !== 'team') return undefined;
  return or(
    and(isNotNull(batchItems.taskId), visibilityCondition(access, tasks)),
    and(isNull(batchItems.taskId), visibilityCondition(access, batchItems)),
  );
}

/**
 * The rows the viewer sees in the batches they see (a query joining tasks and upload_batches to the rows):
 * a team leader every row of their own uploads and their teams' rows of others'. Undefined: every row.
 */
export function rowCondition(viewer: BatchViewer): SQL | undefined {
  const rows = teamRowCondition(viewer.access);
  return rows && or(eq(uploadBatches.createdBy, viewer.userId), rows);
}

/** Whether the viewer sees only some rows of this batch: a team leader, in a batch they did not upload. */
export function seesPartOf(viewer: BatchViewer, batch: { createdBy: number | null }): boolean {
  return teamRowCondition(viewer.access) !== undefined && batch.createdBy !== viewer.userId;
}

/**
 * The batches the viewer sees (undefined: all of the project's): a media key those it uploaded; a team leader
 * those they uploaded and those with a row of their teams.
 */
export function batchCondition(db: Executor, viewer: BatchViewer): SQL | undefined {
  const { visibility } = viewer.access;
  if (visibility?.kind === 'apiKey') return eq(uploadBatches.apiKeyId, visibility.apiKeyId);
  const rows = teamRowCondition(viewer.access);
  if (!rows) return undefined;
  const teamRow = db
    .select({ one: batchItems.id })
    .from(batchItems)
    .leftJoin(tasks, eq(tasks.id, batchItems.taskId))
    .where(and(eq(batchItems.batchId, uploadBatches.id), rows));
  return or(eq(uploadBatches.createdBy, viewer.userId), exists(teamRow));
}
