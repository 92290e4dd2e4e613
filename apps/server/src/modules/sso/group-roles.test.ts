import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { projectMembers, ssoConnections, ssoGroupMappings } from '../../db/schema/index.ts';
import { syncGroupMemberships } from './group-roles.ts';

let t: TestApp;
let connectionId: number;
let sales: number;
let support: number;

beforeAll(async () => {
  t = await startTestApp();
  const owner = await signUp(t.app);
  sales = await createProject(owner, 'Sales');
  support = await createProject(owner, 'Support');
  const [connection] = await t.ctx.db
    .insert(ssoConnections)
    .values({ name: 'IdP', protocol: 'oidc', ownerUserId: owner.userId })
    .returning();
  connectionId = connection!.id;
  await t.ctx.db.insert(ssoGroupMappings).values([
    { connectionId, groupName: 'sales-reps', projectId: sales, role: 'user' },
    { connectionId, groupName: 'sales-leads', projectId: sales, role: 'teamleader' },
    { connectionId, groupName: '*', projectId: support, role: 'user' },
  ]);
});
afterAll(() => t.close());

const sync = (userId: number, groups: string[]) =>
  t.ctx.db.transaction((tx) => syncGroupMemberships(tx, connectionId, userId, groups));

async function roleIn(projectId: number, userId: number) {
  const [row] = await t.ctx.db
    .select({ role: projectMembers.role, viaSso: projectMembers.ssoConnectionId })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, userId)));
  return row ?? null;
}

describe('syncGroupMemberships', () => {
  it("gives the highest mapped role per project, and '*' to everyone", async () => {
    const { userId } = await signUp(t.app);
    await sync(userId, ['sales-reps', 'sales-leads', 'unmapped']);
    expect(await roleIn(sales, userId)).toEqual({ role: 'teamleader', viaSso: connectionId });
    expect(await roleIn(support, userId)).toEqual({ role: 'user', viaSso: connectionId });
  });

  it('ends or lowers the memberships of groups the person left', async () => {
    const { userId } = await signUp(t.app);
    await sync(userId, ['sales-leads']);
    await sync(userId, ['sales-reps']);
    expect((await roleIn(sales, userId))?.role).toBe('user');
    await sync(userId, []);
    expect(await roleIn(sales, userId)).toBeNull();
    expect((await roleIn(support, userId))?.role).toBe('user');
  });

  it('leaves memberships made in Parley alone', async () => {
    const { userId } = await signUp(t.app);
    await t.ctx.db.insert(projectMembers).values({ projectId: sales, userId, role: 'admin' });
    await sync(userId, ['sales-reps']);
    expect(await roleIn(sales, userId)).toEqual({ role: 'admin', viaSso: null });
    await sync(userId, []);
    expect(await roleIn(sales, userId)).toEqual({ role: 'admin', viaSso: null });
  });

  it('never removes nor demotes the last owner of a project', async () => {
    const lone = await signUp(t.app);
    const project = await createProject(lone, 'Lone');
    await t.ctx.db
      .update(projectMembers)
      .set({ ssoConnectionId: connectionId })
      .where(and(eq(projectMembers.projectId, project), eq(projectMembers.userId, lone.userId)));
    await t.ctx.db
      .insert(ssoGroupMappings)
      .values({ connectionId, groupName: 'x', projectId: project, role: 'user' });
    await sync(lone.userId, ['x']);
    expect((await roleIn(project, lone.userId))?.role).toBe('owner');
    await sync(lone.userId, []);
    expect((await roleIn(project, lone.userId))?.role).toBe('owner');
  });
});
