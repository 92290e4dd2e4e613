import {
  AGREEMENT_TYPES,
  type AgreementGroup,
  type AgreementQuery,
  type AgreementResponse,
  agreementFigures,
  type Disagreement,
  type DisagreementQuery,
  type FieldType,
  mayReviewAnalyses,
} from '@parley/contracts';
import { and, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias, type PgSelect } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  promptVersions,
  reviewAgreementAnswers,
  reviewAnswers,
  reviews,
  tasks,
} from '../../db/schema/index.ts';
import { forbidden } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { findPromptRow } from '../prompts/service.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';
import { answerValue } from './agreement-answers.ts';
import { reviewsBlind } from './calibration-state.ts';

export const AGREEMENT_TEXTS = {
  notReviewer:
    'Only team leaders, admins, owners and members with the reviewer permission see review agreement.',
} as const;

type LedgerQuery = z.output<typeof AgreementQuery>;
type Filters = Pick<
  LedgerQuery,
  'prompt_id' | 'prompt_version' | 'from' | 'to' | 'department' | 'representative'
>;

/** Who reads the ledger: those who review (and support staff, read-only as everywhere). */
function requireReviewerView(access: ProjectAccess): void {
  if (access.support) return;
  if (!mayReviewAnalyses(access.role, access.reviewer === true)) throw forbidden(AGREEMENT_TEXTS.notReviewer);
}

/** What the ledger reads of the analyses: the caller's visibility and the department and representative filters. */
function taskConditions(access: ProjectAccess, filters: Filters): SQL[] {
  const conditions: (SQL | undefined)[] = [
    taskVisibilityCondition(access),
    filters.department ? sql`lower(${tasks.department}) = ${filters.department.toLowerCase()}` : undefined,
    filters.representative
      ? sql`lower(${tasks.representative}) = ${filters.representative.toLowerCase()}`
      : undefined,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/**
 * The prompt (joined prompt_versions), its version and the days of submission, on the reviews or on the
 * ledger's answers (the same columns).
 */
function submissionConditions(
  access: ProjectAccess,
  filters: Filters,
  source: typeof reviews | typeof reviewAgreementAnswers,
): SQL[] {
  // Days of the project's time zone as a range of instants: a condition on submitted_at itself, which the
  // planner estimates (a cast of it would be guessed at 0.5 % of the rows and planned as nested loops).
  const dayStart = (day: string) => sql`(${day}::date)::timestamp AT TIME ZONE ${access.project.timezone}`;
  const dayAfter = (day: string) =>
    sql`(${day}::date + 1)::timestamp AT TIME ZONE ${access.project.timezone}`;
  const conditions: (SQL | undefined)[] = [
    eq(source.projectId, access.project.id),
    eq(promptVersions.promptId, filters.prompt_id),
    filters.prompt_version === undefined ? undefined : eq(promptVersions.number, filters.prompt_version),
    filters.from === undefined ? undefined : sql`${source.submittedAt} >= ${dayStart(filters.from)}`,
    filters.to === undefined ? undefined : sql`${source.submittedAt} < ${dayAfter(filters.to)}`,
  ];
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** The submitted reviews of the prompt's analyses the caller sees, within the filters (days of submission). */
function reviewConditions(access: ProjectAccess, filters: Filters): SQL[] {
  return [
    eq(reviews.status, 'submitted'),
    ...submissionConditions(access, filters, reviews),
    ...taskConditions(access, filters),
  ];
}

/**
 * Joins the reviews' analyses when a condition or the group reads them (an index probe per review); without
 * them the join would only cost time (every review has its analysis). The queries select their columns, so
 * the join leaves their rows' type as it is.
 */
function joinTasks<Q extends PgSelect>(query: Q, needed: boolean): Q {
  return needed ? (query.innerJoin(tasks, eq(tasks.id, reviews.taskId)) as unknown as Q) : query;
}

/**
 * The group of an answer of review_agreement_answers (representative: of the joined tasks) and what the rows are
 * grouped by: a month by its first instant, in the session's time zone (the project's, set by ledgerCells), so
 * no zone is looked up and no text formatted per answer; the others by their position in the select.
 */
function groupExpression(group: AgreementGroup): { label: SQL<string | null>; key: SQL } {
  const answers = reviewAgreementAnswers;
  const byPosition = sql`4`;
  switch (group) {
    case 'representative':
      return { label: sql`nullif(btrim(${tasks.representative}), '')`, key: byPosition };
    case 'reviewer':
      return { label: sql`${answers.reviewerName}`, key: byPosition };
    case 'month': {
      const month = sql`date_trunc('month', ${answers.submittedAt})`;
      return { label: sql`to_char(${month}, 'YYYY-MM')`, key: month };
    }
    default:
      return { label: sql`null`, key: byPosition };
  }
}

/**
 * The ledger's table: the answers of review_agreement_answers within the filters counted per field, version,
 * group and pair of answers (their JSON text). It reads the reviews and their analyses only when a condition or
 * the group is about the analysis (a team's visibility, department, representative).
 */
async function ledgerCells(ctx: AppContext, access: ProjectAccess, query: LedgerQuery) {
  const answers = reviewAgreementAnswers;
  const onTasks = taskConditions(access, query);
  const group = groupExpression(query.group);
  const needsTasks = onTasks.length > 0 || query.group === 'representative';
  const rows = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`SELECT set_config('TimeZone', ${access.project.timezone}, true)`);
    const cells = tx
      .select({
        path: answers.path,
        type: answers.fieldType,
        version: promptVersions.number,
        group: group.label,
        ai: answers.aiValue,
        human: answers.value,
        count: sql<number>`count(*)::int`,
      })
      .from(answers)
      .innerJoin(promptVersions, eq(promptVersions.id, answers.promptVersionId))
      .$dynamic();
    return joinTasks(
      needsTasks ? cells.innerJoin(reviews, eq(reviews.id, answers.reviewId)) : cells,
      needsTasks,
    )
      .where(and(...submissionConditions(access, query, answers), ...onTasks))
      .groupBy(sql`1, 2, 3, ${group.key}, 5, 6`);
  });
  return rows.map((row) => ({ ...row, ai: answerValue(row.ai), human: answerValue(row.human) }));
}

