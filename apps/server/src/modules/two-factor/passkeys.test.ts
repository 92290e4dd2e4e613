import {
  authRoutes,
  PASSKEYS,
  projectRoutes,
  SESSION_COOKIE,
  TWO_FACTOR,
  twoFactorRoutes,
} from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import {
  SoftwareAuthenticator,
  type Tampering,
} from '../../../test/fake-upstreams/webauthn-authenticator.ts';
import {
  type Client,
  createProject,
  sessionCookie,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { takeQueuedEmails } from '../../../test/mail.ts';
import { passkeyChallenges, passkeys, recoveryCodes, totpFactors } from '../../db/schema/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ encryptionKey: 'ab'.repeat(32) });
  await signUp(t.app); // the first account (super admin) is taken
});
afterAll(async () => {
  await t.close();
});

const ORIGIN = 'http://parley.test'; // the harness's PUBLIC_URL
const PASSWORD = 'correct horse';

interface Holder {
  client: Client;
  authenticator: SoftwareAuthenticator;
  codes: string[];
}

/** Registers a passkey of `authenticator` on the client's account: the add route's answer. */
async function register(
  client: Client,
  authenticator: SoftwareAuthenticator,
  tampering: Tampering = {},
  name = 'Laptop',
): Promise<LightMyRequestResponse> {
  const started = await client.call(twoFactorRoutes.startPasskey);
  expect(started.statusCode).toBe(200);
  const credential = authenticator.register(started.json().data.options, tampering);
  return client.call(twoFactorRoutes.addPasskey, { body: { name, credential } });
}

/** Signs up and registers a passkey, the account's first second factor. */
async function withPasskey(): Promise<Holder> {
  const client = await signUp(t.app);
  const authenticator = new SoftwareAuthenticator(ORIGIN);
  const added = await register(client, authenticator);
  expect(added.statusCode).toBe(200);
  return { client, authenticator, codes: added.json().data.recovery_codes };
}

const challengeOf = (response: LightMyRequestResponse) =>
  response.cookies.find((c) => c.name === TWO_FACTOR.challengeCookie)?.value;

/** The password step of a sign-in of an account with a second factor: its pending sign-in's cookie. */
async function passwordStep(email: string, methods = ['passkey', 'recovery_code']): Promise<string> {
  const response = await callRoute(t.app, authRoutes.login, { body: { email, password: PASSWORD } });
  expect(response.json()).toEqual({ data: { two_factor_required: true, methods } });
  return challengeOf(response)!;
}

const cookieOf = (challenge: string) => ({ cookies: { [TWO_FACTOR.challengeCookie]: challenge } });

async function signInOptions(challenge: string) {
  const response = await callRoute(t.app, twoFactorRoutes.passkeySignInOptions, cookieOf(challenge));
  expect(response.statusCode).toBe(200);
  return response.json().data.options;
}

const secondStep = (challenge: string, passkey: unknown) =>
  callRoute(t.app, twoFactorRoutes.signIn, { unchecked: true, body: { passkey }, ...cookieOf(challenge) });

/** A whole sign-in's passkey step: options, the authenticator's answer, the answer of POST /auth/two-factor. */
async function passkeyStep(
  holder: Holder,
  challenge: string,
  tampering: Tampering = {},
  credentialId?: string,
) {
  const options = await signInOptions(challenge);
  return secondStep(challenge, holder.authenticator.assert(options, tampering, credentialId));
}

const statusOf = async (client: Client) => (await client.call(twoFactorRoutes.status)).json().data;

