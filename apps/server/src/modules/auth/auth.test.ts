import {
  authRoutes,
  DEVICE_COOKIE,
  memberRoutes,
  projectRoutes,
  SESSION_COOKIE,
  TEXTS,
} from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, callRoute } from '../../../test/client.ts';
import {
  createProject,
  sessionCookie,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness.ts';
import { confirmTokenFrom, resetTokenFrom, takeQueuedEmails } from '../../../test/mail.ts';
import { buildApp } from '../../app.ts';
import { passwordResetTokens, users } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const ACCOUNT_LOCKED =
  'Too many failed sign-ins for this email. If your password was right, we have emailed you a link to sign in. Otherwise please wait 15 minutes or reset your password.';

const EMAIL_NOT_CONFIRMED =
  'Please confirm your email address first: open the link we emailed you when you signed up.';

const me = (cookie: string) => callRoute(t.app, authRoutes.me, { cookie });

describe('sign up', () => {
  it('makes the first account super admin and later ones not; the installation says whether it has any', async () => {
    const installation = () => callRoute(t.app, authRoutes.installation);
    expect((await installation()).json()).toEqual({ data: { has_accounts: false } });
    const first = await signUp(t.app);
    expect((await installation()).json()).toEqual({ data: { has_accounts: true } });
    const second = await signUp(t.app);
    expect((await me(first.cookie)).json().data.is_super_admin).toBe(true);
    expect((await me(second.cookie)).json().data.is_super_admin).toBe(false);
  });

  it('stores an argon2id hash and the lower-cased email; the confirmation sets an httpOnly session cookie', async () => {
    const response = await callRoute(t.app, authRoutes.signup, {
      body: { email: '  Mixed.Case@Example.COM ', password: 'long enough indeed' },
    });
    expect(response.statusCode).toBe(202);
    const [mail] = (await takeQueuedEmails(t.ctx.boss)).filter((m) => m.to === 'mixed.case@example.com');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'mixed.case@example.com'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('long enough indeed');
    const confirmed = await callRoute(t.app, authRoutes.confirm, {
      body: { token: confirmTokenFrom(mail!) },
    });
    expect(confirmed.json().data.email).toBe('mixed.case@example.com');
    const cookie = confirmed.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
  });

  it('refuses a short password and a malformed email', async () => {
    const short = await callRoute(t.app, authRoutes.signup, {
      body: { email: uniqueEmail(), password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('Password must be at least 8 characters');
    const bad = await callRoute(t.app, authRoutes.signup, {
      body: { email: 'not-an-email', password: 'whatever works 1' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sign-up without enumeration', () => {
  const signup = (payload: Record<string, unknown>) =>
    callRoute(t.app, authRoutes.signup, { unchecked: true, body: payload });
  const login = (email: string, password: string) =>
    callRoute(t.app, authRoutes.login, { body: { email, password } });
  const confirm = (token: string) => callRoute(t.app, authRoutes.confirm, { body: { token } });
  const mailsTo = async (email: string) =>
    (await takeQueuedEmails(t.ctx.boss)).filter((message) => message.to === email);

  it('answers a new and a taken email alike; the owner of the taken one gets an email instead', async () => {
    await signUp(t.app); // not the first account of the installation
    await takeQueuedEmails(t.ctx.boss);
    const existing = await signUp(t.app, uniqueEmail(), 'owner password 1');
    const fresh = uniqueEmail('fresh');

    const forNew = await signup({ email: fresh, password: 'newcomer password 1' });
    const forTaken = await signup({ email: existing.email.toUpperCase(), password: 'intruder password 2' });
    for (const answer of [forNew, forTaken]) {
      expect(answer.statusCode).toBe(202);
      expect(answer.json()).toEqual({ data: { status: 'confirmation_sent' } });
      expect(answer.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();
    }
    expect(forTaken.body).toBe(forNew.body);

    const mails = await takeQueuedEmails(t.ctx.boss);
    const confirmation = mails.find((message) => message.to === fresh);
    expect(confirmation!.text).toContain('http://parley.test/confirm-email?token=');
    const notice = mails.find((message) => message.to === existing.email);
    expect(notice!.subject).toBe('Someone tried to sign up to Parley with your email');
    expect(notice!.text).toContain('http://parley.test/login');
    expect(notice!.text).not.toContain('token=');
    // The existing account is untouched.
    expect((await login(existing.email, 'owner password 1')).statusCode).toBe(200);
    expect((await login(existing.email, 'intruder password 2')).statusCode).toBe(401);
  });

  it('signs in an unconfirmed account only after its emailed link is followed', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const email = uniqueEmail('unconfirmed');
    await signup({ email, password: 'waiting password 1', name: 'Wanda' });
    const token = confirmTokenFrom((await mailsTo(email))[0]!);

    const early = await login(email, 'waiting password 1');
    expect(early.statusCode).toBe(403);
    expect(early.json().error).toEqual({ code: 'email_not_confirmed', message: EMAIL_NOT_CONFIRMED });
    expect((await login(email, 'not the password 1')).statusCode).toBe(401);

    const confirmed = await confirm(token);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({ email, name: 'Wanda', is_super_admin: false });
    expect((await me(sessionCookie(confirmed))).json().data.email).toBe(email);

    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.code).toBe('invalid_token');
    expect((await login(email, 'waiting password 1')).statusCode).toBe(200);
  });

  it('refuses an expired link; signing up again sends a fresh one with the new password', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const email = uniqueEmail('again');
    await signup({ email, password: 'first try password' });
    const stale = confirmTokenFrom((await mailsTo(email))[0]!);
    await t.ctx.db.execute(
      sql`UPDATE email_confirmation_tokens SET expires_at = now() - interval '1 second'`,
    );
    expect((await confirm(stale)).json().error.code).toBe('invalid_token');

    expect((await signup({ email, password: 'second try password' })).statusCode).toBe(202);
    const fresh = confirmTokenFrom((await mailsTo(email))[0]!);
    expect((await confirm(fresh)).statusCode).toBe(200);
    expect((await login(email, 'first try password')).statusCode).toBe(401);
    expect((await login(email, 'second try password')).statusCode).toBe(200);
  });

  it('signs in and joins the invited project at once with an open invitation for the same email', async () => {
    const owner = await signUp(t.app);
    const projectId = await createProject(owner, 'Invited');
    const invitee = uniqueEmail('invitee');
    await takeQueuedEmails(t.ctx.boss);
    await owner.call(memberRoutes.invite, {
      params: { id: projectId },
      body: { email: invitee, role: 'user' },
    });
    const inviteToken = /invite\?token=([A-Za-z0-9_-]+)/.exec((await mailsTo(invitee))[0]!.text)![1]!;

    const stranger = await signup({
      email: uniqueEmail(),
      password: 'stranger password 1',
      invite_token: inviteToken,
    });
    expect(stranger.statusCode).toBe(202);
    const joined = await signup({
      email: invitee,
      password: 'invitee password 1',
      invite_token: inviteToken,
    });
    expect(joined.statusCode).toBe(201);
    expect(joined.json().data.email).toBe(invitee);
    expect(joined.json().joined_project_id).toBe(projectId);
    const session = caller(t.app, { cookie: sessionCookie(joined) });
    const project = await session(projectRoutes.get, { params: { id: projectId } });
    expect(project.statusCode).toBe(200);
    expect(project.json().data.my_role).toBe('user');
    // The invitation was used up by the sign-up.
    const again = await session(memberRoutes.acceptInvite, { params: { token: inviteToken } });
    expect(again.json().error.code).toBe('invite_used');
    expect(await mailsTo(invitee)).toEqual([]);
  });

  it('emails one address at most 3 times an hour, answering the same', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const email = uniqueEmail('flood');
    for (let i = 1; i <= 5; i += 1) {
      const answer = await signup({ email, password: `flood password ${i}` });
      expect(answer.statusCode).toBe(202);
    }
    expect(await mailsTo(email)).toHaveLength(3);
  });
});

describe('password strength', () => {
  const signup = (email: string, password: string, name?: string) =>
    callRoute(t.app, authRoutes.signup, { body: { email, password, name } });

  it('refuses common and easily guessed passwords at sign-up with the shared message', async () => {
    for (const password of ['12345678', 'password', 'qwertyuiop']) {
      const response = await signup(uniqueEmail(), password);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'password_common', message: TEXTS.password.common });
    }
    for (const password of [' '.repeat(12), 'Password1!', 'aaaaaaaaaaaa']) {
      const response = await signup(uniqueEmail(), password);
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toEqual({ code: 'password_too_weak', message: TEXTS.password.tooWeak });
    }
  });

  it('counts the email and the name as guessable', async () => {
    const email = 'marguerite.dupontel@example.com';
    const byEmail = await signup(email, 'marguerite.dupontel');
    expect(byEmail.json().error?.code).toBe('password_too_weak');
    const byName = await signup(uniqueEmail(), 'Xavierthornquist', 'Xavier Thornquist');
    expect(byName.json().error?.code).toBe('password_too_weak');
    expect((await signup(uniqueEmail(), 'plum rocket violin')).statusCode).toBe(202);
  });
});

describe('sessions', () => {
  it('signs in with the right password only', async () => {
    const { email } = await signUp(t.app, uniqueEmail(), 'right password');
    const wrong = await callRoute(t.app, authRoutes.login, { body: { email, password: 'wrong password' } });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password.');
    const unknown = await callRoute(t.app, authRoutes.login, {
      body: { email: uniqueEmail(), password: 'right password' },
    });
    expect(unknown.statusCode).toBe(401);
    const right = await callRoute(t.app, authRoutes.login, { body: { email, password: 'right password' } });
    expect(right.statusCode).toBe(200);
    expect((await me(sessionCookie(right))).json().data.email).toBe(email);
  });

  it('ends the session on logout', async () => {
    const client = await signUp(t.app);
    expect((await me(client.cookie)).statusCode).toBe(200);
    const out = await client.call(authRoutes.logout);
    expect(out.statusCode).toBe(200);
    expect((await me(client.cookie)).statusCode).toBe(401);
  });

  it('survives a server restart (sessions live in the database)', async () => {
    const client = await signUp(t.app);
    const restarted = await buildApp(t.ctx, { webDir: null });
    const response = await callRoute(restarted, authRoutes.me, { cookie: client.cookie });
    await restarted.close();
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(client.email);
  });

  it('refuses an unknown or expired session', async () => {
    expect((await me('made-up-token')).statusCode).toBe(401);
    const client = await signUp(t.app);
    await t.ctx.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '31 days'`);
    expect((await me(client.cookie)).statusCode).toBe(401);
  });
});

describe('the session of the web app', () => {
  const session = (cookie?: string) =>
    callRoute(t.app, authRoutes.session, { cookies: cookie ? { [SESSION_COOKIE]: cookie } : {} });

  it('answers 200 with the signed-in user, and 200 with null for anonymous, unknown, expired or ended sessions', async () => {
    const client = await signUp(t.app);
    const signedIn = await session(client.cookie);
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.user).toEqual((await me(client.cookie)).json().data);

    for (const answer of [await session(), await session('made-up-token')]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.json()).toEqual({ data: { user: null } });
    }
    await client.call(authRoutes.logout);
    expect((await session(client.cookie)).json()).toEqual({ data: { user: null } });
    // GET /auth/me keeps answering 401 to API clients without a session.
    expect((await me(client.cookie)).statusCode).toBe(401);

    const expiring = await signUp(t.app);
    await t.ctx.db.execute(sql`UPDATE sessions SET last_seen_at = now() - interval '31 days'`);
    expect((await session(expiring.cookie)).json()).toEqual({ data: { user: null } });
  });
});

describe('login rate limit', () => {
  it('answers 429 after the configured number of attempts per minute', async () => {
    const limited = await startTestApp({ loginRateLimit: 3 });
    try {
      const attempt = () =>
        callRoute(limited.app, authRoutes.login, {
          body: { email: 'nobody@example.com', password: 'whatever works 1' },
        });
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      expect((await attempt()).statusCode).toBe(401);
      const blocked = await attempt();
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error.code).toBe('rate_limited');
    } finally {
      await limited.close();
    }
  });
});

describe('per-account limits', () => {
  const loginFrom = (ip: string, email: string, password: string) =>
    callRoute(t.app, authRoutes.login, {
      body: { email, password },
      headers: { 'x-forwarded-for': ip },
      remoteAddress: ip,
    });

  it('answers 429 to unknown clients after 10 failed sign-ins for one email in 15 minutes, whatever the IP', async () => {
    const { email } = await signUp(t.app, uniqueEmail(), 'right password');
    for (let i = 1; i <= 10; i += 1) {
      expect((await loginFrom(`10.0.0.${i}`, email, `wrong password ${i}`)).statusCode).toBe(401);
    }
    for (const password of ['wrong password 11', 'right password']) {
      const blocked = await loginFrom('10.0.1.1', email, password);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().error).toEqual({ code: 'account_locked', message: ACCOUNT_LOCKED });
    }
    // Another account is not affected; an unknown email is limited the same way (no enumeration).
    const other = await signUp(t.app, uniqueEmail(), 'other password');
    expect((await loginFrom('10.0.1.2', other.email, 'other password')).statusCode).toBe(200);
    const ghost = uniqueEmail('ghost');
    for (let i = 1; i <= 10; i += 1) await loginFrom(`10.0.2.${i}`, ghost, 'whatever1');
    expect((await loginFrom('10.0.2.99', ghost, 'whatever1')).statusCode).toBe(429);

    // 15 minutes later the account opens again.
    await t.ctx.db.execute(
      sql`UPDATE auth_attempts SET created_at = created_at - interval '15 minutes' WHERE email = ${email}`,
    );
    expect((await loginFrom('10.0.1.3', email, 'right password')).statusCode).toBe(200);
  });

  it('forgets failed sign-ins after a successful one', async () => {
    const { email } = await signUp(t.app, uniqueEmail(), 'right password');
    for (let i = 1; i <= 9; i += 1) await loginFrom('10.1.0.1', email, 'wrong password');
    expect((await loginFrom('10.1.0.1', email, 'right password')).statusCode).toBe(200);
    for (let i = 1; i <= 9; i += 1) await loginFrom('10.1.0.1', email, 'wrong password');
    expect((await loginFrom('10.1.0.1', email, 'right password')).statusCode).toBe(200);
  });

  it('never lets more than 10 concurrent wrong sign-ins through', async () => {
    const { email } = await signUp(t.app, uniqueEmail(), 'right password');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => loginFrom(`10.2.0.${i}`, email, `wrong password ${i}`)),
    );
    const failed = answers.filter((a) => a.statusCode === 401).length;
    expect(failed).toBeLessThanOrEqual(10);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(20 - failed);
  });

  it('sends at most 3 reset emails per email and hour, answering the same every time', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const { email } = await signUp(t.app);
    const answers = [];
    for (let i = 1; i <= 5; i += 1) {
      answers.push(
        await callRoute(t.app, authRoutes.forgotPassword, { body: { email }, remoteAddress: `10.3.0.${i}` }),
      );
    }
    for (const answer of answers) {
      expect(answer.statusCode).toBe(202);
      expect(answer.body).toBe(answers[0]!.body);
    }
    expect((await takeQueuedEmails(t.ctx.boss)).filter((m) => m.to === email)).toHaveLength(3);

    // An hour later a link can be sent again; attempts older than that are pruned.
    await t.ctx.db.execute(sql`UPDATE auth_attempts SET created_at = created_at - interval '1 hour'`);
    await callRoute(t.app, authRoutes.forgotPassword, { body: { email } });
    expect((await takeQueuedEmails(t.ctx.boss)).filter((m) => m.to === email)).toHaveLength(1);
    const old = await t.ctx.db.execute(
      sql`SELECT count(*)::int AS n FROM auth_attempts WHERE created_at < now() - interval '1 hour'`,
    );
    expect(old.rows[0]).toEqual({ n: 0 });
  });
});

describe('password reset', () => {
  const forgot = (email: string) => callRoute(t.app, authRoutes.forgotPassword, { body: { email } });
  const reset = (token: string, password: string) =>
    callRoute(t.app, authRoutes.resetPassword, { body: { token, password } });

  it('emails a single-use link that sets the password and ends every session', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const client = await signUp(t.app, uniqueEmail(), 'older secret word');
    expect((await forgot(client.email)).statusCode).toBe(202);
    const [email] = await takeQueuedEmails(t.ctx.boss);
    expect(email!.to).toBe(client.email);
    expect(email!.text).toContain('http://parley.test/reset-password?token=');
    const token = resetTokenFrom(email!);

    expect((await reset(token, 'newer secret word')).statusCode).toBe(200);
    expect((await me(client.cookie)).statusCode).toBe(401);
    const login = (password: string) =>
      callRoute(t.app, authRoutes.login, { body: { email: client.email, password } });
    expect((await login('older secret word')).statusCode).toBe(401);
    expect((await login('newer secret word')).statusCode).toBe(200);

    const reused = await reset(token, 'third password');
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.code).toBe('invalid_token');
  });

  it('refuses an expired token and a short password', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const client = await signUp(t.app);
    await forgot(client.email);
    const token = resetTokenFrom((await takeQueuedEmails(t.ctx.boss))[0]!);
    expect((await reset(token, 'short')).statusCode).toBe(400);
    const weak = await reset(token, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('password_common');
    await t.ctx.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await reset(token, 'long enough indeed')).json().error.code).toBe('invalid_token');
  });

  it('answers the same for unknown emails and sends nothing', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const response = await forgot(uniqueEmail('ghost'));
    expect(response.statusCode).toBe(202);
    expect(await takeQueuedEmails(t.ctx.boss)).toEqual([]);
  });
});

/** The SQL of every statement the app's own database pool ran while `work` ran (the job queue has its own). */
async function statementsDuring(work: () => Promise<unknown>): Promise<string[]> {
  const { pool } = t.database;
  const appClients = new WeakSet<object>();
  const track = (client: object) => appClients.add(client);
  const statements: string[] = [];
  const query = pg.Client.prototype.query;
  pool.on('acquire', track);
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [config] = args as [string | { text: string }];
    if (appClients.has(this)) statements.push(typeof config === 'string' ? config : config.text);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await work();
  } finally {
    pg.Client.prototype.query = query;
    pool.off('acquire', track);
  }
  return statements;
}

/** The jobs the requests queued for the background (their data), taken off the queue unworked. */
async function takeQueuedAuthJobs(): Promise<unknown[]> {
  const jobs = await t.ctx.boss.fetch(QUEUES.authRequests, { batchSize: 100 });
  if (jobs.length > 0)
    await t.ctx.boss.cancel(
      QUEUES.authRequests,
      jobs.map((job) => job.id),
    );
  return jobs.map((job) => job.data);
}

describe('answers that take the same work whether an email has an account or not', () => {
  it('forgot-password only queues the request: the same statements and the same job for both', async () => {
    const { email } = await signUp(t.app);
    const ghost = uniqueEmail('ghost');
    await takeQueuedEmails(t.ctx.boss);
    const forgot = (address: string) =>
      callRoute(t.app, authRoutes.forgotPassword, { body: { email: address } });

    const forExisting = await statementsDuring(() => forgot(email));
    const jobForExisting = await takeQueuedAuthJobs();
    const forUnknown = await statementsDuring(() => forgot(ghost));
    const jobForUnknown = await takeQueuedAuthJobs();
    expect(forExisting).toEqual(forUnknown);
    expect(jobForExisting).toEqual([{ type: 'password_reset', email }]);
    expect(jobForUnknown).toEqual([{ type: 'password_reset', email: ghost }]);

    // Worked in the background, the request emails the account's owner and nobody else.
    await forgot(email);
    await forgot(ghost);
    const mails = await takeQueuedEmails(t.ctx.boss);
    expect(mails.map((mail) => mail.to)).toEqual([email]);
    expect(mails[0]!.text).toContain('/reset-password?token=');
  });

  it('sign-up of a new and a taken email runs the same statements and queues the same kind of job', async () => {
    const taken = await signUp(t.app);
    const fresh = uniqueEmail('fresh');
    await takeQueuedEmails(t.ctx.boss);
    const signup = (address: string) =>
      callRoute(t.app, authRoutes.signup, { body: { email: address, password: 'newcomer password 1' } });

    const forTaken = await statementsDuring(() => signup(taken.email));
    const [jobForTaken] = (await takeQueuedAuthJobs()) as Array<Record<string, unknown>>;
    const forNew = await statementsDuring(() => signup(fresh));
    const [jobForNew] = (await takeQueuedAuthJobs()) as Array<Record<string, unknown>>;
    expect(forTaken).toEqual(forNew);
    expect(Object.keys(jobForTaken!).sort()).toEqual(Object.keys(jobForNew!).sort());
    expect(jobForTaken).toMatchObject({ type: 'signup', email: taken.email });
    expect(jobForNew).toMatchObject({ type: 'signup', email: fresh });
    const [user] = await t.ctx.db.select().from(users).where(eq(users.email, fresh));
    expect(user).toBeUndefined(); // made in the background

    await signup(taken.email);
    await signup(fresh);
    const mails = await takeQueuedEmails(t.ctx.boss);
    expect(mails.find((mail) => mail.to === taken.email)!.subject).toBe(
      'Someone tried to sign up to Parley with your email',
    );
    expect(mails.find((mail) => mail.to === fresh)!.text).toContain('/confirm-email?token=');
  });
});

describe('the lockout cannot lock the owner out', () => {
  const login = (email: string, password: string, ip: string, device?: string) =>
    callRoute(t.app, authRoutes.login, {
      body: { email, password },
      remoteAddress: ip,
      cookies: device ? { [DEVICE_COOKIE]: device } : {},
    });
  const deviceCookie = (answer: { cookies: Array<{ name: string; value: string }> }) =>
    answer.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)?.value;
  /** An account whose owner signed in once from their browser, and that browser's device cookie. */
  const ownerWithDevice = async () => {
    const { email } = await signUp(t.app, uniqueEmail(), 'right password');
    const first = await login(email, 'right password', '10.8.0.1');
    return { email, device: deviceCookie(first)! };
  };
  const guessTenTimes = async (email: string) => {
    for (let i = 1; i <= 10; i += 1) await login(email, `wrong password ${i}`, `10.9.0.${i}`);
  };

  it("lets the owner's right password through from their known browser after 10 wrong guesses from elsewhere", async () => {
    const { email, device } = await ownerWithDevice();
    expect(device).toMatch(/^[\w-]{40,}$/);
    await guessTenTimes(email);
    expect((await login(email, 'right password', '10.9.1.1')).statusCode).toBe(429);

    const owner = await login(email, 'right password', '10.8.0.1', device);
    expect(owner.statusCode).toBe(200);
    expect((await me(sessionCookie(owner))).json().data.email).toBe(email);
    // The device cookie is renewed (httpOnly, for the sign-in routes only); the old one is no longer trusted.
    const renewed = owner.cookies.find((cookie) => cookie.name === DEVICE_COOKIE)!;
    expect(renewed).toMatchObject({ httpOnly: true, path: '/api/auth', sameSite: 'Strict' });
    expect(renewed.value).not.toBe(device);
    expect((await login(email, 'right password', '10.8.0.1', device)).statusCode).toBe(429);
    expect((await login(email, 'right password', '10.8.0.1', renewed.value)).statusCode).toBe(200);
  });

  it('keeps guessing limited: a known browser has 5 failures of its own, then it is locked like any other', async () => {
    const { email, device } = await ownerWithDevice();
    await guessTenTimes(email);
    for (let i = 1; i <= 5; i += 1) {
      expect((await login(email, `wrong password ${i}`, '10.8.1.1', device)).statusCode).toBe(401);
    }
    expect((await login(email, 'right password', '10.8.1.1', device)).json().error.code).toBe(
      'account_locked',
    );
    // Another account's device cookie does not count for this one.
    const other = await ownerWithDevice();
    expect((await login(email, 'right password', '10.8.1.2', other.device)).statusCode).toBe(429);
  });

  it('emails a sign-in link for the right password from an unknown client, answering as for a wrong one', async () => {
    const { email } = await ownerWithDevice();
    await guessTenTimes(email);
    await takeQueuedEmails(t.ctx.boss);

    let right: Awaited<ReturnType<typeof login>> | undefined;
    let wrong: Awaited<ReturnType<typeof login>> | undefined;
    const forRight = await statementsDuring(async () => {
      right = await login(email, 'right password', '10.9.2.1');
    });
    const forWrong = await statementsDuring(async () => {
      wrong = await login(email, 'wrong password', '10.9.2.2');
    });
    expect(right!.statusCode).toBe(429);
    // The same answer but for the id naming each request (x-request-id, request_id), which says nothing of the account.
    const { request_id: rightRequest, ...rightBody } = right!.json();
    const { request_id: wrongRequest, ...wrongBody } = wrong!.json();
    expect(rightBody).toEqual(wrongBody);
    expect([rightRequest, wrongRequest]).toEqual([
      right!.headers['x-request-id'],
      wrong!.headers['x-request-id'],
    ]);
    expect(forRight).toEqual(forWrong);
    expect(deviceCookie(right!)).toBeUndefined();

    const mails = await takeQueuedEmails(t.ctx.boss);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: email, subject: 'Your Parley sign-in link' });
    const token = /sign-in-link\?token=([\w-]+)/.exec(mails[0]!.text)![1]!;
    const signIn = () => callRoute(t.app, authRoutes.signInLink, { body: { token } });
    const linked = await signIn();
    expect(linked.statusCode).toBe(200);
    expect((await me(sessionCookie(linked))).json().data.email).toBe(email);
    // That browser is known from now on; the link worked once.
    expect((await login(email, 'right password', '10.9.2.1', deviceCookie(linked))).statusCode).toBe(200);
    expect((await signIn()).json().error.code).toBe('invalid_token');
  });
});
