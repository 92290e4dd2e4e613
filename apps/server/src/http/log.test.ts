import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { RequestLogController } from './log.ts';

/** An app with routes like the real ones, logging at debug into `lines`. */
function appWithLog() {
  const lines: Array<{ level: number; msg: string; req?: { url: string } }> = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n')) if (line) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level: 'debug' }, sink),
    logController: new RequestLogController(),
  });
  app.get('/api/health', async () => ({ status: 'ok' }));
  app.get('/api/projects', async () => ({ data: [] }));
  app.get('/api/broken', async () => {
    throw new Error('boom');
  });
  app.get('/*', async (_request, reply) => reply.type('text/html').send('<!doctype html>'));
  return { app, lines };
}

const PINO_DEBUG = 20;
const PINO_INFO = 30;

describe('request log lines', () => {
  it('logs health checks and web app pages and files at debug, API calls at info', async () => {
    const { app, lines } = appWithLog();
    for (const url of ['/api/health', '/', '/dashboard', '/assets/app-1.js', '/api/projects']) {
      await app.inject({ method: 'GET', url });
    }
    await app.inject({ method: 'HEAD', url: '/login' });
    const incoming = lines.filter((line) => line.msg === 'incoming request');
    const levelOf = (url: string) => incoming.find((line) => line.req?.url === url)?.level;
    for (const url of ['/api/health', '/', '/dashboard', '/assets/app-1.js', '/login']) {
      expect(levelOf(url), url).toBe(PINO_DEBUG);
    }
    expect(levelOf('/api/projects')).toBe(PINO_INFO);
    const completed = lines.filter((line) => line.msg === 'request completed').map((line) => line.level);
    expect(completed.filter((level) => level === PINO_INFO)).toHaveLength(1);
    await app.close();
  });

  it('keeps failures at their level', async () => {
    const { app, lines } = appWithLog();
    await app.inject({ method: 'GET', url: '/api/broken' });
    expect(lines.some((line) => line.level >= 50)).toBe(true);
    await app.close();
  });
});
