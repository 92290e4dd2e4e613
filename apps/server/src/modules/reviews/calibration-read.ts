import {
  answersAgree,
  type CalibrationComparison,
  type CalibrationDetail,
  type CalibrationFieldAnswers,
  type CalibrationListQuery,
  type CalibrationListResponse,
  type CalibrationParticipant,
  type CalibrationSession,
  hasRoleAtLeast,
} from '@parley/contracts';
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import {
  calibrationParticipants,
  calibrationSessions,
  mediaFiles,
  prompts,
  reviewAnswers,
  reviews,
  tasks,
} from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';

export const CALIBRATION_NOT_FOUND = 'Calibration session not found.';

/** Who asks: their access to the project and their account. */
export interface Caller {
  access: ProjectAccess;
  user: { id: number };
}

/** Admins and owners (and support staff, reading) run the sessions: they see all of them. */
const runsSessions = (access: ProjectAccess) => hasRoleAtLeast(access.role, 'admin');

type SessionRow = Awaited<ReturnType<typeof sessionRows>>[number];

/** The project's sessions matching `where` with their analysis, on analyses the caller sees. */
function sessionRows(db: Executor, access: ProjectAccess, where: SQL | undefined) {
  return db
    .select({
      session: calibrationSessions,
      title: tasks.title,
      fileName: mediaFiles.fileName,
      representative: tasks.representative,
      promptName: prompts.scriptName,
      finalScore: tasks.finalScore,
    })
    .from(calibrationSessions)
    .innerJoin(tasks, eq(tasks.id, calibrationSessions.taskId))
    .leftJoin(mediaFiles, eq(mediaFiles.id, tasks.mediaId))
    .leftJoin(prompts, eq(prompts.id, tasks.promptId))
    .where(and(eq(calibrationSessions.projectId, access.project.id), taskVisibilityCondition(access), where))
    .$dynamic();
}

/** The participants of these sessions with when they submitted their review of the analysis, in one query. */
async function participantsOf(db: Executor, sessionIds: number[]) {
  const byId = new Map<number, CalibrationParticipant[]>(sessionIds.map((id) => [id, []]));
  if (sessionIds.length === 0) return byId;
  const rows = await db
    .select({
      sessionId: calibrationParticipants.sessionId,
      id: calibrationParticipants.userId,
      name: calibrationParticipants.userName,
      submittedAt: reviews.submittedAt,
    })
    .from(calibrationParticipants)
    .innerJoin(calibrationSessions, eq(calibrationSessions.id, calibrationParticipants.sessionId))
    .leftJoin(
      reviews,
      and(
        eq(reviews.taskId, calibrationSessions.taskId),
        eq(reviews.reviewerId, calibrationParticipants.userId),
        eq(reviews.status, 'submitted'),
      ),
    )
    .where(inArray(calibrationParticipants.sessionId, sessionIds))
    .orderBy(asc(calibrationParticipants.userName), asc(calibrationParticipants.userId));
  for (const row of rows) {
    byId.get(row.sessionId)!.push({
      id: row.id,
      name: row.name,
      submitted_at: row.submittedAt?.toISOString() ?? null,
    });
  }
  return byId;
}

function sessionOf(
  caller: Caller,
  row: SessionRow,
  participants: CalibrationParticipant[],
): CalibrationSession {
  const { session } = row;
  const own = participants.find((participant) => participant.id === caller.user.id);
  const closed = session.closedAt !== null;
  return {
    id: session.id,
    task_id: session.taskId,
    name: session.name,
    status: closed ? 'closed' : 'open',
    created_by:
      session.createdByName === null ? null : { id: session.createdBy, name: session.createdByName },
    created_at: session.createdAt.toISOString(),
    closed_at: session.closedAt?.toISOString() ?? null,
    participants,
    submitted: participants.filter((participant) => participant.submitted_at !== null).length,
    is_participant: own !== undefined,
    answers_visible: closed || (own !== undefined ? own.submitted_at !== null : runsSessions(caller.access)),
    analysis: {
      title: row.title,
      file_name: row.fileName ?? null,
      representative: row.representative,
      prompt_name: row.promptName ?? null,
    },
  };
}

