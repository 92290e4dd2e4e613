import type { BrowserContext } from '@playwright/test';
// The server tests' fake of Google's OAuth endpoints (authorize, token with PKCE, user info).
import {
  accountCookie,
  FAKE_GOOGLE_ACCOUNT_COOKIE,
  type FakeGoogle,
  type FakeGoogleAccount,
  startFakeGoogle as startFake,
} from '../../apps/server/test/fake-upstreams/google-oauth.ts';

export type { FakeGoogleAccount } from '../../apps/server/test/fake-upstreams/google-oauth.ts';

const ORIGIN_ENV = 'PARLEY_E2E_FAKE_GOOGLE_ORIGIN';

/** Starts the fake Google for global setup; the app's GOOGLE_* variables point at it (fake.env()). */
export async function startFakeGoogle(): Promise<FakeGoogle> {
  const fake = await startFake();
  process.env[ORIGIN_ENV] = fake.origin; // inherited by the test workers
  return fake;
}

// ---- For tests (in the worker processes) ----

/** Where the fake Google listens (set by global setup). */
export function fakeGoogleOrigin(): string {
  const origin = process.env[ORIGIN_ENV];
  if (!origin) throw new Error(`${ORIGIN_ENV} is not set: the fake Google is started by e2e global setup`);
  return origin;
}

/**
 * Makes the fake Google consent as `account` for this browser context (a cookie on the fake's origin, as
 * Google knows who is signed in), so tests running side by side each have their own Google user.
 */
export async function signInToGoogleAs(context: BrowserContext, account: FakeGoogleAccount): Promise<void> {
  await context.addCookies([
    { name: FAKE_GOOGLE_ACCOUNT_COOKIE, value: accountCookie(account), url: fakeGoogleOrigin() },
  ]);
}
