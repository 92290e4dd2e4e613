import type { AnalyticsField, AnalyticsFieldsQuery, AnalyticsValueType } from '@parley/contracts';
import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { analysisFieldValues as values } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { rowsCondition } from './filters.ts';
import { contentFields, type FieldStat, promptContent, promptPaths, resolveFields } from './prompt-fields.ts';

/** A prompt's fields with values within the filters, in the prompt's order, with how many analyses have one. */
export async function listFields(
  ctx: AppContext,
  access: ProjectAccess,
  query: z.output<typeof AnalyticsFieldsQuery>,
): Promise<AnalyticsField[]> {
  const [content, paths] = await Promise.all([
    promptContent(ctx.db, access.project.id, query.prompt_id),
    promptPaths(ctx.db, access.project.id, query.prompt_id),
  ]);
  const stats: FieldStat[] =
    paths.length === 0
      ? []
      : await ctx.db
          .select({
            path: values.path,
            type: sql<AnalyticsValueType>`${values.valueType}`,
            count: sql<number>`count(*)::int`,
            max: sql<number | null>`max(${values.maxScore})`,
            latest: sql<string>`max(${values.analysisDate})::text`,
          })
          .from(values)
          .where(and(rowsCondition(access, query), inArray(values.path, paths)))
          .groupBy(values.path, values.valueType);
  return resolveFields(contentFields(content ?? []), stats);
}
