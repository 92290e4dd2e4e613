import {
  authRoutes,
  memberRoutes,
  projectRoutes,
  SESSION_COOKIE,
  type Session,
  sessionRoutes,
  TWO_FACTOR,
  twoFactorRoutes,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import { FakeGoogle } from '../../../test/fake-upstreams/google-oauth.ts';
import {
  addMember,
  type Client,
  createProject,
  sessionCookie,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { takeQueuedEmails } from '../../../test/mail.ts';
import { recoveryCodes, totpFactors, users } from '../../db/schema/index.ts';

let t: TestApp;
let google: FakeGoogle;
beforeAll(async () => {
  google = await FakeGoogle.start();
  t = await startTestApp({ encryptionKey: 'ab'.repeat(32) }, google.env());
  await signUp(t.app); // the first account (super admin) is taken
});
afterAll(async () => {
  await t.close();
  await google.close();
});

// The codes' clock: Date is frozen 5 s into a 30-second step (both this test's codes and the server's checks
// read it); `nextStep` moves it on. Close to the real time, as the database's now() decides expiries.
const PERIOD_MS = TWO_FACTOR.periodSeconds * 1000;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Math.floor(Date.now() / PERIOD_MS) * PERIOD_MS + 5000);
});
afterEach(() => {
  vi.useRealTimers();
});
const nextStep = () => vi.setSystemTime(Date.now() + PERIOD_MS);

const PASSWORD = 'correct horse';

function codeOf(secret: string, stepsFromNow = 0): string {
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
  return totp.generate({ timestamp: Date.now() + stepsFromNow * PERIOD_MS });
}

/** Signs up and turns two-factor sign-in on; answers the client, its secret and its recovery codes. */
async function enrolled(): Promise<{ client: Client; secret: string; codes: string[] }> {
  const client = await signUp(t.app);
  const started = await client.call(twoFactorRoutes.startTotp);
  expect(started.statusCode).toBe(200);
  const { secret } = started.json().data;
  const confirmed = await client.call(twoFactorRoutes.confirmTotp, { body: { code: codeOf(secret) } });
  expect(confirmed.statusCode).toBe(200);
  nextStep();
  return { client, secret, codes: confirmed.json().data.recovery_codes };
}

const challengeOf = (response: LightMyRequestResponse) =>
  response.cookies.find((c) => c.name === TWO_FACTOR.challengeCookie)?.value;

async function passwordStep(email: string): Promise<string> {
  const response = await callRoute(t.app, authRoutes.login, { body: { email, password: PASSWORD } });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({
    data: { two_factor_required: true, methods: ['totp', 'recovery_code'] },
  });
  expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
  const challenge = challengeOf(response);
  expect(challenge).toBeDefined();
  return challenge!;
}

const secondStep = (challenge: string | undefined, body: Record<string, unknown>) =>
  callRoute(t.app, twoFactorRoutes.signIn, {
    unchecked: true,
    body,
    ...(challenge !== undefined && { cookies: { [TWO_FACTOR.challengeCookie]: challenge } }),
  });

const me = (cookie: string) => callRoute(t.app, authRoutes.me, { cookie });

/** How the session a sign-in answer opened was entered, as the account's session list tells. */
async function currentWayIn(response: LightMyRequestResponse) {
  const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!.value;
  const sessions = (await callRoute(t.app, sessionRoutes.list, { cookie })).json().data as Session[];
  return sessions.find((session) => session.current)?.sign_in_method;
}

