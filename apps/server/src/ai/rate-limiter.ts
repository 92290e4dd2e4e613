import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { RateLimit, RateLimitedService } from './rate-limit-config.ts';

/**
 * Rate limits shared by every process on the database: the generic cell rate algorithm (GCRA), one row
 * per limit in provider_rate_limits. A call reserves its cost with one statement: the row's time moves
 * on by cost × (one minute / limit), and the call waits until its turn. Calls are thus spaced evenly (as
 * providers count: OpenAI, for one, enforces a per-minute limit per second), never rejected, and served
 * in the order they asked, however many workers ask.
 */

/** A burst allowed on top of the even pace: one second of requests, ten seconds of tokens. */
const BURST_MS = { requests: 1_000, tokens: 10_000 } as const;

type Measure = keyof typeof BURST_MS;

const keyOf = (service: RateLimitedService, measure: Measure) => `${service}:${measure}`;

/**
 * Reserves `cost` of a per-minute limit (0: none, but a pause after a 429 still holds); answers how long
 * the caller must wait for its turn, in ms.
 */
async function reserve(
  db: Db,
  service: RateLimitedService,
  measure: Measure,
  cost: number,
  perMinute: number,
): Promise<number> {
  const spacingMs = perMinute > 0 ? (cost * 60_000) / perMinute : 0;
  const { rows } = await db.execute<{ ahead_ms: number }>(sql`
    INSERT INTO provider_rate_limits AS l (key, tat)
    VALUES (${keyOf(service, measure)}, clock_timestamp() + ${spacingMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE
      SET tat = greatest(l.tat, clock_timestamp()) + ${spacingMs} * interval '1 millisecond'
    RETURNING extract(epoch from l.tat - clock_timestamp())::float8 * 1000 AS ahead_ms`);
  return Math.max(0, Number(rows[0]!.ahead_ms) - BURST_MS[measure]);
}

/** Reserves a call of `tokens` (0: not counted) to `service`; answers how long it must wait, in ms. */
export async function reserveTurn(
  db: Db,
  service: RateLimitedService,
  limit: RateLimit,
  tokens: number,
): Promise<number> {
  const waits = await Promise.all([
    reserve(db, service, 'requests', 1, limit.rpm),
    limit.tpm > 0 && tokens > 0 ? reserve(db, service, 'tokens', tokens, limit.tpm) : 0,
  ]);
  return Math.max(...waits);
}

/**
 * Waits until a call of `tokens` may go to `service` within its limits. Rejects with an AbortError when
 * `signal` aborts meanwhile (the turn is lost; the limit stays on the safe side).
 */
export async function waitForTurn(
  db: Db,
  service: RateLimitedService,
  limit: RateLimit,
  tokens: number,
  signal?: AbortSignal | null,
): Promise<void> {
  const waitMs = await reserveTurn(db, service, limit, tokens);
  if (waitMs > 0) await sleep(waitMs, undefined, signal ? { signal } : {});
}

/**
 * The provider said "too many requests" (or is overloaded): no call of any worker goes to it for
 * `delayMs`, and later ones queue behind that pause at the limit's pace.
 */
export async function slowDown(db: Db, service: RateLimitedService, delayMs: number): Promise<void> {
  const pauseMs = delayMs + BURST_MS.requests;
  await db.execute(sql`
    INSERT INTO provider_rate_limits AS l (key, tat)
    VALUES (${keyOf(service, 'requests')}, clock_timestamp() + ${pauseMs} * interval '1 millisecond')
    ON CONFLICT (key) DO UPDATE
      SET tat = greatest(l.tat, clock_timestamp() + ${pauseMs} * interval '1 millisecond')`);
}

/**
 * A call used `tokens` fewer than it reserved (the answer's maximum is reserved, what it used is known
 * once it answered): they go back to the limit, as providers settle their own estimate.
 */
export async function giveBack(
  db: Db,
  service: RateLimitedService,
  limit: RateLimit,
  tokens: number,
): Promise<void> {
  if (limit.tpm <= 0 || tokens <= 0) return;
  const spacingMs = (tokens * 60_000) / limit.tpm;
  await db.execute(sql`
    UPDATE provider_rate_limits SET tat = tat - ${spacingMs} * interval '1 millisecond'
    WHERE key = ${keyOf(service, 'tokens')}`);
}
