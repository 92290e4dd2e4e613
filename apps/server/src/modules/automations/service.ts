import {
  AUTOMATIONS,
  type AutomationAction,
  type AutomationFiring,
  type AutomationRule,
  type AutomationRuleInput,
} from '@parley/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import {
  automationFirings,
  automationRules,
  projectMembers,
  webhookEndpoints,
} from '../../db/schema/index.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { checkPromptField } from '../prompts/field-check.ts';
import type { Actor } from '../webhooks/service.ts';
import { urlRefusal } from '../webhooks/target.ts';

type RuleRow = typeof automationRules.$inferSelect;
type FiringRow = typeof automationFirings.$inferSelect;
type RuleInput = z.output<typeof AutomationRuleInput>;

export const AUTOMATION_TEXTS = {
  notFound: 'Automation rule not found.',
  tooMany: `A project can have at most ${AUTOMATIONS.rulesMax} automation rules.`,
  fieldNeedsPrompt: 'A field condition tests a field of a prompt: choose the prompt too.',
  notEndpoint: 'Webhook endpoint {id} is not an endpoint of this project.',
  notMember: 'User {id} is not a member of this project.',
} as const;

const invalid = (message: string, field: string) =>
  new AppError('unprocessable', 'invalid_value', message, { field });

function ruleOf(row: RuleRow): AutomationRule {
  return {
    id: row.id,
    project_id: row.projectId,
    name: row.name,
    trigger: row.trigger,
    conditions: row.conditions,
    actions: row.actions,
    enabled: row.enabled,
    last_fired_at: row.lastFiredAt?.toISOString() ?? null,
    created_by: row.createdBy,
    updated_by: row.updatedBy,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

const firingOf = (row: FiringRow): AutomationFiring => ({
  id: row.id,
  rule_id: row.ruleId,
  event_type: row.eventType,
  task_id: row.taskId,
  actions: row.actions.map(({ type, status, detail }) => ({ type, status, detail })),
  created_at: row.createdAt.toISOString(),
});

/** One action's reference must be the project's: its endpoint, its members, a Slack URL Parley may post to. */
async function checkAction(ctx: AppContext, projectId: number, action: AutomationAction, at: string) {
  if (action.type === 'webhook') {
    const [endpoint] = await ctx.db
      .select({ id: webhookEndpoints.id })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, action.endpoint_id), eq(webhookEndpoints.projectId, projectId)));
    if (!endpoint) {
      throw invalid(
        AUTOMATION_TEXTS.notEndpoint.replace('{id}', String(action.endpoint_id)),
        `${at}.endpoint_id`,
      );
    }
  } else if (action.type === 'email') {
    const members = await ctx.db
      .select({ id: projectMembers.userId })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), inArray(projectMembers.userId, action.user_ids)));
    const found = new Set(members.map((member) => member.id));
    const missing = action.user_ids.find((id) => !found.has(id));
    if (missing !== undefined) {
      throw invalid(AUTOMATION_TEXTS.notMember.replace('{id}', String(missing)), `${at}.user_ids`);
    }
  } else {
    const refusal = await urlRefusal(ctx, action.url, 'Slack webhook');
    if (refusal) throw invalid(refusal, `${at}.url`);
  }
}

/**
 * The rule's references must be the project's (422 invalid_value naming the input): the conditions' prompt and
 * its field, and each action's endpoint, members or Slack URL. Answers the settings to store.
 */
async function checkedSettings(ctx: AppContext, projectId: number, input: RuleInput) {
  const { prompt_id, field } = input.conditions;
  if (field && prompt_id === null) throw invalid(AUTOMATION_TEXTS.fieldNeedsPrompt, 'conditions.field.path');
  if (prompt_id !== null) {
    const fields = { prompt: 'conditions.prompt_id', path: 'conditions.field.path' };
    await checkPromptField(ctx.db, projectId, prompt_id, field?.path ?? null, fields);
  }
  for (const [index, action] of input.actions.entries()) {
    await checkAction(ctx, projectId, action, `actions.${index}`);
  }
  const conditions = {
    ...input.conditions,
    department: input.conditions.department || null,
    representative: input.conditions.representative || null,
  };
  return {
    name: input.name,
    trigger: input.trigger,
    conditions,
    actions: input.actions,
    enabled: input.enabled,
  };
}

const ruleWhere = (actor: Actor, ruleId: number) =>
  and(eq(automationRules.id, ruleId), eq(automationRules.projectId, actor.projectId));

export async function listRules(ctx: AppContext, actor: Actor): Promise<AutomationRule[]> {
  const rows = await ctx.db
    .select()
    .from(automationRules)
    .where(eq(automationRules.projectId, actor.projectId))
    .orderBy(asc(automationRules.id));
  return rows.map(ruleOf);
}

export async function createRule(ctx: AppContext, actor: Actor, input: RuleInput): Promise<AutomationRule> {
  const settings = await checkedSettings(ctx, actor.projectId, input);
  const row = await ctx.db.transaction(async (tx) => {
    // Serialises creations in one project, so that the limit holds under concurrent requests.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('automation_rules'), ${actor.projectId})`);
    const [existing] = await tx
      .select({ n: count() })
      .from(automationRules)
      .where(eq(automationRules.projectId, actor.projectId));
    if ((existing?.n ?? 0) >= AUTOMATIONS.rulesMax)
      throw conflict(AUTOMATION_TEXTS.tooMany, 'too_many_rules');
    const [created] = await tx
      .insert(automationRules)
      .values({ ...settings, projectId: actor.projectId, createdBy: actor.userId, updatedBy: actor.userId })
      .returning();
    return created!;
  });
  return ruleOf(row);
}

/** Replaces a rule's settings; its firing log stays. */
export async function updateRule(
  ctx: AppContext,
  actor: Actor,
  ruleId: number,
  input: RuleInput,
): Promise<AutomationRule> {
  const [existing] = await ctx.db
    .select({ id: automationRules.id })
    .from(automationRules)
    .where(ruleWhere(actor, ruleId));
  if (!existing) throw notFound(AUTOMATION_TEXTS.notFound);
  const settings = await checkedSettings(ctx, actor.projectId, input);
  const [row] = await ctx.db
    .update(automationRules)
    .set({ ...settings, updatedBy: actor.userId, updatedAt: new Date() })
    .where(ruleWhere(actor, ruleId))
    .returning();
  if (!row) throw notFound(AUTOMATION_TEXTS.notFound);
  return ruleOf(row);
}

/** Deletes a rule and its firing log (jobs of its firings still queued then do nothing). */
export async function deleteRule(ctx: AppContext, actor: Actor, ruleId: number): Promise<void> {
  const removed = await ctx.db
    .delete(automationRules)
    .where(ruleWhere(actor, ruleId))
    .returning({ id: automationRules.id });
  if (removed.length === 0) throw notFound(AUTOMATION_TEXTS.notFound);
}

export async function listFirings(
  ctx: AppContext,
  actor: Actor,
  ruleId: number,
  page: number,
  pageSize: number,
) {
  const [rule] = await ctx.db
    .select({ id: automationRules.id })
    .from(automationRules)
    .where(ruleWhere(actor, ruleId));
  if (!rule) throw notFound(AUTOMATION_TEXTS.notFound);
  const where = eq(automationFirings.ruleId, ruleId);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select()
      .from(automationFirings)
      .where(where)
      .orderBy(desc(automationFirings.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    ctx.db.select({ n: count() }).from(automationFirings).where(where),
  ]);
  return { items: rows.map(firingOf), total: total?.n ?? 0, page, page_size: pageSize };
}
