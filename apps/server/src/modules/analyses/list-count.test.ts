import { ANALYSES_SEARCH_COUNT_CAP, AnalysisListQuery, analysisRoutes } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { insertTextTask } from '../../../test/tasks.ts';
import { projects } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/access.ts';
import { listAnalyses } from './list.ts';

let t: TestApp;
let owner: Client;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  owner = await signUp(t.app);
  projectId = await createProject(owner, 'Counted');
  for (let i = 0; i < 4; i += 1) await insertTextTask(t, projectId, null, `conversation ${i}`);
});
afterAll(() => t.close());

describe('the analyses list total', () => {
  it('is exact up to the cap, and says when more analyses match', async () => {
    const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    const access = { project: project as ProjectRow, role: 'owner' as const };
    const query = AnalysisListQuery.parse({ page_size: 2 });
    expect(await listAnalyses(t.ctx, access, query, null, 3)).toMatchObject({ total: 3, total_capped: true });
    expect(await listAnalyses(t.ctx, access, query, null, 4)).toMatchObject({
      total: 4,
      total_capped: false,
    });
    const later = await listAnalyses(
      t.ctx,
      access,
      AnalysisListQuery.parse({ page: 2, page_size: 2 }),
      null,
      3,
    );
    expect(later.items).toHaveLength(2);
  });

  it('lists newest first whether many analyses match (index walk) or few (sorted after filtering)', async () => {
    const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, projectId));
    const access = { project: project as ProjectRow, role: 'owner' as const };
    const query = AnalysisListQuery.parse({ page_size: 10 });
    const many = await listAnalyses(t.ctx, access, query, null, 2);
    const few = await listAnalyses(t.ctx, access, query, null, 100);
    const ids = few.items.map((item) => item.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(many.items.map((item) => item.id)).toEqual(ids);
  });

  it('counts a search up to its own, smaller cap', async () => {
    const searched = await createProject(owner, 'Searched');
    const first = await insertTextTask(t, searched, null, 'renewal');
    await t.ctx.db.execute(sql`
      INSERT INTO tasks (project_id, media_id, metadata, title)
      SELECT project_id, media_id, metadata, 'renewal call ' || n FROM tasks, generate_series(0, ${ANALYSES_SEARCH_COUNT_CAP}) AS n
      WHERE id = ${first}`);
    const [project] = await t.ctx.db.select().from(projects).where(eq(projects.id, searched));
    const access = { project: project as ProjectRow, role: 'owner' as const };
    const search = await listAnalyses(t.ctx, access, AnalysisListQuery.parse({ q: 'renewal' }), null);
    expect(search).toMatchObject({ total: ANALYSES_SEARCH_COUNT_CAP, total_capped: true });
    const all = await listAnalyses(t.ctx, access, AnalysisListQuery.parse({}), null);
    expect(all).toMatchObject({ total: ANALYSES_SEARCH_COUNT_CAP + 2, total_capped: false });
  });

  it('answers total and total_capped over the API', async () => {
    const response = await owner.call(analysisRoutes.list, { params: { id: projectId } });
    expect(response.json().data).toMatchObject({ total: 4, total_capped: false });
  });
});
