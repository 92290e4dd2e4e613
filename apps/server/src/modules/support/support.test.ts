import {
  analysisRoutes,
  authRoutes,
  blacklistRoutes,
  memberRoutes,
  projectRoutes,
  promptRoutes,
  repRoutes,
  SUPPORT_TEXTS,
  supportRoutes,
  TEXTS,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prepare } from '../../../test/client.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { supportAudit, supportGrants } from '../../db/schema/index.ts';

let t: TestApp;
let superAdmin: Client;
let owner: Client;
let admin: Client;
let user: Client;
let support: Client;
let stranger: Client;
let projectId: number;

beforeAll(async () => {
  t = await startTestApp();
  superAdmin = await signUp(t.app);
  owner = await signUp(t.app);
  admin = await signUp(t.app);
  user = await signUp(t.app);
  support = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Supported');
  await addMember(t, projectId, admin, 'admin');
  await addMember(t, projectId, user, 'user');
});
afterAll(async () => {
  await t.close();
});

const grant = (client: Client, duration: number, unit: 'hours' | 'days' = 'hours', id = projectId) =>
  client.call(supportRoutes.grant, { params: { id }, body: { duration, unit } });

describe('support staff accounts', () => {
  it('get the support role from a super admin only', async () => {
    const params = { userId: support.userId };
    const setRole = supportRoutes.setUserRole;
    expect((await owner.call(setRole, { params, body: { role: 'support' } })).statusCode).toBe(403);
    const bad = await superAdmin.call(setRole, { unchecked: true, params, body: { role: 'boss' } });
    expect(bad.statusCode).toBe(400);
    const set = await superAdmin.call(setRole, { params, body: { role: 'support' } });
    expect(set.statusCode).toBe(200);
    expect(set.json().data).toMatchObject({ id: support.userId, role: 'support', email: support.email });
    expect((await support.call(authRoutes.me)).json().data.role).toBe('support');
    const found = await superAdmin.call(supportRoutes.listUsers, {
      query: { q: support.email.slice(0, 12), role: 'support' },
    });
    expect(found.json().data.map((u: { id: number }) => u.id)).toEqual([support.userId]);
    expect(
      (
        await superAdmin.call(supportRoutes.setUserRole, {
          params: { userId: 999999 },
          body: { role: 'user' },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('see nothing without a grant, and only support staff list granted projects', async () => {
    expect((await support.call(projectRoutes.get, { params: { id: projectId } })).statusCode).toBe(404);
    expect((await support.call(supportRoutes.projects)).json().data).toEqual([]);
    const refused = await user.call(supportRoutes.projects);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(SUPPORT_TEXTS.supportOnly);
    expect((await superAdmin.call(supportRoutes.projects)).statusCode).toBe(200);
  });
});

describe('support access', () => {
  it('is granted and revoked by the owner only; admins read its state', async () => {
    for (const [client, status] of [
      [admin, 403],
      [user, 403],
      [support, 404],
      [stranger, 404],
      [superAdmin, 403],
    ] as const) {
      expect((await grant(client, 1)).statusCode).toBe(status);
      expect((await client.call(supportRoutes.revoke, { params: { id: projectId } })).statusCode).toBe(
        status,
      );
      expect((await client.call(supportRoutes.audit, { params: { id: projectId } })).statusCode).toBe(status);
    }
    expect((await user.call(supportRoutes.status, { params: { id: projectId } })).statusCode).toBe(403);
    const none = await admin.call(supportRoutes.status, { params: { id: projectId } });
    expect(none.json().data).toEqual({
      active: false,
      expires_at: null,
      granted_at: null,
      granted_by: null,
      revoked_at: null,
    });
    for (const [duration, unit] of [
      [0, 'hours'],
      [31, 'days'],
      [721, 'hours'],
    ] as const) {
      expect((await grant(owner, duration, unit)).statusCode).toBe(400);
    }
    const granted = await grant(owner, 30, 'days');
    expect(granted.statusCode).toBe(200);
    const state = granted.json().data;
    expect(state).toMatchObject({ active: true, granted_by: { id: owner.userId }, revoked_at: null });
    expect(Math.abs(new Date(state.expires_at).getTime() - (Date.now() + 30 * 86_400_000))).toBeLessThan(
      60_000,
    );
    const revoked = await owner.call(supportRoutes.revoke, { params: { id: projectId } });
    expect(revoked.json().data).toMatchObject({ active: false });
    expect(revoked.json().data.revoked_at).not.toBeNull();
  });

  it('lets support staff read (admin view) but never write while granted, and audits every request', async () => {
    await t.ctx.db.delete(supportAudit).where(eq(supportAudit.projectId, projectId));
    expect((await grant(owner, 2)).statusCode).toBe(200);
    const project = await support.call(projectRoutes.get, { params: { id: projectId } });
    expect(project.statusCode).toBe(200);
    expect(project.json().data).toMatchObject({ my_role: 'admin', read_only: true });
    const params = { id: projectId };
    for (const { url, by } of [
      prepare(analysisRoutes.list, { params }),
      prepare(memberRoutes.list, { params }),
      prepare(promptRoutes.list, { params }),
      prepare(analysisRoutes.failed, { params }),
      prepare(blacklistRoutes.list, { query: { project_id: projectId } }),
    ]) {
      const response = await by(support);
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
    for (const { method, url, by } of [
      prepare(projectRoutes.update, { params, body: { name: 'hijacked' } }),
      prepare(projectRoutes.remove, { params, body: { confirm_name: 'Supported' } }),
      prepare(memberRoutes.invite, { params, body: { email: 'x@example.com', role: 'admin' } }),
      prepare(repRoutes.createMapping, { params, body: { identifier: 'a', representative: 'b' } }),
      prepare(blacklistRoutes.create, { body: { project_id: projectId, phone_number: '+15551234567' } }),
    ]) {
      const response = await by(support);
      expect({ method, url, status: response.statusCode }).toEqual({ method, url, status: 403 });
      expect(response.json().error).toEqual({ code: 'read_only', message: SUPPORT_TEXTS.readOnly });
    }
    // Owner-only reads stay closed.
    expect((await support.call(supportRoutes.audit, { params: { id: projectId } })).statusCode).toBe(403);
    // Not a membership: not in their project list, but on the support dashboard.
    expect((await support.call(projectRoutes.list)).json().data).toEqual([]);
    const dashboard = (await support.call(supportRoutes.projects)).json().data;
    expect(dashboard).toEqual([
      expect.objectContaining({
        id: projectId,
        name: 'Supported',
        granted_by: expect.objectContaining({ id: owner.userId }),
      }),
    ]);

    const audit = await owner.call(supportRoutes.audit, {
      params: { id: projectId },
      query: { page_size: '100' },
    });
    expect(audit.statusCode).toBe(200);
    const items = audit.json().data.items as Array<{
      method: string;
      path: string;
      allowed: boolean;
      user_id: number;
    }>;
    expect(audit.json().data.total).toBe(12);
    expect(items.every((i) => i.user_id === support.userId)).toBe(true);
    expect(items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ method: 'GET', path: `/api/projects/${projectId}`, allowed: true }),
        expect.objectContaining({ method: 'GET', path: '/api/blacklist', allowed: true }),
        expect.objectContaining({ method: 'PUT', path: `/api/projects/${projectId}`, allowed: false }),
        expect.objectContaining({
          method: 'GET',
          path: `/api/projects/${projectId}/support-access/audit`,
          allowed: false,
        }),
      ]),
    );
    // Members are never audited.
    await admin.call(projectRoutes.get, { params: { id: projectId } });
    expect((await owner.call(supportRoutes.audit, { params: { id: projectId } })).json().data.total).toBe(12);
  });

  it('ends at expiry or on revocation', async () => {
    expect((await grant(owner, 1)).statusCode).toBe(200);
    expect((await support.call(projectRoutes.get, { params: { id: projectId } })).statusCode).toBe(200);
    await t.ctx.db
      .update(supportGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(supportGrants.projectId, projectId));
    const expired = await support.call(projectRoutes.get, { params: { id: projectId } });
    expect(expired.statusCode).toBe(404);
    expect(expired.json().error.message).toBe(TEXTS.guard.notFound);
    expect((await support.call(supportRoutes.projects)).json().data).toEqual([]);
    expect((await admin.call(supportRoutes.status, { params: { id: projectId } })).json().data.active).toBe(
      false,
    );

    expect((await grant(owner, 3, 'days')).statusCode).toBe(200);
    expect((await support.call(projectRoutes.get, { params: { id: projectId } })).statusCode).toBe(200);
    await owner.call(supportRoutes.revoke, { params: { id: projectId } });
    expect((await support.call(projectRoutes.get, { params: { id: projectId } })).statusCode).toBe(404);
  });

  it('leaves members who have the support role with their membership', async () => {
    const other = await createProject(owner, 'Member project');
    await addMember(t, other, support, 'admin');
    const response = await support.call(projectRoutes.update, {
      params: { id: other },
      body: { name: 'Mine' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.read_only).toBe(false);
  });
});
