import { and, eq, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import { deleteTrackerHits } from '../trackers/hits.ts';

/** States whose analysis is over: retention never touches a task still queued or running. */
export const SETTLED_STATUSES = ['completed', 'failed', 'skipped'] as const;

/**
 * The analyses retention expires in a project: settled, not expired yet, created before `before`. Also what the
 * retention preview counts (privacy/preview.ts); the partial index tasks_retention_idx serves both.
 */
export function expirableTasks(projectId: number, before: Date): SQL {
  return and(
    eq(tasks.projectId, projectId),
    lt(tasks.createdAt, before),
    isNull(tasks.expiredAt),
    inArray(tasks.status, [...SETTLED_STATUSES]),
  )!;
}

/**
 * Retention of a project: up to `limit` settled analyses created before `before` lose their transcripts and
 * result (the personal part) and are marked expired, and their tracker hits (whose moments quote the
 * transcript) are deleted with them; their score, metadata and analytics rows stay. Answers how many expired.
 */
export async function expireAnalyses(
  db: Executor,
  projectId: number,
  before: Date,
  limit: number,
): Promise<number> {
  const due = db.select({ id: tasks.id }).from(tasks).where(expirableTasks(projectId, before)).limit(limit);
  return db.transaction(async (tx) => {
    const expired = await tx
      .update(tasks)
      .set({
        transcript: null,
        transcriptText: null,
        transcriptOriginal: null,
        result: null,
        speakerRoles: null,
        expiredAt: sql`now()`,
      })
      .where(inArray(tasks.id, due))
      .returning({ id: tasks.id });
    await deleteTrackerHits(
      tx,
      expired.map((row) => row.id),
    );
    return expired.length;
  });
}
