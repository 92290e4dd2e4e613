import {
  authRoutes,
  MEMBER_TEXTS,
  memberRoutes,
  privacyRoutes,
  SESSION_LIFETIME_DEFAULTS,
  SESSION_TEXTS,
  sessionRoutes,
} from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import {
  addMember,
  type Client,
  createProject,
  sessionCookie,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { sessions } from '../../db/schema/index.ts';
import { deleteExpiredSessions } from '../auth/sessions.ts';
import { hashToken } from '../auth/tokens.ts';

const CHROME_MAC =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

let t: TestApp;
let superAdmin: Client;

beforeAll(async () => {
  t = await startTestApp();
  superAdmin = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
});

/** Another sign-in of the client's account, from another browser and address: that session's cookie. */
async function signInAgain(client: Client, userAgent = SAFARI_IPHONE, remoteAddress = '203.0.113.7') {
  const response = await callRoute(t.app, authRoutes.login, {
    body: { email: client.email, password: 'correct horse' },
    headers: { 'user-agent': userAgent },
    remoteAddress,
  });
  return sessionCookie(response);
}

const me = (cookie: string) => callRoute(t.app, authRoutes.me, { cookie });
const list = async (cookie: string) => {
  const response = await callRoute(t.app, sessionRoutes.list, { cookie });
  expect(response.statusCode).toBe(200);
  return response.json().data as Array<Record<string, unknown> & { id: string; current: boolean }>;
};
const setLifetimes = (idle_minutes: number, absolute_days: number) =>
  superAdmin.call(sessionRoutes.setLifetimes, { body: { idle_minutes, absolute_days } });
const sessionRow = async (cookie: string) =>
  (
    await t.ctx.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(cookie)))
  )[0];

describe('my sessions', () => {
  it('lists only my live sessions, this one marked, with browser, system, address and way in, never a token', async () => {
    const me1 = await signUp(t.app);
    const phone = await signInAgain(me1);
    const laptop = await signInAgain(me1, CHROME_MAC, '198.51.100.4');
    const other = await signUp(t.app);
    await signInAgain(other);

    const listed = await list(laptop);
    expect(listed).toHaveLength(3);
    expect(listed[0]).toMatchObject({
      current: true,
      browser: 'Chrome',
      os: 'macOS',
      device: 'desktop',
      ip: '198.51.100.4',
      sign_in_method: 'password',
    });
    expect(listed.filter((session) => session.current)).toHaveLength(1);
    expect(listed).toContainEqual(
      expect.objectContaining({ browser: 'Safari', os: 'iOS', device: 'mobile', ip: '203.0.113.7' }),
    );
    // The confirmation link of the sign-up opened the first one.
    expect(listed.map((session) => session.sign_in_method).sort()).toEqual(['link', 'password', 'password']);
    const text = JSON.stringify(listed);
    for (const secret of [me1.cookie, phone, laptop, hashToken(phone)]) expect(text).not.toContain(secret);
    expect((await list(phone)).find((session) => session.current)?.id).not.toBe(listed[0]!.id);
  });

  it('ends one of mine by its id (the current one signs out); another account’s id finds nothing', async () => {
    const mine = await signUp(t.app);
    const phone = await signInAgain(mine);
    const theirs = await signUp(t.app);
    const theirId = (await list(theirs.cookie))[0]!.id;

    const stranger = await mine.call(sessionRoutes.revoke, { params: { sessionId: theirId } });
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().error.message).toBe(SESSION_TEXTS.notFound);
    expect((await me(theirs.cookie)).statusCode).toBe(200);

    const phoneId = (await list(phone)).find((session) => session.current)!.id;
    const revoked = await mine.call(sessionRoutes.revoke, { params: { sessionId: phoneId } });
    expect(revoked.json()).toEqual({ data: { signed_out: 1 } });
    expect((await me(phone)).statusCode).toBe(401);
    expect((await me(mine.cookie)).statusCode).toBe(200);
    expect((await mine.call(sessionRoutes.revoke, { params: { sessionId: phoneId } })).statusCode).toBe(404);

    const ownId = (await list(mine.cookie))[0]!.id;
    const own = await mine.call(sessionRoutes.revoke, { params: { sessionId: ownId } });
    expect(own.statusCode).toBe(200);
    expect(own.cookies.find((cookie) => cookie.name === 'parley_session')?.value).toBe('');
    expect((await me(mine.cookie)).statusCode).toBe(401);
  });

  it('refuses ids that are not session ids with 400', async () => {
    const client = await signUp(t.app);
    for (const sessionId of ['%25', 'x'.repeat(16), '0'.repeat(64), "' OR 1=1 --"]) {
      const answer = await client.call(sessionRoutes.revoke, { unchecked: true, params: { sessionId } });
      expect(answer.statusCode).toBe(400);
    }
  });

  it('signs out every other session and keeps this one', async () => {
    const client = await signUp(t.app);
    const others = [await signInAgain(client), await signInAgain(client, CHROME_MAC)];
    const bystander = await signUp(t.app);
    const answer = await client.call(sessionRoutes.signOutOthers);
    expect(answer.json()).toEqual({ data: { signed_out: 2 } });
    for (const cookie of others) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(client.cookie)).statusCode).toBe(200);
    expect((await me(bystander.cookie)).statusCode).toBe(200);
    expect(await list(client.cookie)).toHaveLength(1);
  });

  it('is not for API keys nor anonymous callers', async () => {
    expect((await callRoute(t.app, sessionRoutes.list)).statusCode).toBe(401);
    expect((await callRoute(t.app, sessionRoutes.signOutOthers)).statusCode).toBe(401);
  });
});

