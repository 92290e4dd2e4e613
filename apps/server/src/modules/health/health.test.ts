import { healthRoutes } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callRoute } from '../../../test/client.ts';
import { startFakeS3 } from '../../../test/fake-s3.ts';
import { startTestApp, type TestApp } from '../../../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('readiness', () => {
  it('is ready once every migration of this version is applied and media can be stored', async () => {
    const answer = await callRoute(t.app, healthRoutes.ready);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({
      status: 'ready',
      database: 'ok',
      migrations: 'ok',
      storage: 'ok',
    });
  });

  it('answers 503 while the newest migration is not applied (an older schema)', async () => {
    const [newest] = (
      await t.ctx.db.execute<{ id: number; hash: string; created_at: string }>(
        sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`,
      )
    ).rows;
    await t.ctx.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${newest!.id}`);
    try {
      const answer = await callRoute(t.app, healthRoutes.ready);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: 'not_ready', database: 'ok', migrations: 'pending' });
    } finally {
      await t.ctx.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${newest!.id}, ${newest!.hash}, ${newest!.created_at})`,
      );
    }
    expect((await callRoute(t.app, healthRoutes.ready)).statusCode).toBe(200);
  });

  it('answers 503 while media cannot be stored', async () => {
    const broken = await startTestApp({
      storage: {
        kind: 's3',
        bucket: 'media',
        // Nothing listens there: the bucket does not answer.
        endpoint: 'http://127.0.0.1:9',
        region: 'us-east-1',
        accessKeyId: 'test',
        secretAccessKey: 'test',
        forcePathStyle: true,
      },
    });
    try {
      const answer = await callRoute(broken.app, healthRoutes.ready);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toMatchObject({ status: 'not_ready', migrations: 'ok', storage: 'down' });
    } finally {
      await broken.close();
    }
  }, 60_000);

  it('asks the bucket once for a flood of probes', async () => {
    const s3 = await startFakeS3('media');
    const app = await startTestApp({
      storage: {
        kind: 's3',
        bucket: 'media',
        endpoint: s3.endpoint,
        region: 'us-east-1',
        accessKeyId: 'test',
        secretAccessKey: 'test',
        forcePathStyle: true,
      },
    });
    try {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => callRoute(app.app, healthRoutes.ready)),
      );
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(50).fill(200));
      expect(s3.requests.filter((request) => request === 'HEAD ')).toHaveLength(1);
    } finally {
      await app.close();
      await s3.close();
    }
  }, 60_000);
});
