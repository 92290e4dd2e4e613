import { FINAL_SCORE_PATH, SAMPLING, type SamplingRunResult } from '@parley/contracts';
import { and, count, eq, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projects, reviewAssignments, samplingRules, tasks } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/access.ts';
import { assignRoundRobin } from './assign.ts';
import { barriers, reviewersAmong } from './eligible.ts';

export type RuleRow = typeof samplingRules.$inferSelect;

/** Monday of the week of `day` ('YYYY-MM-DD'), or of the current week in the time zone. */
export async function weekOf(db: Executor, timezone: string, day?: string): Promise<string> {
  const today = sql`(now() AT TIME ZONE ${timezone})`;
  const base = day ? sql`${day}::date::timestamp` : today;
  const result = await db.execute<{ week: string }>(
    sql`SELECT (date_trunc('week', ${base}))::date::text AS week`,
  );
  return result.rows[0]!.week;
}

/** The first instant of the week (Monday 00:00 in the time zone) and of the next one. */
const weekStart = (week: string, tz: string) => sql`(${week}::date::timestamp AT TIME ZONE ${tz})`;
const weekEnd = (week: string, tz: string) => sql`((${week}::date + 7)::timestamp AT TIME ZONE ${tz})`;

/** What the rule picks of the week's completed analyses (before its quota), no analysis assigned yet. */
function candidateConditions(rule: RuleRow, project: ProjectRow, week: string): SQL[] {
  const tz = project.timezone;
  const conditions: SQL[] = [
    eq(tasks.projectId, project.id),
    eq(tasks.status, 'completed'),
    // The week of completion: backfilled conversations carry old dates and would never be sampled.
    sql`${tasks.completedAt} >= ${weekStart(week, tz)}`,
    sql`${tasks.completedAt} < ${weekEnd(week, tz)}`,
    sql`NOT EXISTS (SELECT 1 FROM ${reviewAssignments} a WHERE a.task_id = ${tasks.id})`,
  ];
  // Filters as the analyses list applies them (analyses/filters.ts).
  if (rule.promptId !== null) {
    conditions.push(sql`(${tasks.promptId} = ${rule.promptId} OR ${tasks.chosenPromptVersionId} IN
      (SELECT id FROM prompt_versions WHERE project_id = ${project.id} AND prompt_id = ${rule.promptId}))`);
  }
  if (rule.department?.trim()) {
    conditions.push(sql`lower(${tasks.department}) = lower(${rule.department.trim()})`);
  }
  if (rule.since) {
    conditions.push(sql`${tasks.conversationAt} >= (${rule.since}::date::timestamp AT TIME ZONE ${tz})`);
  }
  if (rule.until) {
    conditions.push(sql`${tasks.conversationAt} < ((${rule.until}::date + 1)::timestamp AT TIME ZONE ${tz})`);
  }
  if (rule.kind === 'knockout') {
    // The final score's analytics row says whether any answer knocked the analysis out (a primary-key probe).
    conditions.push(sql`EXISTS (SELECT 1 FROM analysis_field_values f
      WHERE f.task_id = ${tasks.id} AND f.path = ${FINAL_SCORE_PATH} AND f.knockout)`);
  } else if (rule.kind === 'score_below') {
    conditions.push(sql`${tasks.finalScore} < ${rule.scoreBelow ?? 0}`);
  } else if (rule.kind === 'disputed') {
    conditions.push(sql`EXISTS (SELECT 1 FROM change_requests cr WHERE cr.task_id = ${tasks.id})`);
  } else if (rule.kind === 'unsure') {
    // The predicate of tasks_unsure_idx: only analyses with an unsure field are read, never their results.
    conditions.push(sql`cardinality(${tasks.unsurePaths}) > 0`);
    // A field is a field of the rule's prompt: once that prompt is deleted (prompt_id null) it names nothing.
    if (rule.fieldPath !== null) {
      conditions.push(
        rule.promptId === null ? sql`false` : sql`${rule.fieldPath} = ANY(${tasks.unsurePaths})`,
      );
    }
  }
  return conditions;
}

type Candidate = {
  id: number;
  representative: string | null;
};

/**
 * The analyses this run may assign, in the rule's deterministic order (md5 of seed, week and analysis, then
 * id). A `random` rule takes, per representative (trimmed, case-insensitive; none is one group), what its
 * quota still misses after the assignments it made this week.
 */
async function candidates(db: Executor, rule: RuleRow, project: ProjectRow, week: string) {
  const where = and(...candidateConditions(rule, project, week));
  const hash = sql`md5(${rule.seed} || ':' || ${week} || ':' || ${tasks.id}::text)`;
  if (rule.kind !== 'random') {
    const rows = await db
      .select({ id: tasks.id, representative: tasks.representative })
      .from(tasks)
      .where(where)
      .orderBy(hash, tasks.id)
      .limit(SAMPLING.perRunMax);
    return rows satisfies Candidate[];
  }
  const group = (column: SQL) => sql`lower(btrim(coalesce(${column}, '')))`;
  const result = await db.execute<Candidate>(sql`
    WITH made AS (
      SELECT ${group(sql`t.representative`)} AS grp, count(*)::int AS n
      FROM ${reviewAssignments} a JOIN ${tasks} t ON t.id = a.task_id
      WHERE a.rule_id = ${rule.id} AND a.week = ${week}::date
      GROUP BY 1
    ), ranked AS (
      SELECT ${tasks.id} AS id, ${tasks.representative} AS representative, ${hash} AS h,
        row_number() OVER (PARTITION BY ${group(sql`${tasks.representative}`)} ORDER BY ${hash}, ${tasks.id}) AS rn,
        ${group(sql`${tasks.representative}`)} AS grp
      FROM ${tasks} WHERE ${where}
    )
    SELECT ranked.id, ranked.representative FROM ranked LEFT JOIN made ON made.grp = ranked.grp
    WHERE ranked.rn <= ${rule.perRepresentative ?? 0} - coalesce(made.n, 0)
    ORDER BY ranked.h, ranked.id
    LIMIT ${SAMPLING.perRunMax}`);
  return result.rows;
}

