import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.ts';
import { emailJob } from './jobs.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('email worker', () => {
  it('without SMTP writes queued emails, link included, to the log', async () => {
    await emailJob.work({ ...t.ctx, config: { ...t.ctx.config, smtpUrl: undefined } });
    await emailJob.send(t.ctx, {
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
