import {
  INSIGHT_TEXTS,
  type Insight,
  type InsightListQuery,
  type InsightListResponse,
  type InsightSummary,
} from '@parley/contracts';
import { and, count, desc, eq, getTableColumns, type SQL } from 'drizzle-orm';
import { listModels } from '../../ai/catalog.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { insights, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import type { InsightRow } from './create.ts';

/** The project's insights as the caller sees them: all of them, or a team leader's own. */

export type Author = { id: number; name: string; email: string } | null;

/**
 * Insights of the project the caller may see: members who see all analyses (users, admins, owners, full
 * keys) see every insight; a team leader (whose figures come from their teams) sees the ones they asked.
 */
function visibleInsights(access: ProjectAccess, userId: number): SQL {
  const all = !access.visibility || access.visibility.kind === 'all';
  return and(eq(insights.projectId, access.project.id), all ? undefined : eq(insights.createdBy, userId))!;
}

export const author = { id: users.id, name: users.name, email: users.email };

export function toSummary(config: Config, row: Omit<InsightRow, 'answer'>, by: Author): InsightSummary {
  const model = listModels(config, row.provider).find((info) => info.model === row.model);
  return {
    id: row.id,
    project_id: row.projectId,
    question: row.question,
    filters: row.filters,
    provider: row.provider,
    model: row.model,
    model_name: model?.display_name ?? row.model,
    status: row.status,
    stage: row.stage,
    error: row.error,
    analyses: row.analyses,
    units_milli: row.unitsMilli,
    // Charging and completing are one transaction.
    charged: row.status === 'completed',
    created_by: by && { id: by.id, name: by.name || null, email: by.email },
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
  };
}

/** An insight with its answer, as the API answers it (and the insight.completed webhook carries it). */
export function toInsight(config: Config, row: InsightRow, by: Author): Insight {
  return { ...toSummary(config, row, by), answer: row.answer };
}

export async function listInsights(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  query: InsightListQuery,
): Promise<InsightListResponse['data']> {
  const where = visibleInsights(access, userId);
  const { answer: _answer, ...summaryColumns } = getTableColumns(insights);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ insight: summaryColumns, author })
      .from(insights)
      .leftJoin(users, eq(users.id, insights.createdBy))
      .where(where)
      .orderBy(desc(insights.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    ctx.db.select({ n: count() }).from(insights).where(where),
  ]);
  return {
    items: rows.map((row) => toSummary(ctx.config, row.insight, row.author)),
    total: total?.n ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** An insight the caller may see; another project's, or one they may not see, answers 404. */
async function findInsight(ctx: AppContext, access: ProjectAccess, userId: number, insightId: number) {
  const [row] = await ctx.db
    .select({ insight: insights, author })
    .from(insights)
    .leftJoin(users, eq(users.id, insights.createdBy))
    .where(and(visibleInsights(access, userId), eq(insights.id, insightId)));
  if (!row) throw notFound(INSIGHT_TEXTS.insightNotFound);
  return row;
}

export async function getInsight(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  insightId: number,
): Promise<Insight> {
  const { insight, author: by } = await findInsight(ctx, access, userId, insightId);
  return toInsight(ctx.config, insight, by);
}

/**
 * Deletes an insight (its hold goes with it). A running one's job finds it gone and stops before it
 * charges anything.
 */
export async function deleteInsight(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  insightId: number,
): Promise<void> {
  await findInsight(ctx, access, userId, insightId);
  await ctx.db.delete(insights).where(eq(insights.id, insightId));
}