interface Cell {
  type: FieldType;
  ai: unknown;
  human: unknown;
  count: number;
}

/** One row per key of the cells: the figures of its table of answer pairs (contracts), flagged below `kappaFlag`. */
function figureRows<C extends Cell, K extends { type: FieldType }>(
  cells: C[],
  kappaFlag: number,
  keyOf: (cell: C) => K,
) {
  const tables = new Map<string, { key: K; cells: C[] }>();
  for (const cell of cells) {
    const key = keyOf(cell);
    const id = JSON.stringify(key);
    let entry = tables.get(id);
    if (!entry) {
      entry = { key, cells: [] };
      tables.set(id, entry);
    }
    entry.cells.push(cell);
  }
  return [...tables.values()].map(({ key, cells: table }) => {
    const figures = agreementFigures(key.type, table);
    return { ...key, ...figures, flagged: figures.kappa !== null && figures.kappa < kappaFlag };
  });
}

/** The ledger's rows from its table: per field, version and group, the newest version first. */
export function ledgerRows(
  cells: Array<Cell & { path: string; version: number; group: string | null }>,
  kappaFlag: number,
) {
  return figureRows(cells, kappaFlag, (cell) => ({
    path: cell.path,
    type: cell.type,
    prompt_version: cell.version,
    group: cell.group,
  })).sort(
    (a, b) =>
      b.prompt_version - a.prompt_version ||
      a.path.localeCompare(b.path) ||
      (a.group ?? '').localeCompare(b.group ?? ''),
  );
}

/**
 * Pairs of submitted reviews of the same analysis and version (the earlier one within the ledger's conditions),
 * their answers to each field counted per pair of answers: the earlier reviewer's as `ai`, the later's as `human`.
 */
function reviewerPairs(ctx: AppContext, where: SQL | undefined, needsTasks: boolean) {
  const later = alias(reviews, 'later_review');
  const laterAnswer = alias(reviewAnswers, 'later_answer');
  const pairs = ctx.db
    .select({
      path: reviewAnswers.path,
      type: reviewAnswers.fieldType,
      version: promptVersions.number,
      ai: reviewAnswers.value,
      human: laterAnswer.value,
      count: sql<number>`count(*)::int`,
    })
    .from(reviews)
    .innerJoin(
      later,
      and(
        eq(later.taskId, reviews.taskId),
        eq(later.promptVersionId, reviews.promptVersionId),
        eq(later.status, 'submitted'),
        sql`${later.id} > ${reviews.id}`,
      ),
    )
    .$dynamic();
  return joinTasks(pairs, needsTasks)
    .innerJoin(promptVersions, eq(promptVersions.id, reviews.promptVersionId))
    .innerJoin(reviewAnswers, eq(reviewAnswers.reviewId, reviews.id))
    .innerJoin(laterAnswer, and(eq(laterAnswer.reviewId, later.id), eq(laterAnswer.path, reviewAnswers.path)))
    .where(and(where, inArray(reviewAnswers.fieldType, [...AGREEMENT_TYPES] as FieldType[])))
    .groupBy(sql`1, 2, 3, 4, 5`);
}

