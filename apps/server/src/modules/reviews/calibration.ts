import { CALIBRATION, type CalibrationCreateRequest, type CalibrationDetail } from '@parley/contracts';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { calibrationParticipants, calibrationSessions, reviews } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { requireTask } from '../analyses/detail.ts';
import { CALIBRATION_NOT_FOUND, type Caller, calibrationDetail } from './calibration-read.ts';
import { barriers, type Reviewer, reviewersAmong } from './eligible.ts';

export const CALIBRATION_TEXTS = {
  notCompleted: 'Only a completed analysis can be calibrated.',
  notReviewer: 'Reviewer {id} is not a member of this project who may review analyses.',
  hidden: '{name} does not see this analysis, so cannot review it.',
  representative: '{name} is the representative of this analysis; someone else reviews it.',
  open: 'This analysis has an open calibration session already; close it before starting another.',
  tooMany: `A project can have at most ${CALIBRATION.openMax} open calibration sessions; close some first.`,
  closed: 'This calibration session is closed already.',
} as const;

interface Creator {
  id: number;
  name: string;
  email: string;
}

const displayName = (person: { name: string; email: string }) => person.name.trim() || person.email;
const invalid = (message: string) =>
  new AppError('unprocessable', 'invalid_value', message, { field: 'reviewer_ids' });

/** The named reviewers, each a member who may review this analysis (422 naming the first who may not). */
async function participantsFor(
  ctx: AppContext,
  caller: Caller,
  task: { id: number; representative: string | null },
  ids: number[],
): Promise<Reviewer[]> {
  const { project } = caller.access;
  const found = await reviewersAmong(ctx.db, project.id, ids);
  const missing = ids.find((id) => !found.some((reviewer) => reviewer.id === id));
  if (missing !== undefined) throw invalid(CALIBRATION_TEXTS.notReviewer.replace('{id}', String(missing)));
  for (const reviewer of found) {
    const barrier = (await barriers(ctx.db, project, reviewer, [task])).get(task.id);
    if (barrier) throw invalid(CALIBRATION_TEXTS[barrier].replace('{name}', displayName(reviewer)));
  }
  return found;
}

/**
 * Starts a session on an analysis (admins and owners). Participants who submitted their review before count
 * as submitted; when all of them have, the session is closed from the start.
 */
export async function createCalibration(
  ctx: AppContext,
  caller: Caller & { user: Creator },
  input: z.output<typeof CalibrationCreateRequest>,
): Promise<CalibrationDetail> {
  const { project } = caller.access;
  const { task } = await requireTask(ctx, caller.access, input.task_id);
  if (task.status !== 'completed') throw conflict(CALIBRATION_TEXTS.notCompleted, 'not_completed');
  const participants = await participantsFor(ctx, caller, task, input.reviewer_ids);
  const id = await ctx.db
    .transaction(async (tx) => {
      // Serialises creations in one project, so that the limit of open sessions holds.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('calibration_sessions'), ${project.id})`);
      const [running] = await tx
        .select({ id: calibrationSessions.id })
        .from(calibrationSessions)
        .where(and(eq(calibrationSessions.taskId, task.id), isNull(calibrationSessions.closedAt)));
      if (running) throw conflict(CALIBRATION_TEXTS.open, 'calibration_open');
      const [open] = await tx
        .select({ n: count() })
        .from(calibrationSessions)
        .where(and(eq(calibrationSessions.projectId, project.id), isNull(calibrationSessions.closedAt)));
      if ((open?.n ?? 0) >= CALIBRATION.openMax)
        throw conflict(CALIBRATION_TEXTS.tooMany, 'too_many_calibrations');
      const [done] = await tx
        .select({ n: count() })
        .from(reviews)
        .where(
          and(
            eq(reviews.taskId, task.id),
            eq(reviews.status, 'submitted'),
            inArray(reviews.reviewerId, input.reviewer_ids),
          ),
        );
      const [created] = await tx
        .insert(calibrationSessions)
        .values({
          projectId: project.id,
          taskId: task.id,
          name: input.name,
          createdBy: caller.user.id,
          createdByName: displayName(caller.user),
          closedAt: done?.n === participants.length ? new Date() : null,
        })
        .returning({ id: calibrationSessions.id });
      await tx.insert(calibrationParticipants).values(
        participants.map((reviewer) => ({
          sessionId: created!.id,
          userId: reviewer.id,
          userName: displayName(reviewer),
        })),
      );
      return created!.id;
    })
    .catch((error: unknown) => {
      // The index keeps one open session per analysis should anything insert past the lock.
      if (isUniqueViolation(error, 'calibration_sessions_open_task_key')) {
        throw conflict(CALIBRATION_TEXTS.open, 'calibration_open');
      }
      throw error;
    });
  ctx.logger.info(
    { projectId: project.id, taskId: task.id, calibrationId: id },
    'Calibration session started',
  );
  return calibrationDetail(ctx, caller, id);
}

/** Closes an open session before everyone submitted (admins and owners): the answers show to all. */
export async function closeCalibration(
  ctx: AppContext,
  caller: Caller,
  sessionId: number,
): Promise<CalibrationDetail> {
  const [closed] = await ctx.db
    .update(calibrationSessions)
    .set({ closedAt: new Date() })
    .where(
      and(
        eq(calibrationSessions.id, sessionId),
        eq(calibrationSessions.projectId, caller.access.project.id),
        isNull(calibrationSessions.closedAt),
      ),
    )
    .returning({ id: calibrationSessions.id });
  if (!closed) {
    const [exists] = await ctx.db
      .select({ id: calibrationSessions.id })
      .from(calibrationSessions)
      .where(
        and(
          eq(calibrationSessions.id, sessionId),
          eq(calibrationSessions.projectId, caller.access.project.id),
        ),
      );
    throw exists ? conflict(CALIBRATION_TEXTS.closed, 'calibration_closed') : notFound(CALIBRATION_NOT_FOUND);
  }
  return calibrationDetail(ctx, caller, sessionId);
}
