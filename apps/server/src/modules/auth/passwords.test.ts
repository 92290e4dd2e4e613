import { authRoutes, healthRoutes, TEXTS, userRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import { type Client, signUp, startTestApp, type TestApp, uniqueEmail } from '../../../test/harness.ts';
import { resetTokenFrom, takeQueuedEmails } from '../../../test/mail.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin: later sign-ups are ordinary ones
});
afterAll(async () => {
  await t.close();
});

/** A 256-character password that is costly to rate (dictionary words among symbols): seconds in zxcvbn. */
function costlyPassword(seed: number): string {
  const symbols = `${seed}aB3$xY9!qW`;
  return Array.from({ length: 256 }, (_, i) => symbols[i % symbols.length] + (i % 7 === 0 ? 'password' : ''))
    .join('')
    .slice(0, 256);
}

/** Microseconds of CPU this thread (the event loop's) spent while `work` ran. */
async function eventLoopCpu(work: () => Promise<unknown>): Promise<number> {
  const before = process.threadCpuUsage();
  await work();
  const { user, system } = process.threadCpuUsage(before);
  return user + system;
}

describe('password checks that cannot stall the server', () => {
  it('rates new passwords off the event loop: four 256-character ones cost its thread little CPU', async () => {
    const signups = Array.from({ length: 4 }, (_, i) =>
      callRoute(t.app, authRoutes.signup, {
        body: { email: uniqueEmail('long'), password: costlyPassword(i) },
      }),
    );
    let health = 0;
    const cpu = await eventLoopCpu(async () => {
      const answers = await Promise.all([
        ...signups,
        callRoute(t.app, healthRoutes.check).then((answer) => {
          health = answer.statusCode;
        }),
      ]);
      for (const answer of answers.slice(0, 4)) expect(answer?.statusCode).toBe(202);
    });
    expect(health).toBe(200);
    // Rated on this thread, each took 0.5 s (2.7 s before the estimator saw at most 100 characters).
    expect(cpu).toBeLessThan(1_000_000);
  });

  it('refuses a password over 256 characters unhashed, with a clear message, wherever one is given', async () => {
    const client = await signUp(t.app, uniqueEmail(), 'right password');
    await takeQueuedEmails(t.ctx.boss);
    await callRoute(t.app, authRoutes.forgotPassword, { body: { email: client.email } });
    const resetToken = resetTokenFrom((await takeQueuedEmails(t.ctx.boss))[0]!);
    const huge = 'x'.repeat(100_000);
    const answers = {
      password: await callRoute(t.app, authRoutes.login, { body: { email: client.email, password: huge } }),
      new_password: await client.call(userRoutes.changePassword, {
        body: { current_password: 'right password', new_password: huge },
      }),
      current_password: await client.call(userRoutes.changePassword, {
        body: { current_password: huge, new_password: 'plum rocket violin' },
      }),
      reset: await callRoute(t.app, authRoutes.resetPassword, {
        body: { token: resetToken, password: huge },
      }),
      signup: await callRoute(t.app, authRoutes.signup, { body: { email: uniqueEmail(), password: huge } }),
    };
    for (const [field, answer] of Object.entries(answers)) {
      expect(answer.statusCode, field).toBe(400);
      expect(answer.json().error, field).toEqual({
        code: 'validation_error',
        message: TEXTS.password.tooLong,
        field: ['reset', 'signup'].includes(field) ? 'password' : field,
      });
    }
  });
});

describe('password change and reset are limited like sign-in', () => {
  const change = (client: Client, ip: string, current: string) =>
    client.call(userRoutes.changePassword, {
      body: { current_password: current, new_password: 'plum rocket violin' },
      remoteAddress: ip,
    });

  it('answers 429 to the 11th password change of an account within 15 minutes, whatever the IP', async () => {
    const client = await signUp(t.app, uniqueEmail(), 'right password');
    for (let i = 1; i <= 10; i += 1) {
      expect((await change(client, `10.5.0.${i}`, `wrong password ${i}`)).statusCode).toBe(400);
    }
    const blocked = await change(client, '10.5.1.1', 'right password');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
    // Another account is not affected.
    const other = await signUp(t.app, uniqueEmail(), 'right password');
    expect((await change(other, '10.5.1.2', 'right password')).statusCode).toBe(200);
  });

  it('answers 429 to the 11th new password tried with one reset link', async () => {
    await takeQueuedEmails(t.ctx.boss);
    const { email } = await signUp(t.app);
    await callRoute(t.app, authRoutes.forgotPassword, { body: { email } });
    const token = resetTokenFrom((await takeQueuedEmails(t.ctx.boss))[0]!);
    const reset = (ip: string, password: string) =>
      callRoute(t.app, authRoutes.resetPassword, { body: { token, password }, remoteAddress: ip });
    for (let i = 1; i <= 10; i += 1) {
      expect((await reset(`10.6.0.${i}`, 'password')).json().error.code).toBe('password_common');
    }
    const blocked = await reset('10.6.1.1', 'plum rocket violin');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('rate_limited');
  });

  it('limits password changes and resets per IP address like sign-in', async () => {
    const limited = await startTestApp({ loginRateLimit: 3 });
    try {
      await signUp(limited.app);
      const client = await signUp(limited.app, uniqueEmail(), 'right password');
      for (let i = 1; i <= 3; i += 1) {
        expect((await change(client, '10.7.0.1', 'wrong password')).statusCode).toBe(400);
      }
      expect((await change(client, '10.7.0.1', 'right password')).statusCode).toBe(429);
      const reset = () =>
        callRoute(limited.app, authRoutes.resetPassword, {
          body: { token: 'no such token', password: 'plum rocket violin' },
          remoteAddress: '10.7.0.2',
        });
      for (let i = 1; i <= 3; i += 1) expect((await reset()).statusCode).toBe(400);
      expect((await reset()).statusCode).toBe(429);
    } finally {
      await limited.close();
    }
  });
});