describe('signing a member out everywhere', () => {
  async function team() {
    const owner = await signUp(t.app);
    const projectId = await createProject(owner);
    const [admin, user, coOwner] = [await signUp(t.app), await signUp(t.app), await signUp(t.app)];
    await addMember(t, projectId, admin, 'admin');
    await addMember(t, projectId, user, 'user');
    await addMember(t, projectId, coOwner, 'owner');
    return { projectId, owner, admin, user, coOwner };
  }
  const signOut = (by: Client, projectId: number, userId: number) =>
    by.call(sessionRoutes.signOutMember, { params: { id: projectId, userId } });

  it('lets an owner end every session of a member, audited', async () => {
    const { projectId, owner, user } = await team();
    const phone = await signInAgain(user);
    const answer = await signOut(owner, projectId, user.userId);
    expect(answer.json()).toEqual({ data: { signed_out: 2 } });
    for (const cookie of [user.cookie, phone]) expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(owner.cookie)).statusCode).toBe(200);

    const audit = await owner.call(privacyRoutes.audit, {
      params: { id: projectId },
      query: { action: 'member_signed_out' },
    });
    expect(audit.json().data).toEqual([
      expect.objectContaining({
        action: 'member_signed_out',
        user_id: owner.userId,
        target_id: user.userId,
        details: { sessions: 2 },
      }),
    ]);
  });

  it('refuses admins, users, the owner of another project and non-members', async () => {
    const { projectId, admin, user, coOwner } = await team();
    const other = await team();
    expect((await signOut(admin, projectId, user.userId)).statusCode).toBe(403);
    expect((await signOut(user, projectId, admin.userId)).statusCode).toBe(403);
    // Owner elsewhere: this project is not theirs (404), nor is the member theirs through their own project.
    expect((await signOut(other.owner, projectId, user.userId)).statusCode).toBe(404);
    const notMember = await signOut(other.owner, other.projectId, user.userId);
    expect(notMember.statusCode).toBe(404);
    expect(notMember.json().error.message).toBe(MEMBER_TEXTS.memberNotFound);
    for (const client of [admin, user, coOwner]) expect((await me(client.cookie)).statusCode).toBe(200);
  });

  it('signs a super admin out only for a super admin', async () => {
    const { projectId, owner } = await team();
    await addMember(t, projectId, superAdmin, 'user');
    const refused = await signOut(owner, projectId, superAdmin.userId);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'super_admin_target',
      message: SESSION_TEXTS.superAdminTarget,
    });
    expect((await me(superAdmin.cookie)).statusCode).toBe(200);

    // A super admin who is not an owner acts as an admin of the project: refused too.
    const ownerPhone = await signInAgain(owner);
    expect((await signOut(superAdmin, projectId, owner.userId)).statusCode).toBe(403);
    expect((await me(ownerPhone)).statusCode).toBe(200);
  });

  it('lets the member list stay as it was (signing out is not removal)', async () => {
    const { projectId, owner, user } = await team();
    await signOut(owner, projectId, user.userId);
    const members = (await owner.call(memberRoutes.list, { params: { id: projectId } })).json().data.members;
    expect(members.map((member: { user_id: number }) => member.user_id)).toContain(user.userId);
  });
});

