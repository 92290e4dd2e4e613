import { authRoutes, userRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import { signUp, startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('profile', () => {
  it('saves the UI language to the account', async () => {
    const client = await signUp(t.app);
    const saved = await client.call(userRoutes.updateLanguage, { body: { language: 'uk' } });
    expect(saved.statusCode).toBe(200);
    expect((await client.call(authRoutes.me)).json().data.language).toBe('uk');
    const login = await callRoute(t.app, authRoutes.login, {
      body: { email: client.email, password: 'correct horse' },
    });
    expect(login.json().data.language).toBe('uk');
  });

  it('refuses a language that is not one of the eleven', async () => {
    const client = await signUp(t.app);
    const response = await client.call(userRoutes.updateLanguage, {
      unchecked: true,
      body: { language: 'xx' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('updates the name, trimmed', async () => {
    const client = await signUp(t.app);
    const response = await client.call(userRoutes.updateProfile, { body: { name: '  Ada  ' } });
    expect(response.json().data.name).toBe('Ada');
  });

  it('changes the password only with the current one, and ends other sessions', async () => {
    const client = await signUp(t.app, undefined, 'first password');
    const other = await callRoute(t.app, authRoutes.login, {
      body: { email: client.email, password: 'first password' },
    });
    const otherCookie = other.cookies.find((c) => c.name === 'parley_session')!.value;
    const wrong = await client.call(userRoutes.changePassword, {
      body: { current_password: 'not it', new_password: 'second password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_password');
    const weak = await client.call(userRoutes.changePassword, {
      body: { current_password: 'first password', new_password: ' '.repeat(12) },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('password_too_weak');
    const right = await client.call(userRoutes.changePassword, {
      body: { current_password: 'first password', new_password: 'second password' },
    });
    expect(right.statusCode).toBe(200);
    expect((await client.call(authRoutes.me)).statusCode).toBe(200);
    const otherMe = await callRoute(t.app, authRoutes.me, { cookies: { parley_session: otherCookie } });
    expect(otherMe.statusCode).toBe(401);
  });
});