describe('registering passkeys', () => {
  it('turns two-factor sign-in on with the first passkey: recovery codes once, status, list, email', async () => {
    const client = await signUp(t.app);
    await takeQueuedEmails(t.ctx.boss);
    const started = await client.call(twoFactorRoutes.startPasskey);
    const { options } = started.json().data;
    expect(options).toMatchObject({
      rp: { id: 'parley.test', name: PASSKEYS.relyingPartyName },
      user: { name: client.email },
      attestation: 'none',
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
      excludeCredentials: [],
    });
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    const added = await client.call(twoFactorRoutes.addPasskey, {
      body: { name: ' My laptop ', credential: authenticator.register(options) },
    });
    expect(added.statusCode).toBe(200);
    const { passkey, status, recovery_codes } = added.json().data;
    expect(passkey).toMatchObject({ name: 'My laptop', last_used_at: null });
    expect(recovery_codes).toHaveLength(10);
    expect(status).toMatchObject({
      enabled: true,
      totp_enabled: false,
      passkey_count: 1,
      recovery_codes_left: 10,
    });
    expect(status.enabled_at).toBe(passkey.created_at);
    const [stored] = await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, client.userId));
    expect(stored).toMatchObject({
      credentialId: authenticator.credentials[0]!.id,
      counter: 0,
      transports: ['internal', 'hybrid'],
      deviceType: 'singleDevice',
      backedUp: false,
    });
    expect(Buffer.from(stored!.publicKey)).toEqual(Buffer.from(authenticator.credentials[0]!.cosePublicKey));
    const mails = (await takeQueuedEmails(t.ctx.boss)).filter((mail) => mail.to === client.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Two-factor sign-in is on for your Parley account']);

    // A second passkey: the registered one is excluded; no new codes, no new email.
    const again = (await client.call(twoFactorRoutes.startPasskey)).json().data.options;
    expect(again.excludeCredentials).toEqual([
      { id: authenticator.credentials[0]!.id, type: 'public-key', transports: ['internal', 'hybrid'] },
    ]);
    expect(() => authenticator.register(again)).toThrow(/excluded/);
    const phone = new SoftwareAuthenticator(ORIGIN);
    const second = await client.call(twoFactorRoutes.addPasskey, {
      body: { name: 'Phone', credential: phone.register(again) },
    });
    expect(second.json().data).toMatchObject({
      recovery_codes: null,
      status: { passkey_count: 2, recovery_codes_left: 10 },
    });
    expect(await takeQueuedEmails(t.ctx.boss)).toEqual([]);
    const listed = (await client.call(twoFactorRoutes.listPasskeys)).json().data;
    expect(listed.map((key: { name: string }) => key.name)).toEqual(['My laptop', 'Phone']);
  });

  it('refuses an answer from another origin, to another challenge, or given twice (400 passkey_not_verified)', async () => {
    const { client } = await withPasskey();
    const authenticator = new SoftwareAuthenticator(ORIGIN);
    for (const tampering of [{ origin: 'https://parley.test.evil.example' }, { challenge: 'bWFkZS11cA' }]) {
      const refused = await register(client, authenticator, tampering);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.code).toBe('passkey_not_verified');
    }
    const options = (await client.call(twoFactorRoutes.startPasskey)).json().data.options;
    const credential = authenticator.register(options);
    expect(
      (await client.call(twoFactorRoutes.addPasskey, { body: { name: 'A', credential } })).statusCode,
    ).toBe(200);
    const replay = await client.call(twoFactorRoutes.addPasskey, { body: { name: 'B', credential } });
    expect(replay.json().error.code).toBe('passkey_not_verified');
    // Another account cannot use this account's registration challenge.
    const other = await signUp(t.app);
    await other.call(twoFactorRoutes.startPasskey);
    const mine = (await client.call(twoFactorRoutes.startPasskey)).json().data.options;
    const stolen = await other.call(twoFactorRoutes.addPasskey, {
      body: { name: 'C', credential: new SoftwareAuthenticator(ORIGIN).register(mine) },
    });
    expect(stolen.json().error.code).toBe('passkey_not_verified');
    expect((await statusOf(client)).passkey_count).toBe(2);
    expect((await statusOf(other)).passkey_count).toBe(0);
  });

  it('refuses a registration whose challenge expired', async () => {
    const client = await signUp(t.app);
    const options = (await client.call(twoFactorRoutes.startPasskey)).json().data.options;
    await t.ctx.db
      .update(passkeyChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passkeyChallenges.userId, client.userId));
    const late = await client.call(twoFactorRoutes.addPasskey, {
      body: { name: 'Late', credential: new SoftwareAuthenticator(ORIGIN).register(options) },
    });
    expect(late.statusCode).toBe(400);
    expect((await statusOf(client)).enabled).toBe(false);
  });

  it(`allows ${PASSKEYS.maxPerAccount} passkeys an account (409 passkey_limit beyond)`, async () => {
    const { client } = await withPasskey();
    const device = () => new SoftwareAuthenticator(ORIGIN); // one credential per account and authenticator
    for (let i = 1; i < PASSKEYS.maxPerAccount - 1; i += 1)
      expect((await register(client, device())).statusCode).toBe(200);
    // The last place is taken between the options and the answer: the answer is refused.
    const options = (await client.call(twoFactorRoutes.startPasskey)).json().data.options;
    expect((await register(client, device())).statusCode).toBe(200);
    const over = await client.call(twoFactorRoutes.addPasskey, {
      body: { name: 'Eleventh', credential: device().register(options) },
    });
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('passkey_limit');
    const refused = await client.call(twoFactorRoutes.startPasskey);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('passkey_limit');
    expect((await statusOf(client)).passkey_count).toBe(PASSKEYS.maxPerAccount);
  });

  it('refuses hostile input with a 4xx: huge, odd and missing fields', async () => {
    const client = await signUp(t.app);
    const options = (await client.call(twoFactorRoutes.startPasskey)).json().data.options;
    const credential = new SoftwareAuthenticator(ORIGIN).register(options);
    for (const body of [
      { name: 'x'.repeat(PASSKEYS.nameMaxLength + 1), credential },
      { name: '   ', credential },
      { name: 'A', credential: { ...credential, id: 'a'.repeat(2000) } },
      {
        name: 'A',
        credential: { ...credential, response: { ...credential.response, attestationObject: '%%' } },
      },
      {
        name: 'A',
        credential: { ...credential, response: { ...credential.response, attestationObject: '' } },
      },
      {
        name: 'A',
        credential: { ...credential, response: { ...credential.response, clientDataJSON: 'e30' } },
      },
      { name: 'A', credential: { ...credential, type: 'password' } },
      { name: 'A' },
    ]) {
      const response = await client.call(twoFactorRoutes.addPasskey, { unchecked: true, body });
      expect(response.statusCode, JSON.stringify(body).slice(0, 60)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect((await statusOf(client)).enabled).toBe(false);
  });
});

