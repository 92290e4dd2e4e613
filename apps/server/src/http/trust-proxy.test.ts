import { authRoutes } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { callRoute } from '../../test/client.ts';
import { startTestApp, uniqueEmail } from '../../test/harness.ts';

const LIMIT = 10;

/** 15 wrong sign-ins, each from another claimed client address and for another account. */
async function wrongLoginsWithForwardedFor(env: Record<string, string>): Promise<number[]> {
  const t = await startTestApp({}, { LOGIN_RATE_LIMIT: String(LIMIT), ...env });
  try {
    const statuses: number[] = [];
    for (let i = 1; i <= 15; i += 1) {
      const response = await callRoute(t.app, authRoutes.login, {
        body: { email: uniqueEmail('probe'), password: 'wrong password' },
        headers: { 'x-forwarded-for': `203.0.113.${i}` },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  } finally {
    await t.close();
  }
}

describe('X-Forwarded-For and the per-address sign-in limit', () => {
  // app.inject connects from 127.0.0.1.
  it.each([
    ['by default', {}],
    ['from a peer that is not a listed proxy', { TRUST_PROXY: '10.0.0.0/8' }],
  ])('ignores the header %s, so a client cannot reset its limit', async (_case, env) => {
    const statuses = await wrongLoginsWithForwardedFor(env);
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual(Array(15 - LIMIT).fill(429));
  });

  it.each(['1', '127.0.0.1', 'loopback'])(
    'honours the header of a trusted proxy (TRUST_PROXY=%s)',
    async (value) => {
      const statuses = await wrongLoginsWithForwardedFor({ TRUST_PROXY: value });
      expect(statuses).toEqual(Array(15).fill(401));
    },
  );
});
