import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analysisRoutes, REP_TEXTS, repRoutes, SESSION_COOKIE } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
  usersSeeAll,
} from '../../../test/harness.ts';
import { uploadCall } from '../../../test/settings.ts';
import { createPrompt, fund } from '../../../test/uploads.ts';
import { tasks } from '../../db/schema/index.ts';
import { notifyTaskEvent } from '../tasks/notify.ts';

let t: TestApp;
let dataDir: string;
let owner: Client;
let admin: Client;
let user: Client;
let leader: Client;
let stranger: Client;
let projectId: number;
let promptId: number;
let base: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-reps-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  await signUp(t.app); // the super admin
  owner = await signUp(t.app);
  admin = await signUp(t.app);
  user = await signUp(t.app);
  leader = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Reps');
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, user, 'user');
  await usersSeeAll(t, projectId);
  await addMember(t, projectId, leader, 'teamleader');
  await fund(t, projectId);
  promptId = await createPrompt(owner, projectId, 'QA');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const task = async (id: number) => (await t.ctx.db.select().from(tasks).where(eq(tasks.id, id)))[0]!;
const addMapping = async (identifier: string, representative: string, department: string | null = null) => {
  const response = await owner.call(repRoutes.createMapping, {
    params: { id: projectId },
    body: { identifier, representative, department },
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json().data.id as number;
};

describe('rep mapping', () => {
  it('is managed by admins and owners: CRUD with duplicate detection by matched form', async () => {
    for (const [client, status] of [
      [user, 403],
      [leader, 403],
      [stranger, 404],
    ] as const) {
      expect((await client.call(repRoutes.listMappings, { params: { id: projectId } })).statusCode).toBe(
        status,
      );
      const post = await client.call(repRoutes.createMapping, {
        params: { id: projectId },
        body: { identifier: 'x', representative: 'y' },
      });
      expect(post.statusCode).toBe(status);
      expect((await client.call(repRoutes.applyMappings, { params: { id: projectId } })).statusCode).toBe(
        status,
      );
    }
    const created = await admin.call(repRoutes.createMapping, {
      params: { id: projectId },
      body: { identifier: ' (555) 000-1111 ', representative: ' Carol King ', department: '' },
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id;
    expect(created.json().data).toMatchObject({
      identifier: '(555) 000-1111',
      representative: 'Carol King',
      department: null,
    });
    const dup = await admin.call(repRoutes.createMapping, {
      params: { id: projectId },
      body: { identifier: '+1 555 000 1111', representative: 'Someone' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toEqual({
      code: 'duplicate_identifier',
      message: REP_TEXTS.duplicate('+1 555 000 1111'),
    });
    const updated = await owner.call(repRoutes.updateMapping, {
      params: { id: projectId, mappingId: id },
      body: { identifier: '555-000-1111', representative: 'Carol King', department: 'Support' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.department).toBe('Support');
    expect(
      (
        await user.call(repRoutes.updateMapping, {
          unchecked: true,
          params: { id: projectId, mappingId: id },
          body: {},
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await user.call(repRoutes.removeMapping, { params: { id: projectId, mappingId: id } })).statusCode,
    ).toBe(403);
    const list = (await admin.call(repRoutes.listMappings, { params: { id: projectId } })).json().data;
    expect(list.map((m: { id: number }) => m.id)).toContain(id);
    expect(
      (await owner.call(repRoutes.removeMapping, { params: { id: projectId, mappingId: id } })).statusCode,
    ).toBe(200);
    expect(
      (await owner.call(repRoutes.removeMapping, { params: { id: projectId, mappingId: id } })).statusCode,
    ).toBe(404);
    const blank = await owner.call(repRoutes.createMapping, {
      params: { id: projectId },
      body: { identifier: '  ', representative: 'x' },
    });
    expect(blank.statusCode).toBe(400);
  });

  it('applies to new analyses: representative by name, extension, email or phone; department when given', async () => {
    await addMapping('ext 204', 'Ann Smith', 'Sales');
    await addMapping('bob@example.com', 'Bob Jones');
    await addMapping('+44 20 7946 0000', 'Dana', 'Support');
    const byExtension = await uploadCall(owner, projectId, promptId, {
      Representative: ' EXT  204 ',
      Department: 'X',
    });
    const byEmail = await uploadCall(owner, projectId, promptId, {
      Representative: 'BOB@example.com',
      Department: 'Ops',
    });
    const byPhone = await uploadCall(owner, projectId, promptId, {
      Representative: 'Somebody',
      Department: 'Ops',
      agent: '44 (20) 7946-0000',
    });
    const unmapped = await uploadCall(owner, projectId, promptId, {
      Representative: 'Zoe',
      Department: 'Ops',
    });
    expect(await task(byExtension)).toMatchObject({ representative: 'Ann Smith', department: 'Sales' });
    expect(await task(byEmail)).toMatchObject({ representative: 'Bob Jones', department: 'Ops' });
    expect(await task(byPhone)).toMatchObject({ representative: 'Dana', department: 'Support' });
    expect(await task(unmapped)).toMatchObject({ representative: 'Zoe', department: 'Ops' });
    // The metadata itself is kept as uploaded.
    expect((await task(byExtension)).metadata).toEqual({ Representative: ' EXT  204 ', Department: 'X' });
    // A reanalysis derives again, through the same rule.
    const re = await owner.call(analysisRoutes.reanalyze, {
      params: { id: projectId, taskId: byEmail },
      body: { prompt_id: promptId },
    });
    expect(await task(re.json().data.task_id)).toMatchObject({ representative: 'Bob Jones' });
  });

  it('re-maps existing analyses on apply and says how many changed', async () => {
    const before = await uploadCall(owner, projectId, promptId, {
      Representative: 'Eve',
      Department: 'Field',
    });
    const other = await uploadCall(owner, projectId, promptId, {
      Representative: 'Frank',
      Department: 'Field',
    });
    expect(await task(before)).toMatchObject({ representative: 'Eve', department: 'Field' });
    const mappingId = await addMapping('eve', 'Eve Adams', 'Sales');
    expect((await task(before)).representative).toBe('Eve'); // not until applied
    const applied = await admin.call(repRoutes.applyMappings, { params: { id: projectId } });
    expect(applied.statusCode).toBe(200);
    expect(applied.json().data.changed).toBe(1);
    expect(await task(before)).toMatchObject({ representative: 'Eve Adams', department: 'Sales' });
    expect((await task(other)).representative).toBe('Frank');
    expect(
      (await admin.call(repRoutes.applyMappings, { params: { id: projectId } })).json().data.changed,
    ).toBe(0);
    // Removing the entry and applying gives the metadata's values back.
    await owner.call(repRoutes.removeMapping, { params: { id: projectId, mappingId } });
    expect(
      (await admin.call(repRoutes.applyMappings, { params: { id: projectId } })).json().data.changed,
    ).toBe(1);
    expect(await task(before)).toMatchObject({ representative: 'Eve', department: 'Field' });
  });

  it('lists canonical representatives and departments for any member', async () => {
    const reps = await user.call(repRoutes.representatives, { params: { id: projectId } });
    expect(reps.statusCode).toBe(200);
    expect(reps.json().data).toEqual(
      expect.arrayContaining(['Ann Smith', 'Bob Jones', 'Dana', 'Zoe', 'Eve']),
    );
    expect(reps.json().data).not.toContain('ext 204');
    const departments = (await user.call(repRoutes.departments, { params: { id: projectId } })).json().data;
    expect(departments).toEqual(expect.arrayContaining(['Sales', 'Ops', 'Support', 'Field']));
    expect(departments).not.toContain('X');
    expect((await stranger.call(repRoutes.departments, { params: { id: projectId } })).statusCode).toBe(404);
  });
});

describe('team leaders', () => {
  it('are assigned by admins and owners; only members with the teamleader role', async () => {
    const empty = await admin.call(repRoutes.getTeamLeader, {
      params: { id: projectId, userId: leader.userId },
    });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toMatchObject({
      user_id: leader.userId,
      email: leader.email,
      departments: [],
      representatives: [],
      updated_at: null,
    });
    const body = { departments: [' Sales ', 'sales', ''], representatives: ['Zoe'] };
    expect(
      (
        await user.call(repRoutes.setTeamLeader, {
          params: { id: projectId, userId: leader.userId },
          body: body,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (
        await leader.call(repRoutes.setTeamLeader, {
          params: { id: projectId, userId: leader.userId },
          body: body,
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await stranger.call(repRoutes.getTeamLeader, { params: { id: projectId, userId: leader.userId } }))
        .statusCode,
    ).toBe(404);
    const notLeader = await owner.call(repRoutes.setTeamLeader, {
      params: { id: projectId, userId: user.userId },
      body: body,
    });
    expect(notLeader.statusCode).toBe(400);
    expect(notLeader.json().error.code).toBe('not_team_leader');
    expect(
      (
        await owner.call(repRoutes.setTeamLeader, {
          params: { id: projectId, userId: stranger.userId },
          body: body,
        })
      ).statusCode,
    ).toBe(404);
    const saved = await owner.call(repRoutes.setTeamLeader, {
      params: { id: projectId, userId: leader.userId },
      body: body,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ departments: ['Sales'], representatives: ['Zoe'] });
    const list = (await admin.call(repRoutes.listTeamLeaders, { params: { id: projectId } })).json().data;
    expect(list).toEqual([expect.objectContaining({ user_id: leader.userId, departments: ['Sales'] })]);
  });

  it('see only the analyses of their departments or representatives: list, detail, media, reanalysis', async () => {
    const inSales = await uploadCall(owner, projectId, promptId, {
      Representative: 'Yan',
      Department: 'SALES',
    });
    const byZoe = await uploadCall(owner, projectId, promptId, { Representative: 'zoe', Department: 'Ops' });
    const hidden = await uploadCall(owner, projectId, promptId, {
      Representative: 'Quinn',
      Department: 'Ops',
    });
    const list = (
      await leader.call(analysisRoutes.list, { params: { id: projectId }, query: { page_size: '100' } })
    ).json().data;
    const ids = list.items.map((i: { id: number }) => i.id);
    expect(ids).toEqual(expect.arrayContaining([inSales, byZoe]));
    expect(ids).not.toContain(hidden);
    expect(
      list.items.every(
        (i: { department: string; representative: string }) =>
          i.department?.toLowerCase() === 'sales' || i.representative?.toLowerCase() === 'zoe',
      ),
    ).toBe(true);
    expect(list.total).toBe(ids.length);
    for (const route of [analysisRoutes.detail, analysisRoutes.media]) {
      const ok = await leader.call(route, { params: { id: projectId, taskId: inSales } });
      expect(ok.statusCode).toBe(200);
      const no = await leader.call(route, { params: { id: projectId, taskId: hidden } });
      expect(no.statusCode).toBe(404);
    }
    const reanalyze = await leader.call(analysisRoutes.reanalyze, {
      params: { id: projectId, taskId: hidden },
      body: { prompt_id: promptId },
    });
    expect(reanalyze.statusCode).toBe(404);
    // Filters for a team leader offer their own values.
    const reps = (await leader.call(repRoutes.representatives, { params: { id: projectId } })).json().data;
    expect(reps).toContain('Zoe');
    expect(reps).not.toContain('Quinn');
    // Users (and admins) keep seeing everything.
    const all = (
      await user.call(analysisRoutes.list, { params: { id: projectId }, query: { page_size: '100' } })
    )
      .json()
      .data.items.map((i: { id: number }) => i.id);
    expect(all).toEqual(expect.arrayContaining([inSales, byZoe, hidden]));
  });

  it('see none without an assignment', async () => {
    const fresh = await signUp(t.app);
    await addMember(t, projectId, fresh, 'teamleader');
    const list = (await fresh.call(analysisRoutes.list, { params: { id: projectId } })).json().data;
    expect(list).toMatchObject({ items: [], total: 0 });
    expect((await fresh.call(repRoutes.representatives, { params: { id: projectId } })).json().data).toEqual(
      [],
    );
  });

  it('get live events only for the analyses they see', async () => {
    const visible = await uploadCall(owner, projectId, promptId, {
      Representative: 'Zoe',
      Department: 'Ops',
    });
    const hidden = await uploadCall(owner, projectId, promptId, {
      Representative: 'Quinn',
      Department: 'Ops',
    });
    const controller = new AbortController();
    const response = await fetch(`${base}/api/projects/${projectId}/analyses/events`, {
      headers: { cookie: `${SESSION_COOKIE}=${leader.cookie}` },
      signal: controller.signal,
    });
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = '';
    while (!text.includes(': connected')) text += (await reader.read()).value ?? '';
    const event = (taskId: number, progress: number) =>
      notifyTaskEvent(t.ctx.db, {
        project_id: projectId,
        task_id: taskId,
        status: 'processing',
        stage: 'media',
        progress,
      });
    await event(hidden, 11);
    await event(visible, 22);
    await event(hidden, 33);
    await event(visible, 44);
    while ((text.match(/event: task/g) ?? []).length < 2) text += (await reader.read()).value ?? '';
    controller.abort();
    const sent = [...text.matchAll(/data: (\{.*\})/g)].map((m) => JSON.parse(m[1]!));
    expect(sent.map((e) => [e.task_id, e.progress])).toEqual([
      [visible, 22],
      [visible, 44],
    ]);
  });
});
