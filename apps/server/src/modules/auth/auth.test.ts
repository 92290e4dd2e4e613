import { SESSION_COOKIE } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  clientWithCookie,
  sessionCookie,
  signUp,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../../../test/harness.ts';
import { resetTokenFrom, takeQueuedEmails } from '../../../test/mail.ts';
import { buildApp } from '../../app.ts';
import { passwordResetTokens, users } from '../../db/schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const me = (cookie: string) => clientWithCookie(t.app, cookie)({ method: 'GET', url: '/api/auth/me' });

describe('sign up', () => {
  it('makes the first account super admin and later ones not', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    expect((await me(first.cookie)).json().data.is_super_admin).toBe(true);
    expect((await me(second.cookie)).json().data.is_super_admin).toBe(false);
  });

  it('stores an argon2id hash, lower-cases the email and sets an httpOnly session cookie', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: '  Mixed.Case@Example.COM ', password: 'long enough' },
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().data.email).toBe('mixed.case@example.com');
    const cookie = response.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.email, 'mixed.case@example.com'));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain('long enough');
  });

  it('refuses a taken email, a short password and a malformed email', async () => {
    const { email } = await signUp(t.app);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: email.toUpperCase(), password: 'whatever1' },
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('email_taken');
    const short = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: uniqueEmail(), password: 'short' },
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error.message).toContain('Password must be at least 8 characters');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email: 'not-an-email', password: 'whatever1' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sessions', () => {
  it('signs in with the right password only', async () => {
    const { email } = await signUp(t.app, uniqueEmail(), 'right password');
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.message).toBe('Invalid email or password.');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: uniqueEmail(), password: 'right password' },
    });
    expect(unknown.statusCode).toBe(401);
    const right = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'right password' },
    });
    expect(right.statusCode).toBe(200);
    expect((await me(sessionCookie(right))).json().data.email).toBe(email);
  });

  it('ends the session on logout', async () => {
    const client = await signUp(t.app);
    expect((await me(client.cookie)).statusCode).toBe(200);
    const out = await client.request({ method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect((await me(client.cookie)).statusCode).toBe(401);
  });

  it('survives a server restart (sessions live in the database)', async () => {
    const client = await signUp(t.app);
    const restarted = await buildApp(t.ctx, { webDir: null });
    const response = await clientWithCookie(restarted, client.cookie)({ method: 'GET', url: '/api/auth/me' });
    await restarted.close();
    expect(response.statusCode).toBe(200);
    expect(response.json().data.email).toBe(client.email);
  });

  it('refuses an unknown or expired session', async () => {
    expect((await me('made-up-token')).statusCode).toBe(401);
    const client = await signUp(t.app);
    await t.ctx.db.execute(sql`UPDATE sessions SET expires_at = now() - interval '1 second'`);
    expect((await me(client.cookie)).statusCode).toBe(401);
  });
});

describe('login rate limit', () => {
  it('answers 429 after the configured number of attempts per minute', async () => {
    const limited = await startTestApp({ loginRateLimit: 3 });
    try {
      const attempt = () =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'nobody@example.com', password: 'whatever1' },
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

describe('password reset', () => {
  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, password } });

  it('emails a single-use link that sets the password and ends every session', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const client = await signUp(t.app, uniqueEmail(), 'old password');
    expect((await forgot(client.email)).statusCode).toBe(200);
    const [email] = await takeQueuedEmails(t.ctx.boss);
    expect(email!.to).toBe(client.email);
    expect(email!.text).toContain('http://parley.test/reset-password?token=');
    const token = resetTokenFrom(email!);

    expect((await reset(token, 'new password')).statusCode).toBe(200);
    expect((await me(client.cookie)).statusCode).toBe(401);
    const login = (password: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: client.email, password } });
    expect((await login('old password')).statusCode).toBe(401);
    expect((await login('new password')).statusCode).toBe(200);

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
    await t.ctx.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await reset(token, 'long enough')).json().error.code).toBe('invalid_token');
  });

  it('answers the same for unknown emails and sends nothing', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const response = await forgot(uniqueEmail('ghost'));
    expect(response.statusCode).toBe(200);
    expect(await takeQueuedEmails(t.ctx.boss)).toEqual([]);
  });
});