/**
 * The ledger: the answers of the submitted reviews counted in SQL per field, version, group and pair of
 * answers (the AI's, the reviewer's), then each field's figures computed from its table (contracts).
 */
export async function reviewAgreement(
  ctx: AppContext,
  access: ProjectAccess,
  query: LedgerQuery,
): Promise<AgreementResponse['data']> {
  requireReviewerView(access);
  await findPromptRow(ctx, access, query.prompt_id);
  const where = and(...reviewConditions(access, query));
  const needsTasks = taskConditions(access, query).length > 0;
  const [cells, [counted], pairs] = await Promise.all([
    ledgerCells(ctx, access, query),
    joinTasks(ctx.db.select({ reviews: sql<number>`count(*)::int` }).from(reviews).$dynamic(), needsTasks)
      .innerJoin(promptVersions, eq(promptVersions.id, reviews.promptVersionId))
      .where(where),
    reviewerPairs(ctx, where, needsTasks),
  ]);
  const rows = ledgerRows(cells, query.kappa_flag);
  const betweenReviewers = figureRows(pairs, query.kappa_flag, (cell) => ({
    path: cell.path,
    type: cell.type,
    prompt_version: cell.version,
  })).sort((a, b) => b.prompt_version - a.prompt_version || a.path.localeCompare(b.path));
  return { reviews: counted?.reviews ?? 0, rows, between_reviewers: betweenReviewers };
}

/**
 * The answers of one field that reviewers changed, newest first, a page at a time; none of the analyses the
 * caller reviews blind in a calibration session.
 */
export async function reviewDisagreements(
  ctx: AppContext,
  access: ProjectAccess,
  user: { id: number },
  query: z.output<typeof DisagreementQuery>,
): Promise<{ items: Disagreement[]; total: number; page: number; page_size: number }> {
  requireReviewerView(access);
  await findPromptRow(ctx, access, query.prompt_id);
  // As isAiValue compares: texts trimmed, anything else as it is.
  const changed = sql`(CASE WHEN jsonb_typeof(${reviewAnswers.aiValue}) = 'string' AND jsonb_typeof(${reviewAnswers.value}) = 'string'
    THEN btrim(${reviewAnswers.aiValue} #>> '{}') IS DISTINCT FROM btrim(${reviewAnswers.value} #>> '{}')
    ELSE ${reviewAnswers.aiValue} IS DISTINCT FROM ${reviewAnswers.value} END)`;
  const where = and(
    ...reviewConditions(access, query),
    eq(reviewAnswers.path, query.path),
    changed,
    sql`NOT ${reviewsBlind(reviews.taskId, user.id)}`,
  );
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({
        reviewId: reviews.id,
        taskId: reviews.taskId,
        title: tasks.title,
        representative: tasks.representative,
        version: promptVersions.number,
        reviewerId: reviews.reviewerId,
        reviewerName: reviews.reviewerName,
        ai: reviewAnswers.aiValue,
        value: reviewAnswers.value,
        comment: reviewAnswers.comment,
        submittedAt: reviews.submittedAt,
      })
      .from(reviewAnswers)
      .innerJoin(reviews, eq(reviews.id, reviewAnswers.reviewId))
      .innerJoin(tasks, eq(tasks.id, reviews.taskId))
      .innerJoin(promptVersions, eq(promptVersions.id, reviews.promptVersionId))
      .where(where)
      .orderBy(desc(reviews.submittedAt), desc(reviews.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db
      .select({ total: sql<number>`count(*)::int` })
      .from(reviewAnswers)
      .innerJoin(reviews, eq(reviews.id, reviewAnswers.reviewId))
      .innerJoin(tasks, eq(tasks.id, reviews.taskId))
      .innerJoin(promptVersions, eq(promptVersions.id, reviews.promptVersionId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      review_id: row.reviewId,
      task_id: row.taskId,
      title: row.title,
      representative: row.representative,
      prompt_version: row.version,
      reviewer: { id: row.reviewerId, name: row.reviewerName },
      ai_value: row.ai ?? null,
      value: row.value ?? null,
      comment: row.comment,
      submitted_at: row.submittedAt!.toISOString(),
    })),
    total: counted?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}
