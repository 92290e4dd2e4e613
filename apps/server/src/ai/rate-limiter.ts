import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import type { RateLimit, RateLimitedService } from './rate-limit-config.ts';

/**
 * Rate limits shared by every process on the database: the generic cell rate algorithm (GCRA), one row
 * per limit in provider_rate_limits. A call reserves its requests and its tokens together, with one
 * statement: it goes at the first moment both limits allow (each with its burst), and each limit's time
 * moves on from that moment by the call's cost × (one minute / limit). Calls are thus spaced evenly (as
 * providers count: OpenAI, for one, enforces a per-minute limit per second), never rejected, and served
 * in the order they asked, however many workers ask.
 *
 * The two limits are reserved as one because they are not independent: when tokens hold calls back (and
 * answers give unused tokens back), a request turn taken at its own pace would not be when the call is
 * sent, and calls held back by tokens would reach the provider in bursts it refuses (one worker at
 * ANALYSIS_CONCURRENCY=300 had 29 % of its calls answered 429 that way).
 */

/** A burst allowed on top of the even pace: one second of requests, ten seconds of tokens. */
const BURST_MS = { requests: 1_000, tokens: 10_000 } as const;

type Measure = keyof typeof BURST_MS;

const keyOf = (service: RateLimitedService, measure: Measure) => `${service}:${measure}`;

interface Reservation {
  key: string;
  /** How far the call moves the limit's time on (0: no limit, but a pause after a 429 still holds). */
  spacingMs: number;
  burstMs: number;
}

/**
 * Reserves a call on every limit of `reservations` at once; answers how long the caller must wait for its
 * turn, in ms. The rows are locked in key order, so calls reserving the same limits never deadlock.
 */
async function reserve(db: Db, reservations: Reservation[]): Promise<number> {
  const keys = reservations.map((r) => r.key);
  const reserveAll = () =>
    db.execute<{ ahead_ms: number }>(sql`
      WITH cost AS (
        SELECT * FROM jsonb_to_recordset(${JSON.stringify(reservations)}::jsonb)
          AS c(key text, "spacingMs" float8, "burstMs" float8)
      ),
      locked AS (
        SELECT l.key, greatest(l.tat, clock_timestamp()) AS tat, cost."spacingMs" AS spacing_ms, cost."burstMs" AS burst_ms
        FROM provider_rate_limits l JOIN cost USING (key)
        ORDER BY l.key FOR UPDATE OF l
      ),
      turn AS (
        SELECT greatest(clock_timestamp(),
                        max(tat + (spacing_ms - burst_ms) * interval '1 millisecond')) AS at,
               count(*) AS limits
        FROM locked
      )
      UPDATE provider_rate_limits l
      SET tat = greatest(locked.tat, turn.at) + locked.spacing_ms * interval '1 millisecond'
      FROM locked, turn
      WHERE l.key = locked.key AND turn.limits = ${keys.length}
      RETURNING extract(epoch from turn.at - clock_timestamp())::float8 * 1000 AS ahead_ms`);
  let { rows } = await reserveAll();
  if (rows.length === 0) {
    // A limit's first call anywhere: its rows are made once, then the reservation is taken as always.
    await db.execute(sql`
      INSERT INTO provider_rate_limits (key, tat)
      SELECT key, clock_timestamp() FROM jsonb_array_elements_text(${JSON.stringify(keys)}::jsonb) AS key
      ON CONFLICT (key) DO NOTHING`);
    ({ rows } = await reserveAll());
  }
  return Math.max(0, Number(rows[0]!.ahead_ms));
}

/** Reserves a call of `tokens` (0: not counted) to `service`; answers how long it must wait, in ms. */
export async function reserveTurn(
  db: Db,
  service: RateLimitedService,
  limit: RateLimit,
  tokens: number,
): Promise<number> {
  const reservations: Reservation[] = [
    {
      key: keyOf(service, 'requests'),
      spacingMs: limit.rpm > 0 ? 60_000 / limit.rpm : 0,
      burstMs: BURST_MS.requests,
    },
  ];
  if (limit.tpm > 0 && tokens > 0) {
    reservations.push({
      key: keyOf(service, 'tokens'),
      spacingMs: (tokens * 60_000) / limit.tpm,
      burstMs: BURST_MS.tokens,
    });
  }
  return reserve(db, reservations);
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
