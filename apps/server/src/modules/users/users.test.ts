import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
    const saved = await client.request({
      method: 'PUT',
      url: '/api/users/language',
      payload: { language: 'uk' },
    });
    expect(saved.statusCode).toBe(200);
    expect((await client.request({ method: 'GET', url: '/api/auth/me' })).json().data.language).toBe('uk');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: client.email, password: 'correct horse' },
    });
    expect(login.json().data.language).toBe('uk');
  });

  it('refuses a language that is not one of the eleven', async () => {
    const client = await signUp(t.app);
    const response = await client.request({
      method: 'PUT',
      url: '/api/users/language',
      payload: { language: 'xx' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('updates the name, trimmed', async () => {
    const client = await signUp(t.app);
    const response = await client.request({
      method: 'PUT',
      url: '/api/users/me',
      payload: { name: '  Ada  ' },
    });
    expect(response.json().data.name).toBe('Ada');
  });

  it('changes the password only with the current one, and ends other sessions', async () => {
    const client = await signUp(t.app, undefined, 'first password');
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: client.email, password: 'first password' },
    });
    const otherCookie = other.cookies.find((c) => c.name === 'parley_session')!.value;
    const wrong = await client.request({
      method: 'PUT',
      url: '/api/users/me/password',
      payload: { current_password: 'not it', new_password: 'second password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('wrong_password');
    const weak = await client.request({
      method: 'PUT',
      url: '/api/users/me/password',
      payload: { current_password: 'first password', new_password: ' '.repeat(12) },
    });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('password_too_weak');
    const right = await client.request({
      method: 'PUT',
      url: '/api/users/me/password',
      payload: { current_password: 'first password', new_password: 'second password' },
    });
    expect(right.statusCode).toBe(200);
    expect((await client.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    const otherMe = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      cookies: { parley_session: otherCookie },
    });
    expect(otherMe.statusCode).toBe(401);
  });
});
