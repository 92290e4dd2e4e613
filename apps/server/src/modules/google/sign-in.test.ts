import { authRoutes, memberRoutes, projectRoutes, userRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import { FakeGoogle } from '../../../test/fake-upstreams/google-oauth.ts';
import { sessionCookie, signUp, startTestApp, type TestApp, uniqueEmail } from '../../../test/harness.ts';
import { takeQueuedEmails } from '../../../test/mail.ts';
import { googleIdentities, users } from '../../db/schema/index.ts';
import { setAccountActive } from '../users/activation.ts';

let t: TestApp;
let google: FakeGoogle;
beforeAll(async () => {
  google = await FakeGoogle.start();
  t = await startTestApp({}, google.env());
  await signUp(t.app); // the first account (super admin) is taken
});
afterAll(async () => {
  await t.close();
  await google.close();
});

let subs = 0;
beforeEach(() => {
  subs += 1;
  google.account = {
    sub: `sub-${subs}`,
    email: uniqueEmail('g'),
    email_verified: true,
    name: 'Grace Hopper',
  };
});

const CALLBACK = 'http://parley.test/auth/google/callback';

async function start(redirectUri = CALLBACK) {
  return callRoute(t.app, authRoutes.googleStart, { body: { redirect_uri: redirectUri } });
}

/** The browser's round trip: start, Google's page redirects back with code and state. */
async function consent(): Promise<{ code: string; state: string }> {
  const started = await start();
  expect(started.statusCode).toBe(200);
  expect(started.json().status).toBe('success');
  const location = (await fetch(started.json().data.auth_url, { redirect: 'manual' })).headers.get(
    'location',
  )!;
  const back = new URL(location);
  return { code: back.searchParams.get('code')!, state: back.searchParams.get('state')! };
}

const callback = (payload: Record<string, unknown>) =>
  callRoute(t.app, authRoutes.googleCallback, { unchecked: true, body: payload });

const me = (cookie: string) => callRoute(t.app, authRoutes.me, { cookie });

describe('Google sign-in', () => {
  it('says it is available and starts with PKCE on the Google page', async () => {
    expect((await callRoute(t.app, authRoutes.googleAvailable)).json()).toEqual({
      data: { available: true },
    });
    const url = new URL((await start()).json().data.auth_url);
    expect(url.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
  });

  it('signs a new Google user up: confirmed, named by Google, without a password, in their language', async () => {
    const response = await callback({ ...(await consent()), language: 'de' });
    expect(response.statusCode).toBe(200);
    const user = (await me(sessionCookie(response))).json().data;
    expect(user).toMatchObject({
      email: google.account.email,
      name: 'Grace Hopper',
      language: 'de',
      has_password: false,
      is_super_admin: false,
    });
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailConfirmedAt).not.toBeNull();
    expect(row!.passwordHash).toBeNull();
    // The browser is trusted for the account, as after a password sign-in: others' failures cannot lock it out.
    expect(String(response.headers['set-cookie'])).toMatch(/parley_device=[\w-]+;.*HttpOnly/);
  });

  it('signs a returning Google user in to the same account, even after the email changed at Google', async () => {
    const first = (await callback(await consent())).json().data;
    google.account = { ...google.account, email: uniqueEmail('changed') };
    const again = await callback(await consent());
    expect(again.json().data.id).toBe(first.id);
    expect((await me(sessionCookie(again))).json().data.email).toBe(first.email);
  });

  it('links an existing account when Google has verified its email', async () => {
    const owner = await signUp(t.app, google.account.email);
    const response = await callback(await consent());
    expect(response.json().data).toMatchObject({ id: owner.userId, has_password: true });
    const [identity] = await t.ctx.db
      .select()
      .from(googleIdentities)
      .where(eq(googleIdentities.sub, google.account.sub));
    expect(identity!.userId).toBe(owner.userId);
  });

  it('refuses an account its identity provider deactivated, and lets it in once active again', async () => {
    const first = (await callback(await consent())).json().data;
    await t.ctx.db.transaction((tx) => setAccountActive(tx, first.id, false));
    const refused = await callback(await consent());
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.code).toBe('account_deactivated');
    expect(refused.headers['set-cookie']).toBeUndefined();
    await t.ctx.db.transaction((tx) => setAccountActive(tx, first.id, true));
    expect((await callback(await consent())).statusCode).toBe(200);
  });

  it('drops the password of a never-confirmed account it links (whoever chose it never proved the address)', async () => {
    const email = google.account.email;
    await callRoute(t.app, authRoutes.signup, { body: { email, password: 'someone else chose this' } });
    const response = await callback(await consent());
    expect(response.json().data).toMatchObject({ email, has_password: false });
  });

  it('refuses an email Google has not verified, for an existing account and a new one', async () => {
    const owner = await signUp(t.app, google.account.email);
    google.account.email_verified = false;
    const response = await callback(await consent());
    expect(response.statusCode).toBe(403);
    expect(response.json().error.code).toBe('google_email_unverified');
    expect(response.json().error.message).toMatch(/has not verified/);
    expect(response.cookies).toHaveLength(0);
    const identities = await t.ctx.db
      .select()
      .from(googleIdentities)
      .where(eq(googleIdentities.userId, owner.userId));
    expect(identities).toHaveLength(0);

    google.account = { ...google.account, email: uniqueEmail('fresh') };
    expect((await callback(await consent())).statusCode).toBe(403);
  });

  it('joins the project of an open invitation for its email, and ignores another one', async () => {
    const owner = await signUp(t.app);
    const created = await owner.call(projectRoutes.create, { body: { name: 'Invited' } });
    const projectId = created.json().data.id as number;
    const inviteFor = async (email: string) => {
      await owner.call(memberRoutes.invite, {
        params: { id: projectId },
        body: { email, role: 'teamleader' },
      });
      const [mail] = (await takeQueuedEmails(t.ctx.boss)).filter((m) => m.to === email);
      return /invite\?token=([A-Za-z0-9_-]+)/.exec(mail!.text)![1]!;
    };
    const otherToken = await inviteFor(uniqueEmail('someone-else'));
    const stranger = await callback({ ...(await consent()), invite_token: otherToken });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json().joined_project_id).toBeUndefined();

    google.account = { ...google.account, sub: `${google.account.sub}-invitee`, email: uniqueEmail('gi') };
    const token = await inviteFor(google.account.email);
    const response = await callback({ ...(await consent()), invite_token: token });
    expect(response.statusCode).toBe(200);
    expect(response.json().joined_project_id).toBe(projectId);
    const project = await callRoute(t.app, projectRoutes.get, {
      params: { id: projectId },
      cookie: sessionCookie(response),
    });
    expect(project.json().data.my_role).toBe('teamleader');
  });

  it('refuses a state that does not match, and a used one', async () => {
    const { code, state } = await consent();
    const wrong = await callback({ code, state: 'not-the-state' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('invalid_state');
    expect((await callback({ code, state })).statusCode).toBe(200);
    expect((await callback({ code, state })).json().error.code).toBe('invalid_state');
  });

  it('refuses a redirect address on another site', async () => {
    const response = await start('https://evil.example.com/auth/google/callback');
    expect(response.statusCode).toBe(400);
    expect(response.json().error.code).toBe('invalid_redirect_uri');
  });
});

describe('an account without a password', () => {
  async function googleOnlyAccount() {
    const response = await callback(await consent());
    return { email: google.account.email, cookie: sessionCookie(response) };
  }

  it('cannot sign in with a password, and gets the ordinary refusal', async () => {
    const { email } = await googleOnlyAccount();
    const response = await callRoute(t.app, authRoutes.login, {
      body: { email, password: 'anything at all' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().error.code).toBe('invalid_credentials');
  });

  it('sets a first password without a current one, then signs in with it', async () => {
    const { email, cookie } = await googleOnlyAccount();
    const set = await callRoute(t.app, userRoutes.changePassword, {
      body: { new_password: 'a brand new passphrase 42' },
      cookie,
    });
    expect(set.statusCode).toBe(200);
    expect((await me(cookie)).json().data.has_password).toBe(true);
    const login = await callRoute(t.app, authRoutes.login, {
      body: { email, password: 'a brand new passphrase 42' },
    });
    expect(login.statusCode).toBe(200);
    const again = await callRoute(t.app, userRoutes.changePassword, {
      body: { new_password: 'another new passphrase 43' },
      cookie,
    });
    expect(again.json().error.code).toBe('wrong_password');
  });
});

describe('Google sign-in not set up', () => {
  let bare: TestApp;
  beforeAll(async () => {
    bare = await startTestApp();
  });
  afterAll(async () => {
    await bare.close();
  });

  it('says so, and answers 503 with the variables to set', async () => {
    expect((await callRoute(bare.app, authRoutes.googleAvailable)).json().data.available).toBe(false);
    const response = await callRoute(bare.app, authRoutes.googleStart, { body: { redirect_uri: CALLBACK } });
    expect(response.statusCode).toBe(503);
    expect(response.json().error.message).toMatch(/GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    const finish = await callRoute(bare.app, authRoutes.googleCallback, { body: { code: 'c', state: 's' } });
    expect(finish.statusCode).toBe(503);
  });
});
