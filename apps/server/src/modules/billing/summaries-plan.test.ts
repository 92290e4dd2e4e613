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

/** The planner's row estimate of the periods a summary generates (the function scan of its series). */
async function estimatedPeriods(query: ReturnType<typeof monthlySummarySql>): Promise<number> {
  const result = await t.ctx.db.execute<{ 'QUERY PLAN': unknown }>(sql`EXPLAIN (FORMAT JSON) ${query}`);
  const found: number[] = [];
  const walk = (node: { 'Node Type'?: string; 'Plan Rows'?: number; Plans?: unknown[] }) => {
    if (node['Node Type'] === 'Function Scan') found.push(node['Plan Rows']!);
    for (const child of node.Plans ?? []) walk(child as typeof node);
  };
  const [root] = result.rows[0]!['QUERY PLAN'] as Array<{ Plan: Parameters<typeof walk>[0] }>;
  walk(root!.Plan);
  return found[0]!;
}

describe('billing summaries and the planner', () => {
  it('runs the app sessions without JIT compilation', async () => {
    const result = await t.ctx.db.execute<{ jit: string }>(sql`SHOW jit`);
    expect(result.rows[0]!.jit).toBe('off');
  });

  it('lets the planner know how many months and days a summary has', async () => {
    expect(await estimatedPeriods(monthlySummarySql(project, 24, new Date()))).toBe(24);
    expect(await estimatedPeriods(monthlySummarySql(project, 3, new Date()))).toBe(3);
    expect(await estimatedPeriods(dailySummarySql(project, '2024-02'))).toBe(29);
    expect(await estimatedPeriods(dailySummarySql(project, '2026-11'))).toBe(30);
  });
});