describe('session lifetimes', () => {
  afterAll(async () => {
    await setLifetimes(SESSION_LIFETIME_DEFAULTS.idle_minutes, SESSION_LIFETIME_DEFAULTS.absolute_days);
  });

  it('are the defaults until the super admin sets them, and only the super admin may', async () => {
    const client = await signUp(t.app);
    expect((await superAdmin.call(sessionRoutes.lifetimes)).json()).toEqual({
      data: SESSION_LIFETIME_DEFAULTS,
    });
    expect((await client.call(sessionRoutes.lifetimes)).statusCode).toBe(403);
    const refused = await client.call(sessionRoutes.setLifetimes, {
      body: { idle_minutes: 5, absolute_days: 1 },
    });
    expect(refused.statusCode).toBe(403);
    expect((await superAdmin.call(sessionRoutes.lifetimes)).json()).toEqual({
      data: SESSION_LIFETIME_DEFAULTS,
    });
  });

  it('refuses values out of bounds and an idle timeout longer than the lifetime', async () => {
    for (const body of [
      { idle_minutes: 4, absolute_days: 30 },
      { idle_minutes: 60, absolute_days: 0 },
      { idle_minutes: 60, absolute_days: 366 },
      { idle_minutes: 1.5, absolute_days: 30 },
      { idle_minutes: 2 * 24 * 60 + 1, absolute_days: 2 },
    ]) {
      const answer = await superAdmin.call(sessionRoutes.setLifetimes, { body });
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    const tooLong = await setLifetimes(2 * 24 * 60 + 1, 2);
    expect(tooLong.json().error.message).toContain(SESSION_TEXTS.idleTooLong);
  });

  it('end a session idle for the idle timeout at once, and keep one in use alive', async () => {
    expect((await setLifetimes(20, 30)).statusCode).toBe(200);
    const idle = await signUp(t.app);
    const used = await signUp(t.app);
    const ago = (minutes: number, cookie: string) =>
      t.ctx.db
        .update(sessions)
        .set({ lastSeenAt: sql`now() - make_interval(mins => ${minutes})` })
        .where(eq(sessions.tokenHash, hashToken(cookie)));

    await ago(21, idle.cookie);
    expect((await me(idle.cookie)).statusCode).toBe(401);

    // Touched once a quarter of the idle timeout has passed (5 minutes here), not on every request.
    await ago(3, used.cookie);
    const before = (await sessionRow(used.cookie))!.lastSeenAt;
    expect((await me(used.cookie)).statusCode).toBe(200);
    expect((await sessionRow(used.cookie))!.lastSeenAt).toEqual(before);
    await ago(6, used.cookie);
    expect((await me(used.cookie)).statusCode).toBe(200);
    const touched = (await sessionRow(used.cookie))!.lastSeenAt;
    expect(Date.now() - touched.getTime()).toBeLessThan(60_000);

    // The daily cleanup deletes what is already refused.
    await deleteExpiredSessions(t.ctx.db);
    expect(await sessionRow(idle.cookie)).toBeUndefined();
    expect(await sessionRow(used.cookie)).toBeDefined();
  });

  it('end a session its absolute lifetime after sign-in however much it is used; a shorter one applies at once', async () => {
    expect((await setLifetimes(24 * 60, 10)).statusCode).toBe(200);
    const client = await signUp(t.app);
    await t.ctx.db
      .update(sessions)
      .set({ createdAt: sql`now() - interval '9 days'` })
      .where(eq(sessions.tokenHash, hashToken(client.cookie)));
    expect((await me(client.cookie)).statusCode).toBe(200);
    expect(await list(client.cookie)).toHaveLength(1);

    expect((await setLifetimes(24 * 60, 8)).statusCode).toBe(200);
    expect((await me(client.cookie)).statusCode).toBe(401);
  });

  it('set the session cookie to last the absolute lifetime', async () => {
    expect((await setLifetimes(60, 7)).statusCode).toBe(200);
    const client = await signUp(t.app);
    const response = await callRoute(t.app, authRoutes.login, {
      body: { email: client.email, password: 'correct horse' },
    });
    const cookie = response.cookies.find((candidate) => candidate.name === 'parley_session');
    expect(cookie?.maxAge).toBe(7 * 24 * 60 * 60);
  });
});
