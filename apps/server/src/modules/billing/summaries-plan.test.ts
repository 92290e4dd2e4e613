import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { projects } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/access.ts';
import { dailySummarySql, monthlySummarySql } from './summaries.ts';

let t: TestApp;
let project: ProjectRow;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await signUp(t.app);
  const id = await createProject(owner, 'Plans');
  [project] = (await t.ctx.db.select().from(projects).where(eq(projects.id, id))) as [ProjectRow];
});
afterAll(() => t.close());

/** The tables a query's plan reads. */
async function tablesRead(query: ReturnType<typeof monthlySummarySql>): Promise<string[]> {
  const result = await t.ctx.db.execute<{ 'QUERY PLAN': unknown }>(sql`EXPLAIN (FORMAT JSON) ${query}`);
  const found = new Set<string>();
  const walk = (node: { 'Relation Name'?: string; Plans?: unknown[] }) => {
    if (node['Relation Name']) found.add(node['Relation Name']);
    for (const child of node.Plans ?? []) walk(child as typeof node);
  };
  const [root] = result.rows[0]!['QUERY PLAN'] as Array<{ Plan: Parameters<typeof walk>[0] }>;
  walk(root!.Plan);
  return [...found].sort();
}

describe('billing summaries and the planner', () => {
  it('runs the app sessions without JIT compilation', async () => {
    const result = await t.ctx.db.execute<{ jit: string }>(sql`SHOW jit`);
    expect(result.rows[0]!.jit).toBe('off');
  });

  it('sums the day totals, never the ledger', async () => {
    const dayTotals = ['invoice_day_totals', 'invoice_day_totals_zones'];
    expect(await tablesRead(monthlySummarySql(project, 24, new Date()))).toEqual(dayTotals);
    expect(await tablesRead(dailySummarySql(project, '2024-02'))).toEqual(dayTotals);
  });
});
