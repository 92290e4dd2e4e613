import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startFakeAnthropic } from '../../test/fake-upstreams/anthropic.ts';
import { answer, type FakeUpstream, failure } from '../../test/fake-upstreams/scripted.ts';
import { startTestApp, type TestApp } from '../../test/harness.ts';
import type { AppContext } from '../context.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { aiUsage } from '../db/schema/index.ts';
import { generateStructured } from './generate.ts';
import { estimateTokens, retryAfterMs } from './provider-fetch.ts';
import { reserveTurn, slowDown } from './rate-limiter.ts';

let t: TestApp;
let anthropic: FakeUpstream;
/** A second connection pool: another worker process on the same database. */
let other: Database;

beforeAll(async () => {
  anthropic = await startFakeAnthropic();
  t = await startTestApp(
    {},
    { ANTHROPIC_API_KEY: 'sk-ant-limits', ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`, AI_MAX_RETRIES: '0' },
  );
  other = connectDatabase(t.ctx.config.databaseUrl!, t.ctx.logger, 2);
}, 120_000);
afterEach(() => {
  expect(anthropic.pending, 'every scripted answer was used').toBe(0);
  anthropic.reset();
});
afterAll(async () => {
  await other?.pool.end();
  await t?.close();
  await anthropic?.close();
});

/** One structured call to the fake Anthropic. */
const askAnthropic = (ctx: AppContext) =>
  generateStructured(ctx, {
    purpose: 'test',
    projectId: null,
    userId: null,
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    schema: z.object({ ok: z.string() }),
    instructions: 'Answer.',
    prompt: 'Well?',
  });

describe('shared provider rate limits', () => {
  it('space the calls of every process evenly at the limit, after a one-second burst', async () => {
    const limit = { rpm: 60, tpm: 0 }; // one request a second
    const pools = [t.ctx.db, other.db];
    const waits: number[] = [];
    for (let i = 0; i < 10; i += 1) waits.push(await reserveTurn(pools[i % 2]!, 'groq', limit, 0));
    // The first goes at once; each later one a second after the one before, whichever process asked.
    expect(waits[0]).toBe(0);
    for (let i = 1; i < 10; i += 1) {
      expect(waits[i]).toBeGreaterThan(i * 1000 - 500);
      expect(waits[i]).toBeLessThanOrEqual(i * 1000);
    }
  });

  it('count tokens against tokens a minute, with ten seconds of burst', async () => {
    const limit = { rpm: 0, tpm: 60_000 }; // 1,000 tokens a second
    expect(await reserveTurn(t.ctx.db, 'google', limit, 10_000)).toBe(0);
    // The burst is spent: the next 5,000 tokens wait their five seconds.
    const wait = await reserveTurn(other.db, 'google', limit, 5_000);
    expect(wait).toBeGreaterThan(4_500);
    expect(wait).toBeLessThanOrEqual(5_000);
  });

  it('a call held back by tokens takes its request turn when it goes, so later calls never overtake it', async () => {
    const limit = { rpm: 60, tpm: 60_000 }; // one request and 1,000 tokens a second
    // 20,000 tokens: ten seconds beyond the burst of tokens.
    const first = await reserveTurn(t.ctx.db, 'openai', limit, 20_000);
    expect(first).toBeGreaterThan(9_500);
    expect(first).toBeLessThanOrEqual(10_000);
    // A call counting no tokens still goes a request's spacing after it, not before it in a burst.
    const second = await reserveTurn(other.db, 'openai', limit, 0);
    expect(second).toBeGreaterThan(first + 500);
    expect(second).toBeLessThanOrEqual(first + 1_000);
  });

  it('hold every call back after a provider asked to slow down, even without a limit', async () => {
    await slowDown(other.db, 'openai-compatible', 3_000);
    const wait = await reserveTurn(t.ctx.db, 'openai-compatible', { rpm: 0, tpm: 0 }, 0);
    expect(wait).toBeGreaterThan(2_500);
    expect(wait).toBeLessThanOrEqual(3_000);
  });

  it('a call rides out 429s without using its retries, and every process waits with it', async () => {
    anthropic.script(
      failure(429, 'Rate limited', 200),
      failure(429, 'Rate limited', 200),
      answer({ ok: 'yes' }),
    );
    expect(await askAnthropic(t.ctx)).toEqual({ ok: 'yes' });
    expect(anthropic.requests).toHaveLength(3);
    const usage = await t.ctx.db.select().from(aiUsage);
    expect(usage.at(-1)).toMatchObject({ purpose: 'test', ok: true });
  });

  it('a wait for the limit does not count against the request timeout', async () => {
    const ctx = { ...t.ctx, config: { ...t.ctx.config, ai: { ...t.ctx.config.ai, timeoutMs: 1000 } } };
    await slowDown(other.db, 'anthropic', 1_500);
    anthropic.script(answer({ ok: 'late but fine' }));
    expect(await askAnthropic(ctx)).toEqual({ ok: 'late but fine' });
  });
});

describe('what a request costs and when to come back', () => {
  it('estimates tokens as providers do before answering: text at 4 characters a token plus the answer maximum', () => {
    const body = JSON.stringify({
      model: 'x',
      max_tokens: 1000,
      messages: [{ role: 'user', content: 'a'.repeat(400) }],
    });
    expect(estimateTokens(body)).toBe(Math.ceil(body.length / 4) + 1000);
    const gemini = JSON.stringify({ generationConfig: { maxOutputTokens: 500 }, contents: [] });
    expect(estimateTokens(gemini)).toBe(Math.ceil(gemini.length / 4) + 500);
    expect(estimateTokens('not json')).toBe(2);
    expect(estimateTokens(undefined)).toBe(0);
  });

  it('reads retry-after-ms, retry-after in seconds and as a date', () => {
    expect(retryAfterMs(new Headers({ 'retry-after-ms': '250' }))).toBe(250);
    expect(retryAfterMs(new Headers({ 'retry-after': '3' }))).toBe(3000);
    const inFive = new Date(Date.now() + 5000).toUTCString();
    expect(retryAfterMs(new Headers({ 'retry-after': inFive }))).toBeGreaterThan(3000);
    expect(retryAfterMs(new Headers({ 'retry-after': 'soon' }))).toBeNull();
    expect(retryAfterMs(new Headers())).toBeNull();
  });
});
