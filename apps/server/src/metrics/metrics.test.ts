import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { healthRoutes } from '@parley/contracts';
import getPort from 'get-port';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { callRoute } from '../../test/client.ts';
import { freshDatabase, startTestApp, type TestApp } from '../../test/harness.ts';
import { startWorkerProcess } from '../../test/worker-process.ts';
import { QUEUES } from '../jobs/boss.ts';
import { serveWorkerMetrics } from './http.ts';
import { mayScrape } from './scrape.ts';

const TOKEN = 'metrics-token-of-the-test-0123456789';
let t: TestApp;

beforeAll(async () => {
  // A proxy on this machine is trusted: the client address is the one it forwards.
  t = await startTestApp({}, { METRICS_TOKEN: TOKEN, TRUST_PROXY: 'loopback' });
}, 60_000);
afterAll(() => t?.close());

const scrape = (options: { remoteAddress?: string; headers?: Record<string, string> } = {}) =>
  t.app.inject({ method: 'GET', url: '/metrics', ...options });

/** The value of one sample line of the text format, e.g. `parley_db_pool_waiting_requests`. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('GET /metrics', () => {
  it('answers a client on this machine in the Prometheus text format', async () => {
    await callRoute(t.app, healthRoutes.check, {});
    await t.app.inject({ method: 'GET', url: '/no-such-page' });
    const job = await t.ctx.boss.send(QUEUES.email, { to: 'metrics@example.com' });
    expect(job).toBeTruthy();

    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = response.body;
    expect(text).toContain('# TYPE parley_http_request_duration_seconds histogram');
    // Route templates, never addresses: an unknown one is one value.
    expect(
      sample(
        text,
        'parley_http_request_duration_seconds_count{method="GET",route="/api/health",status="200"}',
      ),
    ).toBe(1);
    expect(
      sample(text, 'parley_http_request_duration_seconds_count{method="GET",route="unmatched",status="404"}'),
    ).toBe(1);
    expect(sample(text, 'parley_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(sample(text, 'parley_db_pool_connections{state="idle"}')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'parley_db_pool_waiting_requests')).toBe(0);
    expect(sample(text, `parley_queue_oldest_job_age_seconds{queue="${QUEUES.email}"}`)).toBeGreaterThan(0);
    expect(sample(text, `parley_queue_oldest_job_age_seconds{queue="${QUEUES.analysis}"}`)).toBe(0);
    expect(sample(text, `parley_queue_jobs{queue="${QUEUES.analysis}",state="active"}`)).toBe(0);
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');

    // pg-boss counts its queues every SUPERVISE_SECONDS: the job shows as ready once it has.
    await vi.waitFor(
      async () => {
        const again = (await scrape()).body;
        expect(sample(again, `parley_queue_jobs{queue="${QUEUES.email}",state="ready"}`)).toBe(1);
      },
      { timeout: 15_000, interval: 500 },
    );
  });

  it('refuses other clients as an unknown address, unless they present the token', async () => {
    const stranger = { remoteAddress: '203.0.113.9' };
    const refused = await scrape(stranger);
    expect(refused.statusCode).toBe(404);
    // As an unknown address answers, with the request's id.
    expect(refused.json()).toEqual({
      error: { code: 'not_found', message: 'No route for GET /metrics' },
      request_id: refused.headers['x-request-id'],
    });
    expect((await scrape({ ...stranger, headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode).toBe(
      404,
    );
    expect((await scrape({ ...stranger, headers: { authorization: 'Basic abc' } })).statusCode).toBe(404);
    const served = await scrape({ ...stranger, headers: { authorization: `Bearer ${TOKEN}` } });
    expect(served.statusCode).toBe(200);
    expect(served.body).toContain('parley_db_pool_connections');
  });

  it('takes no proxied request for a local one', async () => {
    // Through the trusted local proxy the client is the forwarded address.
    const proxied = { headers: { 'x-forwarded-for': '203.0.113.9' } };
    expect((await scrape(proxied)).statusCode).toBe(404);
    const withToken = { headers: { ...proxied.headers, authorization: `Bearer ${TOKEN}` } };
    expect((await scrape(withToken)).statusCode).toBe(200);
    // A forwarded local address is a claim, not a local client.
    expect((await scrape({ headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(404);
    expect((await scrape({ headers: { forwarded: 'for=127.0.0.1' } })).statusCode).toBe(404);
    // A wrong token is refused even on this machine.
    expect((await scrape({ headers: { authorization: 'Bearer wrong' } })).statusCode).toBe(404);
  });

  it('is neither rate-limited nor in the OpenAPI document', async () => {
    const answers = await Promise.all(Array.from({ length: 30 }, () => scrape()));
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    expect(answers[0]!.headers['x-ratelimit-limit']).toBeUndefined();
    const document = t.app.swagger() as { paths: Record<string, unknown> };
    expect(Object.keys(document.paths).filter((path) => !path.startsWith('/api/'))).toEqual([]);
  });
});

describe('the metrics of a worker process', () => {
  it('a worker process started with METRICS_PORT serves them', async () => {
    const database = await freshDatabase();
    const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-metrics-'));
    const port = await getPort({ host: '127.0.0.1' });
    const worker = startWorkerProcess({
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      METRICS_PORT: String(port),
      LOG_LEVEL: 'warn',
    });
    try {
      await vi.waitFor(
        async () => {
          const served = await fetch(`http://127.0.0.1:${port}/metrics`);
          expect(served.status, worker.output()).toBe(200);
          expect(await served.text()).toContain(
            `parley_queue_jobs{queue="${QUEUES.analysis}",state="ready"}`,
          );
        },
        { timeout: 60_000, interval: 500 },
      );
    } finally {
      await worker.kill();
      await database.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 90_000);

  it('serves GET /metrics on its own port under the same rule, and nothing else', async () => {
    const server = await serveWorkerMetrics(t.ctx, 0);
    try {
      const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const served = await fetch(`${origin}/metrics`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      expect(await served.text()).toContain('parley_queue_jobs{');
      expect((await fetch(`${origin}/other`)).status).toBe(404);
      const forwarded = await fetch(`${origin}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(forwarded.status).toBe(404);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('decides by the peer address, the forwarding headers and the token', () => {
    expect(mayScrape('127.0.0.1', {}, undefined)).toBe(true);
    expect(mayScrape('::ffff:127.0.0.5', {}, undefined)).toBe(true);
    expect(mayScrape('::1', {}, undefined)).toBe(true);
    expect(mayScrape('10.0.0.4', {}, undefined)).toBe(false);
    expect(mayScrape('::ffff:10.0.0.4', {}, undefined)).toBe(false);
    expect(mayScrape(undefined, {}, undefined)).toBe(false);
    // Without METRICS_TOKEN a bearer opens nothing.
    expect(mayScrape('10.0.0.4', { authorization: 'Bearer anything' }, undefined)).toBe(false);
    expect(mayScrape('10.0.0.4', { authorization: `Bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(mayScrape('10.0.0.4', { authorization: `bearer ${TOKEN}` }, TOKEN)).toBe(true);
    expect(mayScrape('10.0.0.4', { authorization: `Bearer ${TOKEN.slice(1)}` }, TOKEN)).toBe(false);
  });
});
