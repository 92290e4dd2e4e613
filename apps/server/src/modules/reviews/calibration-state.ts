import { and, eq, inArray, isNull, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { calibrationParticipants, calibrationSessions, reviews, tasks } from '../../db/schema/index.ts';
import type { Transaction } from '../../jobs/connection.ts';

// What the reviews of an analysis need to know of its calibration session: whether the caller reviews it
// blind (their reviews, the analyses list's human score, the disagreements list), and closing the session
// when its last participant submits.

/** Participants of a session who have not submitted their review of its analysis. */
const waitingFor = sql`EXISTS (SELECT 1 FROM ${calibrationParticipants} p
  WHERE p.session_id = ${calibrationSessions.id} AND NOT EXISTS (SELECT 1 FROM ${reviews} r
    WHERE r.task_id = ${calibrationSessions.taskId} AND r.reviewer_id = p.user_id AND r.status = 'submitted'))`;

/** The open calibration session on the analysis the user takes part in, or null. */
export async function openCalibrationOf(
  db: Executor,
  taskId: number,
  userId: number,
): Promise<{ id: number; name: string } | null> {
  const [row] = await db
    .select({ id: calibrationSessions.id, name: calibrationSessions.name })
    .from(calibrationSessions)
    .innerJoin(
      calibrationParticipants,
      and(
        eq(calibrationParticipants.sessionId, calibrationSessions.id),
        eq(calibrationParticipants.userId, userId),
      ),
    )
    .where(and(eq(calibrationSessions.taskId, taskId), isNull(calibrationSessions.closedAt)));
  return row ?? null;
}

/**
 * Closes the open session on the analysis once every participant submitted, in the transaction of the user's
 * submit. The session row is locked first: of two participants submitting at once, the later one waits and
 * then sees the other's review, so the last submit always closes it.
 */
export async function closeWhenAllSubmitted(tx: Transaction, taskId: number, userId: number): Promise<void> {
  const [open] = await tx
    .select({ id: calibrationSessions.id })
    .from(calibrationSessions)
    .innerJoin(
      calibrationParticipants,
      and(
        eq(calibrationParticipants.sessionId, calibrationSessions.id),
        eq(calibrationParticipants.userId, userId),
      ),
    )
    .where(and(eq(calibrationSessions.taskId, taskId), isNull(calibrationSessions.closedAt)))
    .for('update', { of: calibrationSessions });
  if (!open) return;
  await tx
    .update(calibrationSessions)
    .set({ closedAt: new Date() })
    .where(
      and(eq(calibrationSessions.id, open.id), isNull(calibrationSessions.closedAt), sql`NOT ${waitingFor}`),
    );
}

/**
 * Whether the user reviews the analysis `taskId` blind: they take part in its open session and have not
 * submitted their review.
 */
export function reviewsBlind(taskId: SQLWrapper, userId: number): SQL {
  return sql`EXISTS (SELECT 1 FROM ${calibrationSessions} cs
    JOIN ${calibrationParticipants} cp ON cp.session_id = cs.id AND cp.user_id = ${userId}
    WHERE cs.task_id = ${taskId} AND cs.closed_at IS NULL AND NOT EXISTS (SELECT 1 FROM ${reviews} own
      WHERE own.task_id = cs.task_id AND own.reviewer_id = ${userId} AND own.status = 'submitted'))`;
}

/** Those of these analyses the user reviews blind. */
export async function blindAnalyses(db: Executor, taskIds: number[], userId: number): Promise<Set<number>> {
  if (taskIds.length === 0) return new Set();
  const rows = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(inArray(tasks.id, taskIds), reviewsBlind(tasks.id, userId)));
  return new Set(rows.map((row) => row.id));
}

/**
 * A member who leaves the project leaves the open sessions they had not submitted to, so those do not wait for
 * them; a session whose remaining participants all submitted closes.
 */
export async function leaveOpenCalibrations(tx: Executor, projectId: number, userId: number): Promise<void> {
  const left = await tx
    .delete(calibrationParticipants)
    .where(
      and(
        eq(calibrationParticipants.userId, userId),
        sql`${calibrationParticipants.sessionId} IN (SELECT s.id FROM ${calibrationSessions} s
          WHERE s.project_id = ${projectId} AND s.closed_at IS NULL AND NOT EXISTS (SELECT 1 FROM ${reviews} r
            WHERE r.task_id = s.task_id AND r.reviewer_id = ${userId} AND r.status = 'submitted'))`,
      ),
    )
    .returning({ sessionId: calibrationParticipants.sessionId });
  if (left.length === 0) return;
  await tx
    .update(calibrationSessions)
    .set({ closedAt: new Date() })
    .where(
      and(
        inArray(
          calibrationSessions.id,
          left.map((row) => row.sessionId),
        ),
        isNull(calibrationSessions.closedAt),
        sql`NOT ${waitingFor}`,
      ),
    );
}