describe('signing in with a passkey', () => {
  it('asks for the passkey after the password and opens the session with its answer', async () => {
    const holder = await withPasskey();
    const challenge = await passwordStep(holder.client.email);
    const options = await signInOptions(challenge);
    expect(options).toMatchObject({
      rpId: 'parley.test',
      userVerification: 'preferred',
      allowCredentials: [{ id: holder.authenticator.credentials[0]!.id, type: 'public-key' }],
    });
    const signedIn = await secondStep(challenge, holder.authenticator.assert(options));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().data.id).toBe(holder.client.userId);
    const me = await callRoute(t.app, authRoutes.me, { cookie: sessionCookie(signedIn) });
    expect(me.json().data.email).toBe(holder.client.email);
    const [stored] = await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, holder.client.userId));
    expect(stored!.counter).toBe(1);
    expect(
      (await holder.client.call(twoFactorRoutes.listPasskeys)).json().data[0].last_used_at,
    ).not.toBeNull();
    // The pending sign-in is used up, its challenge with it.
    expect(
      (await callRoute(t.app, twoFactorRoutes.passkeySignInOptions, cookieOf(challenge))).json().error.code,
    ).toBe('two_factor_expired');
  });

  it('refuses, and counts as wrong codes, answers from another origin, to another challenge, replayed, of another account, or with a counter gone back', async () => {
    const holder = await withPasskey();
    const stranger = await withPasskey();
    const challenge = await passwordStep(holder.client.email);

    const fromPhishingSite = await passkeyStep(holder, challenge, {
      origin: 'https://parley.test.evil.example',
    });
    expect(fromPhishingSite.statusCode).toBe(401);
    expect(fromPhishingSite.json().error.code).toBe('passkey_not_verified');

    await signInOptions(challenge);
    const madeUp = await secondStep(challenge, holder.authenticator.assert({ challenge: 'bWFkZS11cA' }));
    expect(madeUp.json().error.code).toBe('passkey_not_verified');

    // A right answer given twice: its challenge served the first (refused, as the origin was wrong) only.
    const options = await signInOptions(challenge);
    expect(
      (await secondStep(challenge, holder.authenticator.assert(options, { origin: 'https://x.test' })))
        .statusCode,
    ).toBe(401);
    expect((await secondStep(challenge, holder.authenticator.assert(options))).json().error.code).toBe(
      'passkey_not_verified',
    );

    // The other account's passkey, on this sign-in's challenge.
    const theirs = await secondStep(
      challenge,
      stranger.authenticator.assert(
        await signInOptions(challenge),
        {},
        stranger.authenticator.credentials[0]!.id,
      ),
    );
    expect(theirs.json().error.code).toBe('passkey_not_verified');

    // Five wrong answers end the pending sign-in, and the account's limit refuses a right one for a while.
    const dead = await callRoute(t.app, twoFactorRoutes.passkeySignInOptions, cookieOf(challenge));
    expect(dead.json().error.code).toBe('two_factor_expired');
    const limited = await passkeyStep(holder, await passwordStep(holder.client.email));
    expect(limited.statusCode).toBe(429);
    expect(
      await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, holder.client.userId)),
    ).toMatchObject([{ counter: 0, lastUsedAt: null }]);
  });

  it('lets one of two simultaneous answers to one challenge through, not both', async () => {
    const holder = await withPasskey();
    const challenge = await passwordStep(holder.client.email);
    const answer = holder.authenticator.assert(await signInOptions(challenge));
    const both = await Promise.all([secondStep(challenge, answer), secondStep(challenge, answer)]);
    expect(both.map((response) => response.statusCode).sort()).toEqual([200, 401]);

    const options = (await holder.client.call(twoFactorRoutes.startPasskey)).json().data.options;
    const credential = new SoftwareAuthenticator(ORIGIN).register(options);
    const added = await Promise.all(
      ['A', 'B'].map((name) =>
        holder.client.call(twoFactorRoutes.addPasskey, { body: { name, credential } }),
      ),
    );
    expect(added.map((response) => response.statusCode).sort()).toEqual([200, 400]);
    expect((await statusOf(holder.client)).passkey_count).toBe(2);
  });

  it('refuses a cloned authenticator: a signature counter that did not move on', async () => {
    const holder = await withPasskey();
    expect((await passkeyStep(holder, await passwordStep(holder.client.email))).statusCode).toBe(200);
    expect((await passkeyStep(holder, await passwordStep(holder.client.email))).statusCode).toBe(200);
    const clone = await passkeyStep(holder, await passwordStep(holder.client.email), { counter: 1 });
    expect(clone.statusCode).toBe(401);
    expect(clone.json().error.code).toBe('passkey_not_verified');
    const [stored] = await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, holder.client.userId));
    expect(stored!.counter).toBe(2);
  });

  it("ties a challenge to its pending sign-in: another sign-in's, or an expired one, is refused", async () => {
    const holder = await withPasskey();
    const first = await passwordStep(holder.client.email);
    const second = await passwordStep(holder.client.email);
    const optionsOfFirst = await signInOptions(first);
    await signInOptions(second);
    const crossed = await secondStep(second, holder.authenticator.assert(optionsOfFirst));
    expect(crossed.json().error.code).toBe('passkey_not_verified');

    const options = await signInOptions(second);
    await t.ctx.db
      .update(passkeyChallenges)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(passkeyChallenges.challenge, options.challenge));
    const late = await secondStep(second, holder.authenticator.assert(options));
    expect(late.json().error.code).toBe('passkey_not_verified');
    // A registration challenge is no sign-in challenge either.
    const registration = (await holder.client.call(twoFactorRoutes.startPasskey)).json().data.options;
    const wrongKind = await secondStep(
      second,
      holder.authenticator.assert({ challenge: registration.challenge }),
    );
    expect(wrongKind.json().error.code).toBe('passkey_not_verified');
    expect((await passkeyStep(holder, second)).statusCode).toBe(200);
  });

  it('needs a pending sign-in for the options, of an account that has passkeys', async () => {
    expect((await callRoute(t.app, twoFactorRoutes.passkeySignInOptions)).json().error.code).toBe(
      'two_factor_expired',
    );
    const made = await callRoute(t.app, twoFactorRoutes.passkeySignInOptions, cookieOf('made-up'));
    expect(made.statusCode).toBe(401);
    // An account with only an authenticator app is not offered passkeys.
    const client = await signUp(t.app);
    const { secret } = (await client.call(twoFactorRoutes.startTotp)).json().data;
    await client.call(twoFactorRoutes.confirmTotp, { body: { code: codeOf(secret) } });
    const challenge = await passwordStep(client.email, ['totp', 'recovery_code']);
    const none = await callRoute(t.app, twoFactorRoutes.passkeySignInOptions, cookieOf(challenge));
    expect(none.statusCode).toBe(401);
    expect(none.json().error.code).toBe('passkey_not_verified');
  });
});

