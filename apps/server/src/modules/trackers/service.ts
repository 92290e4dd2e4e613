import {
  type AnalysisTrackerHit,
  TRACKERS,
  type Tracker,
  type TrackerCreateRequest,
  type TrackerUpdateRequest,
} from '@parley/contracts';
import { and, asc, count, eq, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { tasks, trackerHits, trackers } from '../../db/schema/index.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { ANALYSIS_TEXTS } from '../analyses/detail.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';
import { applied } from './apply.ts';
import { trackerWindow } from './hits.ts';
import { queueTrackerApply } from './jobs.ts';
import { lastRuns, type RunRow, runApply } from './smart-apply.ts';

type TrackerRow = typeof trackers.$inferSelect;
type CreateInput = z.output<typeof TrackerCreateRequest>;
type KeywordCreate = Extract<CreateInput, { kind: 'keywords' }>;
type UpdateInput = z.output<typeof TrackerUpdateRequest>;

/** 400 when the change is of the other kind's fields (a statement for words, words for a statement). */
function checkKind(row: TrackerRow, input: UpdateInput): void {
  const keywordFields =
    input.phrases !== undefined || input.speaker !== undefined || input.window !== undefined;
  if (row.kind === 'smart' && (keywordFields || input.kind === 'keywords'))
    throw badRequest(TRACKER_TEXTS.notKeywords, 'not_keyword_tracker');
  if (row.kind === 'keywords' && (input.statement !== undefined || input.kind === 'smart'))
    throw badRequest(TRACKER_TEXTS.notSmart, 'not_smart_tracker');
}

export const TRACKER_TEXTS = {
  notFound: 'Tracker not found.',
  tooMany: `A project can have at most ${TRACKERS.trackersMax} trackers.`,
  nameTaken: 'This project already has a tracker with this name.',
  notKeywords: 'This is a smart tracker: it has a statement, not words, a speaker or a time window.',
  notSmart: 'This is a keyword tracker: it has words and phrases, not a statement.',
} as const;

/** How far the keyword tracker's current revision is applied to past analyses (free, apply.ts). */
function keywordApply(row: TrackerRow): Tracker['apply'] {
  const running = !applied(row);
  const current = row.appliedRevision === row.revision;
  return {
    status: running ? 'running' : 'done',
    done: current ? row.applyDone : 0,
    total: current ? row.applyTotal : 0,
    finished_at: running ? null : (row.applyFinishedAt?.toISOString() ?? null),
  };
}

function trackerOf(row: TrackerRow, analysesHit: number, run: RunRow | undefined): Tracker {
  return {
    id: row.id,
    project_id: row.projectId,
    kind: row.kind,
    name: row.name,
    language: row.language,
    phrases: row.phrases,
    speaker: row.speaker,
    window: trackerWindow(row),
    statement: row.kind === 'smart' ? row.statement : null,
    apply: row.kind === 'smart' ? runApply(run) : keywordApply(row),
    analyses_hit: analysesHit,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Analyses of the caller's sight that hit each of these trackers (an admin's: the primary key alone). */
async function analysesHit(db: Executor, access: ProjectAccess, ids: number[]): Promise<Map<number, number>> {
  if (ids.length === 0) return new Map();
  const visible = taskVisibilityCondition(access);
  const base = db.select({ trackerId: trackerHits.trackerId, n: count() }).from(trackerHits);
  const narrowed = visible ? base.innerJoin(tasks, and(eq(tasks.id, trackerHits.taskId), visible)) : base;
  const rows = await narrowed.where(inArray(trackerHits.trackerId, ids)).groupBy(trackerHits.trackerId);
  return new Map(rows.map((row) => [row.trackerId, row.n]));
}

const trackerWhere = (access: ProjectAccess, trackerId: number): SQL =>
  and(eq(trackers.id, trackerId), eq(trackers.projectId, access.project.id))!;

export async function answer(ctx: AppContext, access: ProjectAccess, row: TrackerRow): Promise<Tracker> {
  const runs = await lastRuns(ctx.db, [row.id]);
  return trackerOf(row, (await analysesHit(ctx.db, access, [row.id])).get(row.id) ?? 0, runs.get(row.id));
}

export async function listTrackers(ctx: AppContext, access: ProjectAccess): Promise<Tracker[]> {
  const rows = await ctx.db
    .select()
    .from(trackers)
    .where(eq(trackers.projectId, access.project.id))
    .orderBy(asc(sql`lower(${trackers.name})`), asc(trackers.id));
  const ids = rows.map((row) => row.id);
  const hit = await analysesHit(ctx.db, access, ids);
  const runs = await lastRuns(
    ctx.db,
    rows.filter((row) => row.kind === 'smart').map((row) => row.id),
  );
  return rows.map((row) => trackerOf(row, hit.get(row.id) ?? 0, runs.get(row.id)));
}

/** 409 tracker_name_taken when another tracker of the project has the name (any case). */
async function checkName(tx: Executor, projectId: number, name: string, except?: number): Promise<void> {
  const [taken] = await tx
    .select({ id: trackers.id })
    .from(trackers)
    .where(
      and(
        eq(trackers.projectId, projectId),
        sql`lower(${trackers.name}) = lower(${name})`,
        except === undefined ? undefined : ne(trackers.id, except),
      ),
    );
  if (taken) throw conflict(TRACKER_TEXTS.nameTaken, 'tracker_name_taken');
}

const windowColumns = (window: KeywordCreate['window']) => ({
  windowEdge: window?.edge ?? null,
  windowSeconds: window?.seconds ?? null,
});

/** The columns of a new tracker: a keyword tracker's run over past analyses is still to do, a smart one has none. */
function newTrackerColumns(input: CreateInput) {
  if (input.kind === 'smart')
    return {
      kind: input.kind,
      name: input.name,
      language: input.language,
      statement: input.statement,
      phrases: [],
      appliedRevision: 1,
      applyFinishedAt: new Date(),
    };
  return {
    kind: input.kind,
    name: input.name,
    language: input.language,
    phrases: input.phrases,
    speaker: input.speaker,
    ...windowColumns(input.window),
  };
}

/**
 * Adds a tracker. A keyword tracker's run over the project's past analyses is queued (free); a smart one answers
 * new analyses, and past ones only when an admin applies it (priced, smart-apply.ts).
 */
export async function createTracker(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number | null,
  input: CreateInput,
): Promise<Tracker> {
  const projectId = access.project.id;
  const row = await ctx.db.transaction(async (tx) => {
    // Serialises creations and renames in one project: the limit and the names hold under concurrent requests.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('trackers'), ${projectId})`);
    const [existing] = await tx
      .select({ n: count() })
      .from(trackers)
      .where(eq(trackers.projectId, projectId));
    if ((existing?.n ?? 0) >= TRACKERS.trackersMax)
      throw conflict(TRACKER_TEXTS.tooMany, 'too_many_trackers');
    await checkName(tx, projectId, input.name);
    const [created] = await tx
      .insert(trackers)
      .values({ projectId, ...newTrackerColumns(input), createdBy: userId })
      .returning();
    if (created!.kind === 'keywords') await queueTrackerApply(ctx, created!.id, tx);
    return created!;
  });
  return trackerOf(row, 0, undefined);
}

/** Whether an update changes what a keyword tracker matches. */
function changesMatching(row: TrackerRow, input: UpdateInput): boolean {
  const same = (a: readonly string[], b: readonly string[]) =>
    a.length === b.length && a.every((value, index) => value === b[index]);
  return (
    (input.language !== undefined && input.language !== row.language) ||
    (input.phrases !== undefined && !same(input.phrases, row.phrases)) ||
    (input.speaker !== undefined && input.speaker !== row.speaker) ||
    (input.window !== undefined &&
      ((input.window?.edge ?? null) !== row.windowEdge ||
        (input.window?.seconds ?? null) !== row.windowSeconds))
  );
}

/**
 * Changes a tracker. A change of what a keyword tracker matches raises its revision and queues the new revision's
 * run (its hits are replaced chunk by chunk; until the run reaches an analysis, that analysis keeps its earlier
 * hits). A smart tracker's new statement is asked from the next analysis on; its past hits stay until it is
 * applied to past analyses again (priced).
 */
export async function updateTracker(
  ctx: AppContext,
  access: ProjectAccess,
  trackerId: number,
  input: UpdateInput,
): Promise<Tracker> {
  const row = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('trackers'), ${access.project.id})`);
    const [current] = await tx.select().from(trackers).where(trackerWhere(access, trackerId)).for('update');
    if (!current) throw notFound(TRACKER_TEXTS.notFound);
    checkKind(current, input);
    if (input.name !== undefined) await checkName(tx, access.project.id, input.name, trackerId);
    const rematch = current.kind === 'keywords' && changesMatching(current, input);
    const [updated] = await tx
      .update(trackers)
      .set({
        ...(input.name !== undefined && { name: input.name }),
        ...(input.language !== undefined && { language: input.language }),
        ...(input.statement !== undefined && { statement: input.statement }),
        ...(input.phrases !== undefined && { phrases: input.phrases }),
        ...(input.speaker !== undefined && { speaker: input.speaker }),
        ...(input.window !== undefined && windowColumns(input.window)),
        ...(rematch && { revision: current.revision + 1 }),
        updatedAt: new Date(),
      })
      .where(eq(trackers.id, trackerId))
      .returning();
    if (rematch) await queueTrackerApply(ctx, trackerId, tx);
    return updated!;
  });
  return answer(ctx, access, row);
}

/** Deletes a tracker with its hits (a run under way finds it gone at its next chunk). */
export async function deleteTracker(
  ctx: AppContext,
  access: ProjectAccess,
  trackerId: number,
): Promise<void> {
  const removed = await ctx.db
    .delete(trackers)
    .where(trackerWhere(access, trackerId))
    .returning({ id: trackers.id });
  if (removed.length === 0) throw notFound(TRACKER_TEXTS.notFound);
}

/** The trackers an analysis the caller sees hit, by name, with their moments. */
export async function analysisTrackerHits(
  ctx: AppContext,
  access: ProjectAccess,
  taskId: number,
): Promise<AnalysisTrackerHit[]> {
  const [task] = await ctx.db
    .select({ id: tasks.id })
    .from(tasks)
    .where(
      and(eq(tasks.id, taskId), eq(tasks.projectId, access.project.id), taskVisibilityCondition(access)),
    );
  if (!task) throw notFound(ANALYSIS_TEXTS.notFound);
  const rows = await ctx.db
    .select({
      trackerId: trackerHits.trackerId,
      name: trackers.name,
      hits: trackerHits.hits,
      moments: trackerHits.moments,
    })
    .from(trackerHits)
    .innerJoin(trackers, eq(trackers.id, trackerHits.trackerId))
    .where(and(eq(trackerHits.taskId, taskId), eq(trackers.projectId, access.project.id)))
    .orderBy(asc(sql`lower(${trackers.name})`), asc(trackers.id));
  return rows.map((row) => ({
    tracker_id: row.trackerId,
    name: row.name,
    hits: row.hits,
    moments: row.moments,
  }));
}
