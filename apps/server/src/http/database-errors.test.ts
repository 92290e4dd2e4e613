import { authRoutes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../test/client.ts';
import {
  clientWithCookie,
  sessionCookie,
  startTestApp,
  type TestApp,
  uniqueEmail,
} from '../../test/harness.ts';
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts';
import { buildApp } from '../app.ts';
import { connectDatabase, type Database } from '../db/client.ts';
import { databaseFailure } from './database-errors.ts';

let t: TestApp;
let proxy: TcpProxy;
let database: Database;
/** The app on a pool of its own that reaches PostgreSQL through the proxy. */
let app: FastifyInstance;

beforeAll(async () => {
  t = await startTestApp();
  const url = new URL(t.ctx.config.databaseUrl!);
  proxy = await startTcpProxy(url.hostname, Number(url.port || 5432));
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  database = connectDatabase(url.toString(), t.ctx.logger, 3);
  app = await buildApp({ ...t.ctx, db: database.db }, { webDir: null });
});
afterAll(async () => {
  await app?.close();
  await database?.pool.end();
  await proxy?.close();
  await t?.close();
});

describe('a database outage', () => {
  it('answers 503 service_unavailable with Retry-After while the database is away, and 200 again once it is back', async () => {
    const signup = await callRoute(app, authRoutes.signup, {
      body: { email: uniqueEmail(), password: 'correct horse' },
    });
    const request = clientWithCookie(app, sessionCookie(signup));
    const projects = () => request({ method: 'GET', url: '/api/projects' });
    expect((await projects()).statusCode).toBe(200);

    await proxy.cut();
    for (const response of [
      await projects(),
      await callRoute(app, authRoutes.login, { body: { email: uniqueEmail(), password: 'whatever1' } }),
    ]) {
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(response.json().error).toEqual({
        code: 'service_unavailable',
        message: expect.stringMatching(/database/i),
      });
    }

    await proxy.restore();
    const statuses: number[] = [];
    await expect
      .poll(async () => {
        const status = (await projects()).statusCode;
        statuses.push(status);
        return status;
      })
      .toBe(200);
    expect(statuses.filter((status) => status !== 200 && status !== 503)).toEqual([]);
  });
});

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code });
/** How Drizzle wraps a driver error. */
const wrapped = (cause: Error) => new Error('Failed query: select 1\nparams: ', { cause });

describe('databaseFailure', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED', 'connect ECONNREFUSED 127.0.0.1:5432')],
    [
      'every address refusing',
      Object.assign(new AggregateError([withCode('ECONNREFUSED')]), { code: 'ECONNREFUSED' }),
    ],
    ['a reset connection', withCode('ECONNRESET')],
    ['an unknown host', withCode('ENOTFOUND')],
    [
      'the server shutting down (57P01)',
      withCode('57P01', 'terminating connection due to administrator command'),
    ],
    ['the server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006')],
    ['too many connections (53300)', withCode('53300')],
    ['the pool connect timeout', new Error('timeout exceeded when trying to connect')],
    ['a connection timeout', new Error('Connection terminated due to connection timeout')],
    ['a dropped connection', new Error('Connection terminated unexpectedly')],
    ['a dropped connection inside a query error', wrapped(new Error('Connection terminated unexpectedly'))],
  ])('is 503 service_unavailable for %s', (_what, error) => {
    expect(databaseFailure(error)).toMatchObject({
      statusCode: 503,
      code: 'service_unavailable',
      headers: { 'retry-after': '5' },
    });
  });

  it.each([
    ['NUL in text (22021)', withCode('22021')],
    ['\\u0000 in JSON (22P05)', wrapped(withCode('22P05'))],
  ])('is 400 invalid_text for %s', (_what, error) => {
    expect(databaseFailure(error)).toMatchObject({ statusCode: 400, code: 'invalid_text' });
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505'))],
    ['a syntax error', withCode('42601')],
    ['a bug', new TypeError('x is undefined')],
    ['no error at all', 'text'],
  ])('is nothing for %s', (_what, error) => {
    expect(databaseFailure(error)).toBeNull();
  });
});