describe('turning two-factor sign-in on', () => {
  it('shows a QR code and key, turns on with a code of the app, stores the secret encrypted and the recovery codes hashed, and emails the owner', async () => {
    const client = await signUp(t.app);
    expect((await client.call(twoFactorRoutes.status)).json().data).toEqual({
      enabled: false,
      totp_enabled: false,
      passkey_count: 0,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    const started = (await client.call(twoFactorRoutes.startTotp)).json().data;
    expect(started.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(started.otpauth_uri).toContain(`secret=${started.secret}`);
    expect(started.otpauth_uri).toContain('issuer=Parley');
    expect(started.qr_data_url).toMatch(/^data:image\/png;base64,/);
    const [stored] = await t.ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, client.userId));
    expect(stored!.secretEncrypted).toMatch(/^v1\./);
    expect(stored!.secretEncrypted).not.toContain(started.secret);
    // Not a second factor until a code confirms it.
    expect((await client.call(twoFactorRoutes.status)).json().data.enabled).toBe(false);

    const wrong = await client.call(twoFactorRoutes.confirmTotp, {
      body: { code: codeOf(started.secret, 3) },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_code');
    await takeQueuedEmails(t.ctx.boss);
    const confirmed = await client.call(twoFactorRoutes.confirmTotp, {
      body: { code: codeOf(started.secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    const { recovery_codes, status } = confirmed.json().data;
    expect(recovery_codes).toHaveLength(10);
    for (const code of recovery_codes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/);
    expect(status).toMatchObject({
      enabled: true,
      totp_enabled: true,
      passkey_count: 0,
      recovery_codes_left: 10,
    });
    const hashes = await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, client.userId));
    expect(hashes.map((row) => row.codeHash).join()).not.toContain(recovery_codes[0].replace('-', ''));
    const mails = (await takeQueuedEmails(t.ctx.boss)).filter((mail) => mail.to === client.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Two-factor sign-in is on for your Parley account']);
    // Once on, it cannot be started again over the top.
    expect((await client.call(twoFactorRoutes.startTotp)).statusCode).toBe(409);
  });

  it('needs ENCRYPTION_KEY on the server (503, in words)', async () => {
    const bare = await startTestApp({ encryptionKey: undefined });
    try {
      const client = await signUp(bare.app);
      const response = await client.call(twoFactorRoutes.startTotp);
      expect(response.statusCode).toBe(503);
      expect(response.json().error.message).toMatch(/ENCRYPTION_KEY/);
    } finally {
      await bare.close();
    }
  });
});

describe('signing in with a second factor', () => {
  it('asks for a code after the right password and opens the session only with a right one', async () => {
    const { client, secret } = await enrolled();
    const challenge = await passwordStep(client.email);
    const wrong = await secondStep(challenge, { code: codeOf(secret, 5) });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe('invalid_code');
    const signedIn = await secondStep(challenge, { code: codeOf(secret) });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.id).toBe(client.userId);
    expect((await me(sessionCookie(signedIn))).json().data.email).toBe(client.email);
    // The pending sign-in is used up.
    nextStep();
    const again = await secondStep(challenge, { code: codeOf(secret) });
    expect(again.statusCode).toBe(401);
    expect(again.json().error.code).toBe('two_factor_expired');
  });

  it('accepts a code once: the same code (or an older one) is refused the second time', async () => {
    const { client, secret } = await enrolled();
    const code = codeOf(secret);
    expect((await secondStep(await passwordStep(client.email), { code })).statusCode).toBe(200);
    const replay = await secondStep(await passwordStep(client.email), { code });
    expect(replay.statusCode).toBe(401);
    const older = await secondStep(await passwordStep(client.email), { code: codeOf(secret, -1) });
    expect(older.statusCode).toBe(401);
    expect((await secondStep(await passwordStep(client.email), { code: codeOf(secret, 1) })).statusCode).toBe(
      200,
    );
  });

  it('takes each recovery code once, typed in any case with or without the dash', async () => {
    const { client, codes } = await enrolled();
    const [first, second] = codes as [string, string];
    const typed = ` ${first.toUpperCase().replace('-', ' ')} `;
    expect((await secondStep(await passwordStep(client.email), { recovery_code: typed })).statusCode).toBe(
      200,
    );
    const reused = await secondStep(await passwordStep(client.email), { recovery_code: first });
    expect(reused.statusCode).toBe(401);
    expect((await client.call(twoFactorRoutes.status)).json().data.recovery_codes_left).toBe(9);
    // A recovery code is no authenticator code, nor the other way round.
    expect((await secondStep(await passwordStep(client.email), { code: second })).statusCode).toBe(401);
  });

  it('ends a pending sign-in after 5 wrong codes and refuses codes for the account after 5 in 15 minutes (429)', async () => {
    const { client, secret } = await enrolled();
    const challenge = await passwordStep(client.email);
    for (let i = 0; i < TWO_FACTOR.challengeMaxFailures; i += 1) {
      expect((await secondStep(challenge, { code: '000000' })).json().error.code).toBe('invalid_code');
    }
    const dead = await secondStep(challenge, { code: codeOf(secret) });
    expect(dead.json().error.code).toBe('two_factor_expired');
    // A new pending sign-in does not reset the account's count: the right code now waits out the window.
    const limited = await secondStep(await passwordStep(client.email), { code: codeOf(secret) });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(/Too many wrong codes/);
  });

  it('refuses hostile input with a 4xx: no pending sign-in, a made-up token, huge and odd codes, both fields', async () => {
    const { client } = await enrolled();
    expect((await secondStep(undefined, { code: '123456' })).statusCode).toBe(401);
    expect((await secondStep('made-up', { code: '123456' })).statusCode).toBe(401);
    const challenge = await passwordStep(client.email);
    for (const body of [
      { code: '9'.repeat(100_000) },
      { code: 'abcdef' },
      { code: 123456 },
      { code: '12 34 56 78' },
      { code: '123456', recovery_code: 'abcde-fghij' },
      {},
      { recovery_code: ['x'] },
    ]) {
      const response = await secondStep(challenge, body);
      expect(response.statusCode, JSON.stringify(body).slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
  });

  it('asks for the second factor after an emailed sign-in link too', async () => {
    const { client, secret } = await enrolled();
    const { newSecretToken } = await import('../auth/tokens.ts');
    const { signInLinkTokens } = await import('../../db/schema/index.ts');
    const { token, hash } = newSecretToken();
    await t.ctx.db
      .insert(signInLinkTokens)
      .values({ tokenHash: hash, userId: client.userId, expiresAt: new Date(Date.now() + 60_000) });
    const linked = await callRoute(t.app, authRoutes.signInLink, { body: { token } });
    expect(linked.json().data.two_factor_required).toBe(true);
    expect(linked.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const done = await secondStep(challengeOf(linked), { code: codeOf(secret) });
    expect(done.statusCode).toBe(200);
    expect(await currentWayIn(done)).toBe('link');
  });

  /** The first step of a Google sign-in of the client's account (with an invitation's token, if any). */
  async function googleStep(client: Client, inviteToken?: string) {
    google.account = { sub: `sub-${client.userId}`, email: client.email, email_verified: true, name: 'G' };
    const started = await callRoute(t.app, authRoutes.googleStart, {
      body: { redirect_uri: 'http://parley.test/auth/google/callback' },
    });
    const location = (await fetch(started.json().data.auth_url, { redirect: 'manual' })).headers.get(
      'location',
    )!;
    const back = new URL(location);
    return callRoute(t.app, authRoutes.googleCallback, {
      body: {
        code: back.searchParams.get('code')!,
        state: back.searchParams.get('state')!,
        ...(inviteToken && { invite_token: inviteToken }),
      },
    });
  }

  it('asks for the second factor after Google sign-in of the same account', async () => {
    const { client, secret } = await enrolled();
    const response = await googleStep(client);
    expect(response.json().data.two_factor_required).toBe(true);
    expect(response.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    const done = await secondStep(challengeOf(response), { code: codeOf(secret) });
    expect(done.statusCode).toBe(200);
    // The session the second step opens keeps the first step's way in (modules/sessions lists it).
    expect(await currentWayIn(done)).toBe('google');
  });

  it('names the project a Google sign-in joined by an invitation in the answer of the second step', async () => {
    const owner = await signUp(t.app);
    const projectId = await createProject(owner);
    const { client, secret } = await enrolled();
    await takeQueuedEmails(t.ctx.boss);
    await owner.call(memberRoutes.invite, {
      params: { id: projectId },
      body: { email: client.email, role: 'teamleader' },
    });
    const [mail] = (await takeQueuedEmails(t.ctx.boss)).filter((m) => m.to === client.email);
    const inviteToken = /invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    const first = await googleStep(client, inviteToken);
    expect(first.json().data.two_factor_required).toBe(true);
    expect(first.json().joined_project_id).toBeUndefined();
    const done = await secondStep(challengeOf(first), { code: codeOf(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json().joined_project_id).toBe(projectId);
    const project = await callRoute(t.app, projectRoutes.get, {
      params: { id: projectId },
      cookie: sessionCookie(done),
    });
    expect(project.statusCode).toBe(200);
    // A sign-in that joined nothing names no project.
    nextStep();
    const plain = await secondStep(await passwordStep(client.email), { code: codeOf(secret) });
    expect(plain.statusCode).toBe(200);
    expect(plain.json().joined_project_id).toBeUndefined();
  });

  it('keeps sign-in as it was for accounts without a second factor', async () => {
    const client = await signUp(t.app);
    const response = await callRoute(t.app, authRoutes.login, {
      body: { email: client.email, password: PASSWORD },
    });
    expect(response.json().data.id).toBe(client.userId);
    expect(sessionCookie(response)).toBeTruthy();
  });
});

describe('managing the factors', () => {
  it('replaces the recovery codes with a fresh code (of the app, or a recovery code); the old ones stop working', async () => {
    const { client, secret, codes } = await enrolled();
    const refused = await client.call(twoFactorRoutes.regenerateRecoveryCodes, { body: { code: '000000' } });
    expect(refused.statusCode).toBe(400);
    const renewed = await client.call(twoFactorRoutes.regenerateRecoveryCodes, {
      body: { code: codeOf(secret) },
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().data.recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toContain(codes[1]);
    expect((await secondStep(await passwordStep(client.email), { recovery_code: codes[1] })).statusCode).toBe(
      401,
    );
    expect((await secondStep(await passwordStep(client.email), { recovery_code: fresh[1] })).statusCode).toBe(
      200,
    );
    const byRecoveryCode = await client.call(twoFactorRoutes.regenerateRecoveryCodes, {
      body: { code: fresh[2]! },
    });
    expect(byRecoveryCode.statusCode).toBe(200);
    expect(byRecoveryCode.json().data.recovery_codes).not.toContain(fresh[3]);
  });

  it('turns off only with a fresh code, forgets the secret and codes, emails the owner, and sign-in is one step again', async () => {
    const { client, codes } = await enrolled();
    expect((await client.call(twoFactorRoutes.disable, { body: { code: '000000' } })).statusCode).toBe(400);
    await takeQueuedEmails(t.ctx.boss);
    const off = await client.call(twoFactorRoutes.disable, { body: { code: codes[0]! } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toEqual({
      enabled: false,
      totp_enabled: false,
      passkey_count: 0,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    expect(await t.ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, client.userId))).toEqual(
      [],
    );
    expect(
      await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, client.userId)),
    ).toEqual([]);
    const mails = (await takeQueuedEmails(t.ctx.boss)).filter((mail) => mail.to === client.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Two-factor sign-in is off for your Parley account']);
    const login = await callRoute(t.app, authRoutes.login, {
      body: { email: client.email, password: PASSWORD },
    });
    expect(login.json().data.id).toBe(client.userId);
    expect((await client.call(twoFactorRoutes.disable, { body: { code: '123456' } })).statusCode).toBe(409);
  });

  it("acts only on the caller's own account: another user's codes do nothing to mine", async () => {
    const mine = await enrolled();
    const other = await enrolled();
    const theirCode = await other.client.call(twoFactorRoutes.disable, { body: { code: mine.codes[0]! } });
    expect(theirCode.statusCode).toBe(400);
    expect((await mine.client.call(twoFactorRoutes.status)).json().data.enabled).toBe(true);
    // An anonymous caller reaches none of it.
    expect((await callRoute(t.app, twoFactorRoutes.status)).statusCode).toBe(401);
    expect((await callRoute(t.app, twoFactorRoutes.startTotp)).statusCode).toBe(401);
  });

  it("removing the app, the last second factor, is turning off: codes go, email, the project's rule applies", async () => {
    const { client, secret } = await enrolled();
    const projectId = await createProject(client);
    const rule = await client.call(twoFactorRoutes.setPolicy, {
      params: { id: projectId },
      body: { require_two_factor: true },
    });
    expect(rule.statusCode).toBe(200);
    await takeQueuedEmails(t.ctx.boss);
    const removed = await client.call(twoFactorRoutes.removeTotp, { body: { code: codeOf(secret) } });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toEqual({
      enabled: false,
      totp_enabled: false,
      passkey_count: 0,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    expect(
      await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, client.userId)),
    ).toEqual([]);
    const mails = (await takeQueuedEmails(t.ctx.boss)).filter((mail) => mail.to === client.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Two-factor sign-in is off for your Parley account']);
    // As after turning off: the owner of a project that requires a second factor is held at its door.
    const refused = await client.call(projectRoutes.get, { params: { id: projectId } });
    expect(refused.json().error.code).toBe('two_factor_required');
    const login = await callRoute(t.app, authRoutes.login, {
      body: { email: client.email, password: PASSWORD },
    });
    expect(login.json().data.id).toBe(client.userId);
  });

  it('counts wrong codes on the account routes too (429 after 5)', async () => {
    const { client, secret } = await enrolled();
    for (let i = 0; i < 5; i += 1)
      expect((await client.call(twoFactorRoutes.disable, { body: { code: '000000' } })).statusCode).toBe(400);
    const limited = await client.call(twoFactorRoutes.disable, { body: { code: codeOf(secret) } });
    expect(limited.statusCode).toBe(429);
    expect((await client.call(twoFactorRoutes.status)).json().data.enabled).toBe(true);
  });
});

describe("a project's two-factor rule", () => {
  async function projectWithRule() {
    const owner = await enrolled();
    const projectId = await createProject(owner.client);
    const on = await owner.client.call(twoFactorRoutes.setPolicy, {
      params: { id: projectId },
      body: { require_two_factor: true },
    });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toEqual({ require_two_factor: true });
    return { owner, projectId };
  }

  it('refuses admins without a second factor (403 two_factor_required) in that project only; users and 2FA admins pass', async () => {
    const { owner, projectId } = await projectWithRule();
    const admin = await signUp(t.app);
    const user = await signUp(t.app);
    await addMember(t, projectId, admin, 'admin');
    await addMember(t, projectId, user, 'user');
    const get = (client: Client, id = projectId) => client.call(projectRoutes.get, { params: { id } });
    const refused = await get(admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('two_factor_required');
    expect((await get(user)).statusCode).toBe(200);
    expect((await get(owner.client)).statusCode).toBe(200);
    // The admin's own project, without the rule, is open to them.
    const ownProject = await createProject(admin);
    expect((await get(admin, ownProject)).statusCode).toBe(200);
    // Once the admin turns it on, the project opens.
    const { secret } = (await admin.call(twoFactorRoutes.startTotp)).json().data;
    await admin.call(twoFactorRoutes.confirmTotp, { body: { code: codeOf(secret) } });
    expect((await get(admin)).statusCode).toBe(200);
  });

  it('holds super admins too', async () => {
    const { projectId } = await projectWithRule();
    const superAdmin = await signUp(t.app);
    await t.ctx.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, superAdmin.userId));
    const response = await superAdmin.call(projectRoutes.get, { params: { id: projectId } });
    expect(response.json().error?.code).toBe('two_factor_required');
  });

  it('is set by owners only, who must have a second factor themselves; admins may read it, strangers get 404', async () => {
    const { owner, projectId } = await projectWithRule();
    const admin = await enrolled();
    await addMember(t, projectId, admin.client, 'admin');
    const policy = (client: Client) => client.call(twoFactorRoutes.getPolicy, { params: { id: projectId } });
    expect((await policy(admin.client)).json().data).toEqual({ require_two_factor: true });
    const byAdmin = await admin.client.call(twoFactorRoutes.setPolicy, {
      params: { id: projectId },
      body: { require_two_factor: false },
    });
    expect(byAdmin.statusCode).toBe(403);
    const stranger = await enrolled();
    expect((await policy(stranger.client)).statusCode).toBe(404);
    const off = await owner.client.call(twoFactorRoutes.setPolicy, {
      params: { id: projectId },
      body: { require_two_factor: false },
    });
    expect(off.json().data).toEqual({ require_two_factor: false });

    const plainOwner = await signUp(t.app);
    const plainProject = await createProject(plainOwner);
    const refused = await plainOwner.call(twoFactorRoutes.setPolicy, {
      params: { id: plainProject },
      body: { require_two_factor: true },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('two_factor_not_enabled');
    const hostile = await plainOwner.call(twoFactorRoutes.setPolicy, {
      unchecked: true,
      params: { id: plainProject },
      body: { require_two_factor: 'yes' },
    });
    expect(hostile.statusCode).toBe(400);
  });
});
