import { randomBytes } from 'node:crypto';
import {
  SAMPLING,
  type SamplingRule,
  type SamplingRuleCreateRequest,
  type SamplingRunResult,
} from '@parley/contracts';
import { and, asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { reviewAssignments, reviews, samplingRules } from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { checkPromptField } from '../prompts/field-check.ts';
import { reviewersAmong } from './eligible.ts';
import { type RuleRow, runRule, weekOf } from './sampling.ts';

export const SAMPLING_TEXTS = {
  notFound: 'Sampling rule not found.',
  tooMany: `A project can have at most ${SAMPLING.rulesMax} sampling rules.`,
  notReviewer: 'Reviewer {id} is not a member of this project who may review analyses.',
  disabled: 'This sampling rule is disabled; enable it to run it.',
} as const;

type RuleInput = z.output<typeof SamplingRuleCreateRequest>;

interface Person {
  id: number;
  name: string;
  email: string;
}

const invalid = (message: string, field: string) =>
  new AppError('unprocessable', 'invalid_value', message, { field });

/**
 * The named reviewers must be members who may review; the prompt must be the project's, and an `unsure`
 * rule's field one of its fields now.
 */
async function checkReferences(db: Executor, projectId: number, input: RuleInput): Promise<void> {
  if (input.reviewer_ids.length > 0) {
    const allowed = new Set(
      (await reviewersAmong(db, projectId, input.reviewer_ids)).map((reviewer) => reviewer.id),
    );
    const missing = input.reviewer_ids.find((id) => !allowed.has(id));
    if (missing !== undefined) {
      throw invalid(SAMPLING_TEXTS.notReviewer.replace('{id}', String(missing)), 'reviewer_ids');
    }
  }
  if (input.prompt_id !== null) {
    const fields = { prompt: 'prompt_id', path: 'field_path' };
    await checkPromptField(db, projectId, input.prompt_id, fieldPathOf(input), fields);
  }
}

/** An `unsure` rule's field; other kinds have none. */
const fieldPathOf = (input: RuleInput) => (input.kind === 'unsure' ? input.field_path : null);

/** The stored settings of a rule (only the threshold and field its kind uses are kept). */
const settingsOf = (input: RuleInput) => ({
  name: input.name,
  kind: input.kind,
  perRepresentative: input.kind === 'random' ? input.per_representative : null,
  scoreBelow: input.kind === 'score_below' ? input.score_below : null,
  promptId: input.prompt_id,
  fieldPath: fieldPathOf(input),
  department: input.department?.trim() || null,
  since: input.since,
  until: input.until,
  reviewerIds: input.reviewer_ids,
  weeklyGoal: input.weekly_goal,
  enabled: input.enabled,
});

function ruleOf(row: RuleRow, assignedThisWeek: number): SamplingRule {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    per_representative: row.perRepresentative,
    score_below: row.scoreBelow,
    prompt_id: row.promptId,
    field_path: row.fieldPath,
    department: row.department,
    since: row.since,
    until: row.until,
    reviewer_ids: row.reviewerIds,
    weekly_goal: row.weeklyGoal,
    enabled: row.enabled,
    created_by: { id: row.createdBy, name: row.createdByName },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    last_run_at: row.lastRunAt?.toISOString() ?? null,
    assigned_this_week: assignedThisWeek,
  };
}

/** The rules with their assignments of the current week. */
async function withCounts(ctx: AppContext, access: ProjectAccess, rows: RuleRow[]): Promise<SamplingRule[]> {
  if (rows.length === 0) return [];
  const week = await weekOf(ctx.db, access.project.timezone);
  const counts = await ctx.db
    .select({ ruleId: reviewAssignments.ruleId, n: count() })
    .from(reviewAssignments)
    .where(
      and(
        inArray(
          reviewAssignments.ruleId,
          rows.map((row) => row.id),
        ),
        eq(reviewAssignments.week, week),
      ),
    )
    .groupBy(reviewAssignments.ruleId);
  const byRule = new Map(counts.map((entry) => [entry.ruleId, entry.n]));
  return rows.map((row) => ruleOf(row, byRule.get(row.id) ?? 0));
}

async function requireRule(db: Executor, access: ProjectAccess, ruleId: number): Promise<RuleRow> {
  const [row] = await db
    .select()
    .from(samplingRules)
    .where(and(eq(samplingRules.id, ruleId), eq(samplingRules.projectId, access.project.id)));
  if (!row) throw notFound(SAMPLING_TEXTS.notFound);
  return row;
}

async function oneRule(ctx: AppContext, access: ProjectAccess, ruleId: number): Promise<SamplingRule> {
  return (await withCounts(ctx, access, [await requireRule(ctx.db, access, ruleId)]))[0]!;
}

