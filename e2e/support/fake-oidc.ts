// The server tests' fake OpenID Connect provider (discovery, JWKS, authorize with PKCE, token; RS256 ID tokens).
import {
  type FakeOidcAccount,
  FakeOidcProvider,
} from '../../apps/server/test/fake-upstreams/oidc-provider.ts';

export type { FakeOidcAccount } from '../../apps/server/test/fake-upstreams/oidc-provider.ts';

const ORIGIN_ENV = 'PARLEY_E2E_FAKE_OIDC_ORIGIN';

/** Starts the fake provider for global setup; its host goes on URL_UPLOAD_ALLOW_HOSTS. */
export async function startFakeOidc(): Promise<FakeOidcProvider> {
  const fake = await FakeOidcProvider.start();
  process.env[ORIGIN_ENV] = fake.issuer; // inherited by the test workers
  return fake;
}

// ---- For tests (in the worker processes) ----

export function fakeOidc() {
  const issuer = process.env[ORIGIN_ENV];
  if (!issuer)
    throw new Error(`${ORIGIN_ENV} is not set: the fake OIDC provider is started by e2e global setup`);
  return { issuer, clientId: 'parley-test-client', clientSecret: 'fake-oidc-client-secret' };
}

/** Tells the fake provider who signs in when the sign-in starts with `account.email`. */
export async function addOidcAccount(account: FakeOidcAccount): Promise<void> {
  const response = await fetch(`${fakeOidc().issuer}/test/accounts`, {
    method: 'POST',
    body: JSON.stringify(account),
  });
  if (response.status !== 201)
    throw new Error(`The fake OIDC provider refused the account: ${response.status}`);
}
