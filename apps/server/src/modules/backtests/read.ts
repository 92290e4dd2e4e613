import { BACKTEST, type Backtest, type BacktestSummary, type PromptField } from '@parley/contracts';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { backtests, promptVersions } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { findPromptRow } from '../prompts/service.ts';
import { VERSION_TEXTS } from '../prompts/version-service.ts';
import { backtestFigures } from './figures.ts';
import type { BacktestWithVersion } from './start.ts';

const BACKTEST_READ_TEXTS = { notFound: 'Backtest not found.' } as const;

const withVersion = (ctx: AppContext) =>
  ctx.db
    .select({ backtest: backtests, number: promptVersions.number, hash: promptVersions.hash })
    .from(backtests)
    .innerJoin(promptVersions, eq(promptVersions.id, backtests.versionId));

export function toSummary({ backtest: row, number, hash }: BacktestWithVersion): BacktestSummary {
  return {
    id: row.id,
    prompt_id: row.promptId,
    version_id: row.versionId,
    version_number: number,
    status: row.status,
    conversations: row.conversations,
    total: row.total,
    done: row.done,
    failed: row.failed,
    units_milli: row.unitsMilli,
    current: hash === row.versionHash,
    requested_by: { id: row.requestedBy, name: row.requestedByName },
    created_at: row.createdAt.toISOString(),
    completed_at: row.completedAt?.toISOString() ?? null,
    error:
      row.errorCode === null ? null : { code: row.errorCode, message: row.errorMessage ?? row.errorCode },
  };
}

/** The version's backtests, newest first (404 for another project's prompt or another prompt's version). */
export async function listBacktests(
  ctx: AppContext,
  access: ProjectAccess,
  promptId: number,
  versionId: number,
): Promise<BacktestSummary[]> {
  await findPromptRow(ctx, access, promptId);
  const [version] = await ctx.db
    .select({ id: promptVersions.id })
    .from(promptVersions)
    .where(
      and(
        eq(promptVersions.projectId, access.project.id),
        eq(promptVersions.promptId, promptId),
        eq(promptVersions.id, versionId),
      ),
    );
  if (!version) throw notFound(VERSION_TEXTS.notFound);
  const rows = await withVersion(ctx)
    .where(eq(backtests.versionId, versionId))
    .orderBy(desc(backtests.id))
    .limit(BACKTEST.listed);
  return rows.map(toSummary);
}

/** A backtest of a prompt of the project with its figures once completed. */
export async function getBacktest(
  ctx: AppContext,
  access: ProjectAccess,
  promptId: number,
  backtestId: number,
): Promise<Backtest> {
  const [found] = await withVersion(ctx).where(
    and(
      eq(backtests.id, backtestId),
      eq(backtests.projectId, access.project.id),
      eq(backtests.promptId, promptId),
    ),
  );
  if (!found) throw notFound(BACKTEST_READ_TEXTS.notFound);
  const figures =
    found.backtest.status === 'completed'
      ? await backtestFigures(ctx.db, found.backtest.id, found.backtest.draft.content as PromptField[])
      : { rows: [], changes: [], changes_total: 0 };
  return { ...toSummary(found), ...figures };
}
