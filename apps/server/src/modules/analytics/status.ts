import type { AnalyticsStatusResponse } from '@parley/contracts';
import type { AppContext } from '../../context.ts';
import { analyticsBackfill } from '../../db/schema/index.ts';

/** The copy of existing analyses into analytics: running while started and not finished; none yet: idle. */
export async function analyticsStatus(ctx: AppContext): Promise<AnalyticsStatusResponse['data']> {
  const [row] = await ctx.db.select().from(analyticsBackfill).limit(1);
  return {
    backfill: {
      running: row?.startedAt != null && row.finishedAt === null,
      done: row?.done ?? 0,
      total: row?.total ?? 0,
    },
  };
}
