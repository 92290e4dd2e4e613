import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGoogle } from '../../../test/fake-upstreams/google-oauth.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { oauthStates } from '../../db/schema/index.ts';
import {
  DRIVE_SCOPES,
  finishOAuth,
  GoogleGrantRevokedError,
  refreshAccessToken,
  SIGN_IN_SCOPES,
  startOAuth,
  userInfo,
} from './oauth.ts';

let t: TestApp;
let google: FakeGoogle;
beforeAll(async () => {
  google = await FakeGoogle.start();
  t = await startTestApp({}, google.env());
});
afterAll(async () => {
  await t.close();
  await google.close();
});

const REDIRECT = 'http://parley.test/auth/google/callback';

/** What the browser does: open Google's page, which redirects back with code and state. */
async function consent(authUrl: string): Promise<{ code: string; state: string }> {
  const response = await fetch(authUrl, { redirect: 'manual' });
  expect(response.status).toBe(302);
  const back = new URL(response.headers.get('location')!);
  expect(back.origin + back.pathname).toBe(REDIRECT);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

describe('Google OAuth client', () => {
  it('runs authorization code with PKCE against the configured endpoints and reads the user info', async () => {
    const started = await startOAuth(t.ctx, {
      purpose: 'sign_in',
      redirectUri: REDIRECT,
      scopes: SIGN_IN_SCOPES,
    });
    const url = new URL(started.auth_url);
    expect(url.origin).toBe(google.origin);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('scope')).toBe('openid email profile');
    const { code, state } = await consent(started.auth_url);
    expect(state).toBe(started.state);

    const { tokens, oauthState } = await finishOAuth(t.ctx, { purpose: 'sign_in', code, state });
    expect(oauthState.redirectUri).toBe(REDIRECT);
    expect(tokens.refreshToken).toBeNull();
    expect(tokens.expiresAt!.getTime()).toBeGreaterThan(Date.now());
    const tokenRequest = google.requests.find((r) => r.path === '/token')!;
    expect(tokenRequest.form!.get('code_verifier')).toBe(oauthState.codeVerifier);
    expect(await userInfo(t.ctx, tokens.accessToken)).toEqual({
      sub: google.account.sub,
      email: google.account.email,
      emailVerified: true,
      name: google.account.name,
    });
  });

  it('uses a state once, for its purpose, and refuses an unknown or expired one', async () => {
    const started = await startOAuth(t.ctx, {
      purpose: 'sign_in',
      redirectUri: REDIRECT,
      scopes: SIGN_IN_SCOPES,
    });
    const { code } = await consent(started.auth_url);
    await expect(finishOAuth(t.ctx, { purpose: 'drive', code, state: started.state })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'invalid_state',
    });
    await expect(finishOAuth(t.ctx, { purpose: 'sign_in', code, state: 'made-up' })).rejects.toMatchObject({
      code: 'invalid_state',
    });

    const again = await startOAuth(t.ctx, {
      purpose: 'sign_in',
      redirectUri: REDIRECT,
      scopes: SIGN_IN_SCOPES,
    });
    await finishOAuth(t.ctx, { purpose: 'sign_in', ...(await consent(again.auth_url)) });
    await expect(
      finishOAuth(t.ctx, { purpose: 'sign_in', code: 'x', state: again.state }),
    ).rejects.toMatchObject({ code: 'invalid_state' });

    const late = await startOAuth(t.ctx, {
      purpose: 'sign_in',
      redirectUri: REDIRECT,
      scopes: SIGN_IN_SCOPES,
    });
    await t.ctx.db.update(oauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    await expect(
      finishOAuth(t.ctx, { purpose: 'sign_in', ...(await consent(late.auth_url)) }),
    ).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('refuses a code exchanged with another verifier (the fake checks PKCE)', async () => {
    const started = await startOAuth(t.ctx, {
      purpose: 'sign_in',
      redirectUri: REDIRECT,
      scopes: SIGN_IN_SCOPES,
    });
    const { code, state } = await consent(started.auth_url);
    await t.ctx.db.update(oauthStates).set({ codeVerifier: 'x'.repeat(64) });
    await expect(finishOAuth(t.ctx, { purpose: 'sign_in', code, state })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'google_refused',
      message: expect.stringContaining('invalid_grant'),
    });
  });

  it('gets a refresh token offline, refreshes it, and tells a revoked grant apart', async () => {
    const started = await startOAuth(t.ctx, {
      purpose: 'drive',
      redirectUri: REDIRECT,
      scopes: DRIVE_SCOPES,
      offline: true,
    });
    expect(new URL(started.auth_url).searchParams.get('access_type')).toBe('offline');
    const { tokens } = await finishOAuth(t.ctx, { purpose: 'drive', ...(await consent(started.auth_url)) });
    const refreshToken = tokens.refreshToken!;
    expect(refreshToken).toBeTruthy();

    const fresh = await refreshAccessToken(t.ctx, refreshToken);
    expect(fresh.accessToken).not.toBe(tokens.accessToken);
    expect(fresh.refreshToken).toBe(refreshToken);
    expect((await userInfo(t.ctx, fresh.accessToken)).email).toBe(google.account.email);

    google.revoke(refreshToken);
    const refused = refreshAccessToken(t.ctx, refreshToken);
    await expect(refused).rejects.toBeInstanceOf(GoogleGrantRevokedError);
    await expect(refused).rejects.toThrow(/expired or revoked/);
  });
});
