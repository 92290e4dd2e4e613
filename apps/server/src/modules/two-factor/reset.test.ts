import { authRoutes, supportRoutes, TWO_FACTOR, twoFactorRoutes } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { takeQueuedEmails } from '../../../test/mail.ts';
import { auditEvents, passkeys, recoveryCodes, sessions, totpFactors } from '../../db/schema/index.ts';

let t: TestApp;
let superAdmin: Client;
beforeAll(async () => {
  t = await startTestApp({ encryptionKey: 'ab'.repeat(32) });
  superAdmin = await signUp(t.app); // the first account is the super admin
});
afterAll(async () => {
  await t.close();
});

const PASSWORD = 'correct horse';

/** Signs up and turns two-factor sign-in on with an authenticator app, plus a passkey row. */
async function enrolled(): Promise<Client> {
  const client = await signUp(t.app);
  const { secret } = (await client.call(twoFactorRoutes.startTotp)).json().data;
  const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: TWO_FACTOR.periodSeconds });
  const confirmed = await client.call(twoFactorRoutes.confirmTotp, { body: { code: totp.generate() } });
  expect(confirmed.statusCode).toBe(200);
  await t.ctx.db.insert(passkeys).values({
    userId: client.userId,
    credentialId: `cred-${client.userId}`,
    publicKey: Buffer.from('key'),
    deviceType: 'singleDevice',
    name: 'Phone',
  });
  return client;
}

const reset = (caller: Client, userId: number) =>
  caller.call(supportRoutes.resetUserTwoFactor, { params: { userId } });

describe("a super admin's reset of two-factor sign-in", () => {
  it('removes every factor, ends every session, emails the person, is audited in their projects; password alone signs in again', async () => {
    const person = await enrolled();
    const owner = await signUp(t.app);
    const projectId = await createProject(owner, 'Reset');
    await addMember(t, projectId, person, 'admin');
    const listed = await superAdmin.call(supportRoutes.listUsers, { query: { q: person.email } });
    expect(listed.json().data).toEqual([
      expect.objectContaining({ id: person.userId, two_factor_enabled: true }),
    ]);
    await takeQueuedEmails(t.ctx.boss);

    const response = await reset(superAdmin, person.userId);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: person.userId, two_factor_enabled: false });
    for (const table of [totpFactors, passkeys, recoveryCodes, sessions])
      expect(await t.ctx.db.select().from(table).where(eq(table.userId, person.userId))).toEqual([]);
    expect((await person.call(authRoutes.me)).statusCode).toBe(401);
    const mails = (await takeQueuedEmails(t.ctx.boss)).filter((mail) => mail.to === person.email);
    expect(mails.map((mail) => mail.subject)).toEqual([
      'An administrator reset two-factor sign-in for your Parley account',
    ]);
    expect(mails[0]!.text).toContain('signed out everywhere');
    expect(mails[0]!.text).toContain('If you did not ask for it');
    const audited = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'two_factor_reset'), eq(auditEvents.targetId, person.userId)));
    expect(audited).toEqual([
      expect.objectContaining({ projectId, userId: superAdmin.userId, userEmail: superAdmin.email }),
    ]);
    const listedAfter = await superAdmin.call(supportRoutes.listUsers, { query: { q: person.email } });
    expect(listedAfter.json().data[0].two_factor_enabled).toBe(false);

    const login = await callRoute(t.app, authRoutes.login, {
      body: { email: person.email, password: PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    expect(login.json().data.id).toBe(person.userId);

    const again = await reset(superAdmin, person.userId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('two_factor_not_enabled');
  });

  it('is for super admins only (support staff and project owners get 403) and answers 404 for no such account', async () => {
    const person = await enrolled();
    const support = await signUp(t.app);
    await superAdmin.call(supportRoutes.setUserRole, {
      params: { userId: support.userId },
      body: { role: 'support' },
    });
    const owner = await signUp(t.app);
    await addMember(t, await createProject(owner, 'Theirs'), person, 'user');
    for (const caller of [support, owner, person]) {
      const refused = await reset(caller, person.userId);
      expect(refused.statusCode).toBe(403);
      expect((await caller.call(supportRoutes.listUsers, { query: {} })).statusCode).toBe(403);
    }
    expect(
      await t.ctx.db.select().from(totpFactors).where(eq(totpFactors.userId, person.userId)),
    ).toHaveLength(1);
    expect((await person.call(authRoutes.me)).statusCode).toBe(200);
    const unknown = await reset(superAdmin, 2_000_000_000);
    expect(unknown.statusCode).toBe(404);
    const unsigned = await callRoute(t.app, supportRoutes.resetUserTwoFactor, {
      params: { userId: person.userId },
    });
    expect(unsigned.statusCode).toBe(401);
  });
});