function codeOf(secret: string): string {
  return new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
}

describe('passkeys next to the other factors', () => {
  it('adds an authenticator app to a passkey account without new recovery codes; sign-in offers both', async () => {
    const holder = await withPasskey();
    await takeQueuedEmails(t.ctx.boss);
    const { secret } = (await holder.client.call(twoFactorRoutes.startTotp)).json().data;
    const confirmed = await holder.client.call(twoFactorRoutes.confirmTotp, {
      body: { code: codeOf(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().data).toMatchObject({
      recovery_codes: [],
      status: { enabled: true, totp_enabled: true, passkey_count: 1, recovery_codes_left: 10 },
    });
    expect(await takeQueuedEmails(t.ctx.boss)).toEqual([]);
    const challenge = await passwordStep(holder.client.email, ['totp', 'passkey', 'recovery_code']);
    expect((await passkeyStep(holder, challenge)).statusCode).toBe(200);
  });

  /** A passkey account that also sets up an authenticator app: its secret. */
  async function addApp(holder: Holder): Promise<string> {
    const { secret } = (await holder.client.call(twoFactorRoutes.startTotp)).json().data;
    const confirmed = await holder.client.call(twoFactorRoutes.confirmTotp, {
      body: { code: codeOf(secret) },
    });
    expect(confirmed.statusCode).toBe(200);
    return secret;
  }

  it('removes only the authenticator app with a fresh code: passkeys and recovery codes stay, email', async () => {
    const holder = await withPasskey();
    await addApp(holder);
    await takeQueuedEmails(t.ctx.boss);
    const wrong = await holder.client.call(twoFactorRoutes.removeTotp, { body: { code: '000000' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_code');
    expect((await statusOf(holder.client)).totp_enabled).toBe(true);
    const removed = await holder.client.call(twoFactorRoutes.removeTotp, {
      body: { code: holder.codes[0]! },
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json().data).toMatchObject({
      enabled: true,
      totp_enabled: false,
      passkey_count: 1,
      recovery_codes_left: 9,
    });
    expect(
      await t.ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, holder.client.userId)),
    ).toEqual([]);
    const mails = (await takeQueuedEmails(t.ctx.boss)).filter((mail) => mail.to === holder.client.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'The authenticator app was removed from your Parley account',
    ]);
    const challenge = await passwordStep(holder.client.email, ['passkey', 'recovery_code']);
    expect((await passkeyStep(holder, challenge)).statusCode).toBe(200);
    const again = await holder.client.call(twoFactorRoutes.removeTotp, { body: { code: holder.codes[1]! } });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('totp_disabled');
    // Refused before the code is looked at: the recovery code is not used up.
    expect((await statusOf(holder.client)).recovery_codes_left).toBe(9);
  });

  it("removes only the caller's own app: another account's session with my code changes nothing", async () => {
    const mine = await withPasskey();
    await addApp(mine);
    const other = await withPasskey();
    await addApp(other);
    const refused = await other.client.call(twoFactorRoutes.removeTotp, { body: { code: mine.codes[0]! } });
    expect(refused.statusCode).toBe(400);
    expect((await statusOf(mine.client)).totp_enabled).toBe(true);
    expect((await statusOf(other.client)).totp_enabled).toBe(true);
    const anonymous = await callRoute(t.app, twoFactorRoutes.removeTotp, { body: { code: mine.codes[0]! } });
    expect(anonymous.statusCode).toBe(401);
    // My recovery code still works: nobody used it up.
    const removed = await mine.client.call(twoFactorRoutes.removeTotp, { body: { code: mine.codes[0]! } });
    expect(removed.statusCode).toBe(200);
  });

  it('counts wrong codes when removing the app (429 after 5, even for a right code)', async () => {
    const holder = await withPasskey();
    await addApp(holder);
    for (let i = 0; i < 5; i += 1) {
      const wrong = await holder.client.call(twoFactorRoutes.removeTotp, { body: { code: '000000' } });
      expect(wrong.statusCode).toBe(400);
    }
    const limited = await holder.client.call(twoFactorRoutes.removeTotp, {
      body: { code: holder.codes[0]! },
    });
    expect(limited.statusCode).toBe(429);
    expect((await statusOf(holder.client)).totp_enabled).toBe(true);
  });

  it('turns two-factor sign-in off with the last passkey: codes go, email, one-step sign-in', async () => {
    const holder = await withPasskey();
    const phone = new SoftwareAuthenticator(ORIGIN);
    await register(holder.client, phone);
    const [first, second] = (await holder.client.call(twoFactorRoutes.listPasskeys)).json().data;
    await takeQueuedEmails(t.ctx.boss);
    const one = await holder.client.call(twoFactorRoutes.removePasskey, { params: { passkeyId: first.id } });
    expect(one.json().data).toMatchObject({ enabled: true, passkey_count: 1, recovery_codes_left: 10 });
    expect(await takeQueuedEmails(t.ctx.boss)).toEqual([]);
    const last = await holder.client.call(twoFactorRoutes.removePasskey, {
      params: { passkeyId: second.id },
    });
    expect(last.json().data).toEqual({
      enabled: false,
      totp_enabled: false,
      passkey_count: 0,
      enabled_at: null,
      recovery_codes_left: 0,
    });
    expect(
      await t.ctx.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, holder.client.userId)),
    ).toEqual([]);
    const mails = (await takeQueuedEmails(t.ctx.boss)).filter((mail) => mail.to === holder.client.email);
    expect(mails.map((mail) => mail.subject)).toEqual(['Two-factor sign-in is off for your Parley account']);
    const login = await callRoute(t.app, authRoutes.login, {
      body: { email: holder.client.email, password: PASSWORD },
    });
    expect(login.cookies.find((c) => c.name === SESSION_COOKIE)).toBeDefined();
  });

  it("removes only the caller's own passkeys: another's is 404 and stays", async () => {
    const mine = await withPasskey();
    const other = await withPasskey();
    const [theirs] = (await other.client.call(twoFactorRoutes.listPasskeys)).json().data;
    const refused = await mine.client.call(twoFactorRoutes.removePasskey, {
      params: { passkeyId: theirs.id },
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.message).toBe('This passkey is not on your account.');
    expect((await statusOf(other.client)).passkey_count).toBe(1);
    expect((await mine.client.call(twoFactorRoutes.listPasskeys)).json().data).toHaveLength(1);
    const anonymous = await callRoute(t.app, twoFactorRoutes.listPasskeys);
    expect(anonymous.statusCode).toBe(401);
    const hostile = await mine.client.call(twoFactorRoutes.removePasskey, {
      unchecked: true,
      params: { passkeyId: '99999999999999999999' },
    });
    expect(hostile.statusCode).toBe(400);
  });

  it('turns off with a recovery code (a 6-digit code is wrong without an app): passkeys go too', async () => {
    const holder = await withPasskey();
    const wrong = await holder.client.call(twoFactorRoutes.disable, { body: { code: '123456' } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_code');
    const off = await holder.client.call(twoFactorRoutes.disable, { body: { code: holder.codes[0]! } });
    expect(off.statusCode).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, passkey_count: 0 });
    expect(await t.ctx.db.select().from(passkeys).where(eq(passkeys.userId, holder.client.userId))).toEqual(
      [],
    );
  });

  it('renews the recovery codes of a passkey account with one of its recovery codes', async () => {
    const holder = await withPasskey();
    const renewed = await holder.client.call(twoFactorRoutes.regenerateRecoveryCodes, {
      body: { code: holder.codes[0]! },
    });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json().data.recovery_codes).toHaveLength(10);
    expect(renewed.json().data.status.recovery_codes_left).toBe(10);
    const used = await holder.client.call(twoFactorRoutes.regenerateRecoveryCodes, {
      body: { code: holder.codes[1]! },
    });
    expect(used.statusCode).toBe(400);
  });

  it("meets a project's two-factor rule with passkeys only", async () => {
    const owner = await withPasskey();
    const projectId = await createProject(owner.client);
    const on = await owner.client.call(twoFactorRoutes.setPolicy, {
      params: { id: projectId },
      body: { require_two_factor: true },
    });
    expect(on.statusCode).toBe(200);
    expect((await owner.client.call(projectRoutes.get, { params: { id: projectId } })).statusCode).toBe(200);
    const [key] = (await owner.client.call(twoFactorRoutes.listPasskeys)).json().data;
    await owner.client.call(twoFactorRoutes.removePasskey, { params: { passkeyId: key.id } });
    const refused = await owner.client.call(projectRoutes.get, { params: { id: projectId } });
    expect(refused.json().error.code).toBe('two_factor_required');
  });
});