/** Sessions, open ones first, newest first: all for those who run them, else the caller's own. */
export async function listCalibrations(
  ctx: AppContext,
  caller: Caller,
  query: z.output<typeof CalibrationListQuery>,
): Promise<CalibrationListResponse> {
  const where = and(
    query.status === 'open' ? isNull(calibrationSessions.closedAt) : undefined,
    query.status === 'closed' ? isNotNull(calibrationSessions.closedAt) : undefined,
    runsSessions(caller.access)
      ? undefined
      : sql`EXISTS (SELECT 1 FROM ${calibrationParticipants} p
          WHERE p.session_id = ${calibrationSessions.id} AND p.user_id = ${caller.user.id})`,
  );
  const rows = await sessionRows(ctx.db, caller.access, where)
    .orderBy(
      sql`${calibrationSessions.closedAt} IS NOT NULL`,
      desc(calibrationSessions.createdAt),
      desc(calibrationSessions.id),
    )
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await ctx.db
    .select({ n: count() })
    .from(calibrationSessions)
    .innerJoin(tasks, eq(tasks.id, calibrationSessions.taskId))
    .where(
      and(
        eq(calibrationSessions.projectId, caller.access.project.id),
        taskVisibilityCondition(caller.access),
        where,
      ),
    );
  const participants = await participantsOf(
    ctx.db,
    rows.map((row) => row.session.id),
  );
  return {
    data: rows.map((row) => sessionOf(caller, row, participants.get(row.session.id)!)),
    meta: { page: query.page, per_page: query.per_page, total: total?.n ?? 0 },
  };
}

/** The answers of the participants who submitted, field by field in the scorecard's order. */
async function comparisonOf(
  db: Executor,
  row: SessionRow,
  participants: CalibrationParticipant[],
): Promise<CalibrationComparison> {
  const submitters = participants.filter((p) => p.submitted_at !== null).map((p) => p.id);
  const found =
    submitters.length === 0
      ? []
      : await db
          .select()
          .from(reviews)
          .where(
            and(
              eq(reviews.taskId, row.session.taskId),
              eq(reviews.status, 'submitted'),
              inArray(reviews.reviewerId, submitters),
            ),
          );
  const submitted = submitters.flatMap((id) => found.filter((review) => review.reviewerId === id));
  const answers =
    submitted.length === 0
      ? []
      : await db
          .select()
          .from(reviewAnswers)
          .where(
            inArray(
              reviewAnswers.reviewId,
              submitted.map((review) => review.id),
            ),
          )
          .orderBy(asc(reviewAnswers.id));
  // Each review's answers were stored in the scorecard's order; a path takes its place where first seen.
  const fields = new Map<string, CalibrationFieldAnswers>();
  for (const review of submitted) {
    for (const answer of answers.filter((entry) => entry.reviewId === review.id)) {
      const entry = fields.get(answer.path) ?? {
        path: answer.path,
        field_type: answer.fieldType,
        ai_value: answer.aiValue ?? null,
        answers: [],
        agreed: null,
      };
      entry.answers.push({
        reviewer_id: review.reviewerId!,
        value: answer.value ?? null,
        comment: answer.comment,
      });
      fields.set(answer.path, entry);
    }
  }
  const compared = [...fields.values()].map((entry) => ({
    ...entry,
    agreed: answersAgree(entry.answers.map((answer) => answer.value)),
  }));
  const decided = compared.filter((entry) => entry.agreed !== null);
  return {
    fields: compared,
    scores: submitted.map((review) => ({ reviewer_id: review.reviewerId!, score: review.score })),
    ai_score: submitted[0]?.aiScore ?? row.finalScore,
    score_mode: submitted[0]?.scoreDetail.mode ?? null,
    agreement:
      decided.length === 0 ? null : decided.filter((entry) => entry.agreed === true).length / decided.length,
  };
}

/**
 * A session for those who run sessions and its participants (404 for others: whether it exists is not
 * revealed), with the answers side by side once the caller may see them.
 */
export async function calibrationDetail(
  ctx: AppContext,
  caller: Caller,
  sessionId: number,
  db: Executor = ctx.db,
): Promise<CalibrationDetail> {
  const [row] = await sessionRows(db, caller.access, eq(calibrationSessions.id, sessionId));
  if (!row) throw notFound(CALIBRATION_NOT_FOUND);
  const participants = (await participantsOf(db, [row.session.id])).get(row.session.id)!;
  const session = sessionOf(caller, row, participants);
  if (!session.is_participant && !runsSessions(caller.access)) throw notFound(CALIBRATION_NOT_FOUND);
  return {
    ...session,
    comparison: session.answers_visible ? await comparisonOf(db, row, participants) : null,
  };
}