/**
 * An enabled rule assigns the current week as soon as it is saved, in the request; a failing run is logged
 * and the rule is saved anyway (the schedule runs it again).
 */
async function runSaved(ctx: AppContext, access: ProjectAccess, rule: RuleRow): Promise<void> {
  if (!rule.enabled) return;
  try {
    await runRule(ctx, access.project.id, rule.id);
  } catch (error) {
    ctx.logger.error({ err: error, ruleId: rule.id }, 'Sampling rule failed after saving');
  }
}

export async function listRules(ctx: AppContext, access: ProjectAccess): Promise<SamplingRule[]> {
  const rows = await ctx.db
    .select()
    .from(samplingRules)
    .where(eq(samplingRules.projectId, access.project.id))
    .orderBy(asc(samplingRules.id));
  return withCounts(ctx, access, rows);
}

export async function createRule(
  ctx: AppContext,
  access: ProjectAccess,
  user: Person,
  input: RuleInput,
): Promise<SamplingRule> {
  await checkReferences(ctx.db, access.project.id, input);
  const row = await ctx.db.transaction(async (tx) => {
    // Serialises creations in one project, so that the limit holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sampling_rules'), ${access.project.id})`);
    const [existing] = await tx
      .select({ n: count() })
      .from(samplingRules)
      .where(eq(samplingRules.projectId, access.project.id));
    if ((existing?.n ?? 0) >= SAMPLING.rulesMax) throw conflict(SAMPLING_TEXTS.tooMany, 'too_many_rules');
    const [created] = await tx
      .insert(samplingRules)
      .values({
        ...settingsOf(input),
        projectId: access.project.id,
        seed: randomBytes(16).toString('hex'),
        createdBy: user.id,
        createdByName: user.name.trim() || user.email,
      })
      .returning();
    return created!;
  });
  await runSaved(ctx, access, row);
  return oneRule(ctx, access, row.id);
}

/** Replaces a rule's settings; its assignments stay (renamed with it). */
export async function updateRule(
  ctx: AppContext,
  access: ProjectAccess,
  ruleId: number,
  input: RuleInput,
): Promise<SamplingRule> {
  await requireRule(ctx.db, access, ruleId);
  await checkReferences(ctx.db, access.project.id, input);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(samplingRules)
      .set({ ...settingsOf(input), updatedAt: new Date() })
      .where(and(eq(samplingRules.id, ruleId), eq(samplingRules.projectId, access.project.id)))
      .returning();
    if (!updated) throw notFound(SAMPLING_TEXTS.notFound);
    await tx
      .update(reviewAssignments)
      .set({ ruleName: updated.name })
      .where(eq(reviewAssignments.ruleId, ruleId));
    return updated;
  });
  await runSaved(ctx, access, row);
  return oneRule(ctx, access, row.id);
}

/**
 * Deletes a rule: its assignments without a review (draft or submitted) by their reviewer go; the others stay,
 * with the rule's name.
 */
export async function deleteRule(
  ctx: AppContext,
  access: ProjectAccess,
  ruleId: number,
): Promise<SamplingRule> {
  const rule = await oneRule(ctx, access, ruleId);
  await ctx.db.transaction(async (tx) => {
    await dropOpenAssignments(tx, eq(reviewAssignments.ruleId, ruleId));
    await tx
      .delete(samplingRules)
      .where(and(eq(samplingRules.id, ruleId), eq(samplingRules.projectId, access.project.id)));
  });
  return rule;
}

/**
 * Deletes the assignments `which` selects that their reviewer has not started (no draft, no submitted review):
 * those of a deleted rule, or of a member who left the project. The analyses can then be assigned again.
 */
export async function dropOpenAssignments(tx: Executor, which: SQL | undefined): Promise<void> {
  await tx.delete(reviewAssignments).where(
    and(
      which,
      sql`NOT EXISTS (SELECT 1 FROM ${reviews} r
          WHERE r.task_id = ${reviewAssignments.taskId} AND r.reviewer_id = ${reviewAssignments.reviewerId})`,
    ),
  );
}

/** "Run now": the rule assigns the current week (409 when disabled). */
export async function runRuleNow(
  ctx: AppContext,
  access: ProjectAccess,
  ruleId: number,
): Promise<SamplingRunResult> {
  const rule = await requireRule(ctx.db, access, ruleId);
  if (!rule.enabled) throw conflict(SAMPLING_TEXTS.disabled, 'rule_disabled');
  const result = await runRule(ctx, access.project.id, ruleId);
  if (!result) throw notFound(SAMPLING_TEXTS.notFound);
  return result;
}
