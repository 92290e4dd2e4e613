import type { AnalyticsField, AnalyticsFieldsQuery, AnalyticsValueType } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { analysisFieldDays as days } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { rowsCondition } from './filters.ts';
import { contentFields, promptContent, resolveFields } from './prompt-fields.ts';

/** A prompt's fields with values within the filters, in the prompt's order, with how many analyses have one. */
export async function listFields(
  ctx: AppContext,
  access: ProjectAccess,
  query: z.output<typeof AnalyticsFieldsQuery>,
): Promise<AnalyticsField[]> {
  const [content, stats] = await Promise.all([
    promptContent(ctx.db, access.project.id, query.prompt_id),
    ctx.db
      .select({
        path: days.path,
        type: sql<AnalyticsValueType>`${days.valueType}`,
        count: sql<number>`sum(${days.analyses})::int`,
        max: sql<number | null>`max(${days.maxScore})`,
        latest: sql<string>`max(${days.analysisDate})::text`,
      })
      .from(days)
      .where(rowsCondition(days, access, query))
      .groupBy(days.path, days.valueType),
  ]);
  return resolveFields(contentFields(content ?? []), stats);
}