/**
 * The reviewers each analysis may go to: the rule's named reviewers, or every member who may review, who see
 * the analysis and are not its representative.
 */
async function eligibility(
  db: Executor,
  project: ProjectRow,
  rule: RuleRow,
  picked: Candidate[],
): Promise<Map<number, number[]>> {
  const eligible = new Map<number, number[]>(picked.map((task) => [task.id, []]));
  if (picked.length === 0) return eligible;
  const named = rule.reviewerIds.length > 0 ? rule.reviewerIds : null;
  for (const reviewer of await reviewersAmong(db, project.id, named)) {
    const barrier = await barriers(db, project, reviewer, picked);
    for (const task of picked) {
      if (barrier.get(task.id) === null) eligible.get(task.id)!.push(reviewer.id);
    }
  }
  return eligible;
}

async function loads(db: Executor, where: SQL): Promise<Map<number, number>> {
  const rows = await db
    .select({ reviewerId: reviewAssignments.reviewerId, n: count() })
    .from(reviewAssignments)
    .where(where)
    .groupBy(reviewAssignments.reviewerId);
  return new Map(rows.map((row) => [row.reviewerId, row.n]));
}

/**
 * Runs a rule of the project for the current week: picks its analyses, assigns what is missing and records
 * the run. Runs of one rule are serialised by a lock on its row, so concurrent runs never exceed its quotas;
 * the unique analysis of an assignment keeps two rules from assigning one analysis twice. Null when the rule
 * is not there.
 */
export async function runRule(
  ctx: Pick<AppContext, 'db' | 'logger'>,
  projectId: number,
  ruleId: number,
): Promise<SamplingRunResult | null> {
  const result = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ rule: samplingRules, project: projects })
      .from(samplingRules)
      .innerJoin(projects, eq(projects.id, samplingRules.projectId))
      .where(and(eq(samplingRules.id, ruleId), eq(samplingRules.projectId, projectId)))
      .for('update', { of: samplingRules });
    if (!row) return null;
    const { rule, project } = row;
    const week = await weekOf(tx, project.timezone);
    const picked = await candidates(tx, rule, project, week);
    const [madeBefore] = await tx
      .select({ n: count() })
      .from(reviewAssignments)
      .where(and(eq(reviewAssignments.ruleId, rule.id), eq(reviewAssignments.week, week)));
    const eligible = await eligibility(tx, project, rule, picked);
    const inWeek = and(eq(reviewAssignments.projectId, project.id), eq(reviewAssignments.week, week))!;
    const plan = assignRoundRobin({
      analyses: picked.map((task) => ({ taskId: task.id, eligible: eligible.get(task.id) ?? [] })),
      weekLoad: await loads(tx, inWeek),
      ruleLoad: await loads(tx, and(inWeek, eq(reviewAssignments.ruleId, rule.id))!),
      weeklyGoal: rule.weeklyGoal,
    });
    const inserted =
      plan.assigned.length === 0
        ? []
        : await tx
            .insert(reviewAssignments)
            .values(
              // In analysis order, so that two rules inserting at once never wait on each other in a circle.
              [...plan.assigned]
                .sort((a, b) => a.taskId - b.taskId)
                .map((entry) => ({
                  projectId: project.id,
                  ruleId: rule.id,
                  ruleName: rule.name,
                  taskId: entry.taskId,
                  reviewerId: entry.reviewerId,
                  week,
                })),
            )
            .onConflictDoNothing({ target: reviewAssignments.taskId })
            .returning({ id: reviewAssignments.id });
    await tx.update(samplingRules).set({ lastRunAt: new Date() }).where(eq(samplingRules.id, rule.id));
    return {
      rule_id: rule.id,
      week,
      picked: (madeBefore?.n ?? 0) + picked.length,
      assigned: inserted.length,
      unassigned: plan.unassigned.length,
    };
  });
  if (result && result.assigned > 0) ctx.logger.info({ projectId, ...result }, 'Sampling rule assigned');
  return result;
}

/** The scheduled run: every enabled rule of every project, for the current week (one failing rule is logged). */
export async function runEnabledRules(ctx: Pick<AppContext, 'db' | 'logger'>): Promise<SamplingRunResult[]> {
  const rules = await ctx.db
    .select({ id: samplingRules.id, projectId: samplingRules.projectId })
    .from(samplingRules)
    .where(eq(samplingRules.enabled, true))
    .orderBy(samplingRules.id);
  const results: SamplingRunResult[] = [];
  for (const rule of rules) {
    try {
      const result = await runRule(ctx, rule.projectId, rule.id);
      if (result) results.push(result);
    } catch (error) {
      ctx.logger.error({ err: error, ruleId: rule.id }, 'Sampling rule failed');
    }
  }
  return results;
}
