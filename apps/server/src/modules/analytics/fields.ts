import type { AnalyticsField, AnalyticsFieldsQuery, AnalyticsValueType } from '@parley/contracts';
import { and, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { analysisFieldDays as days } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { askedVersion, eraPathColumn, joinLoneEras, promptEras } from './eras.ts';
import { rowsCondition } from './filters.ts';
import { contentFields, promptWithPaths, resolveFields } from './prompt-fields.ts';

/**
 * A prompt's fields with values within the filters, in the prompt's order, with how many analyses have one; a
 * field whose meaning changed between the versions counted, once per era.
 */
export async function listFields(
  ctx: AppContext,
  access: ProjectAccess,
  query: z.output<typeof AnalyticsFieldsQuery>,
): Promise<AnalyticsField[]> {
  const versioned = { ...query, ...(await askedVersion(ctx.db, access, query)) };
  const [{ content, paths }, eras] = await Promise.all([
    promptWithPaths(ctx.db, access.project.id, query.prompt_id),
    promptEras(ctx.db, access.project.id, query.prompt_id, versioned),
  ]);
  const path = eraPathColumn(days, eras);
  const stats =
    paths.length === 0
      ? []
      : await ctx.db
          .select({
            path,
            type: sql<AnalyticsValueType>`${days.valueType}`,
            count: sql<number>`sum(${days.analyses})::int`,
            max: sql<number | null>`max(${days.maxScore})`,
            latest: sql<string>`max(${days.analysisDate})::text`,
          })
          .from(days)
          .where(and(rowsCondition(days, access, versioned), inArray(days.path, paths)))
          .groupBy(sql`1`, days.valueType); // the path's expression, by its position
  return resolveFields(contentFields(content), joinLoneEras(stats));
}
