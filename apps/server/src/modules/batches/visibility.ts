import { and, eq, exists, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { batchItems, uploadBatches } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { visibilityCondition } from '../tasks/visibility.ts';

/** Who reads batches: their access to the project and who they are (a team leader sees their own uploads). */
export interface BatchViewer {
  access: ProjectAccess;
  userId: number;
}

/**
 * A team leader's rows: the analyses' rule (tasks/visibility.ts) on the rows' representative and department
 * (those of the analysis the row made or was linked to, before that those its analysis gets). Undefined: every
 * row (everyone but team leaders).
 */
export function teamRowCondition(access: ProjectAccess): SQL | undefined {
  return access.visibility?.kind === 'team' ? visibilityCondition(access, batchItems) : undefined;
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
  // Kept to the project's batches: however PostgreSQL runs it (an index probe per batch, or hashed once), it
  // reads no rows of other projects' batches.
  const projectBatches = alias(uploadBatches, 'project_batches');
  const teamRow = db
    .select({ one: sql`1` })
    .from(batchItems)
    .innerJoin(
      projectBatches,
      and(eq(projectBatches.id, batchItems.batchId), eq(projectBatches.projectId, viewer.access.project.id)),
    )
    .where(and(eq(batchItems.batchId, uploadBatches.id), rows));
  return or(eq(uploadBatches.createdBy, viewer.userId), exists(teamRow));
}
