import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { enqueueEmail, workEmails } from './jobs.ts';
import { createMailer } from './mailer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('email worker', () => {
  it('without SMTP writes queued emails, link included, to the log', async () => {
    await workEmails(t.ctx.boss, createMailer({ smtpUrl: undefined, mailFrom: 'x <x@x>' }, t.ctx.logger));
    await enqueueEmail(t.ctx.boss, {
      to: 'ann@example.com',
      subject: 'Reset',
      text: 'Open http://parley.test/reset-password?token=abc',
    });
    await expect
      .poll(() => t.logs.find((line) => String(line.msg).includes('Email to ann@example.com')), {
        timeout: 15_000,
      })
      .toBeDefined();
    const line = t.logs.find((l) => String(l.msg).includes('Email to ann@example.com'))!;
    expect(line.msg).toContain('http://parley.test/reset-password?token=abc');
  });
});
