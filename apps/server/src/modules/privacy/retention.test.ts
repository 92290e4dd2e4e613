import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { analysisRoutes, DEFAULT_PRIVACY_SETTINGS, privacyRoutes } from '@parley/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { insertTextTask } from '../../../test/tasks.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';
import { ObjectNotFoundError, storageOf } from '../../storage/index.ts';
import { applyRetention } from './retention.ts';

let t: TestApp;
let owner: Client;

let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-retention-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  owner = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const DAY = 24 * 60 * 60 * 1000;

/** A completed chat analysis uploaded `days` ago, with a transcript and a result. */
async function analysisFrom(projectId: number, days: number, status: 'completed' | 'queued' = 'completed') {
  const taskId = await insertTextTask(
    t,
    projectId,
    null,
    `Hello, my card is 4111 1111 1111 1111 (${days} days)`,
  );
  const then = new Date(Date.now() - days * DAY);
  const [task] = await t.ctx.db
    .update(tasks)
    .set({
      status,
      createdAt: then,
      transcript: [{ text: 'Hello, my card is 4111 1111 1111 1111', speaker: 'Tom' }],
      transcriptText: 'Hello, my card is 4111 1111 1111 1111',
      result: { Greeting: 'ok' },
      finalScore: 80,
    })
    .where(eq(tasks.id, taskId))
    .returning();
  await t.ctx.db.update(mediaFiles).set({ createdAt: then }).where(eq(mediaFiles.id, task!.mediaId));
  return task!;
}

async function projectKeeping(media: number | null, results: number | null) {
  const projectId = await createProject(owner, `Retention ${Math.random().toString(36).slice(2, 8)}`);
  const saved = await owner.call(privacyRoutes.update, {
    params: { id: projectId },
    body: { ...DEFAULT_PRIVACY_SETTINGS, media_retention_days: media, result_retention_days: results },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return projectId;
}

describe('retention', () => {
  it('deletes old recordings and expires old analyses, keeping scores and everything recent', async () => {
    const projectId = await projectKeeping(30, 365);
    const ancient = await analysisFrom(projectId, 400);
    const month = await analysisFrom(projectId, 45);
    const fresh = await analysisFrom(projectId, 2);
    const waiting = await analysisFrom(projectId, 500, 'queued');
    const untouched = await projectKeeping(null, null);
    const elsewhere = await analysisFrom(untouched, 900);

    const run = await applyRetention(t.ctx);
    expect(run.analysesExpired).toBeGreaterThanOrEqual(1);

    const rows = await t.ctx.db
      .select()
      .from(tasks)
      .where(inArray(tasks.id, [ancient.id, month.id, fresh.id, waiting.id, elsewhere.id]));
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(ancient.id)).toMatchObject({
      transcript: null,
      transcriptText: null,
      result: null,
      finalScore: 80,
    });
    expect(byId.get(ancient.id)!.expiredAt).not.toBeNull();
    for (const kept of [month, fresh, waiting, elsewhere]) {
      expect(byId.get(kept.id)!.expiredAt, `task ${kept.id}`).toBeNull();
      expect(byId.get(kept.id)!.transcriptText).toContain('4111');
    }

    const media = await t.ctx.db
      .select()
      .from(mediaFiles)
      .where(inArray(mediaFiles.id, [ancient.mediaId, month.mediaId, fresh.mediaId, elsewhere.mediaId]));
    const removed = new Map(media.map((row) => [row.id, row.removedAt !== null]));
    expect(removed.get(ancient.mediaId)).toBe(true);
    expect(removed.get(month.mediaId)).toBe(true);
    expect(removed.get(fresh.mediaId)).toBe(false);
    expect(removed.get(elsewhere.mediaId)).toBe(false);
    const gone = media.find((row) => row.id === month.mediaId)!;
    await expect(storageOf(t.ctx.config).get(gone.storageKey)).rejects.toBeInstanceOf(ObjectNotFoundError);

    // The page says what happened: the analysis is listed as expired, its recording is gone.
    const detail = await owner.call(analysisRoutes.detail, { params: { id: projectId, taskId: ancient.id } });
    expect(detail.json().data).toMatchObject({ final_score: 80, transcript: null, result: null });
    expect(detail.json().data.expired_at).toEqual(expect.any(String));
    const play = await owner.call(analysisRoutes.media, { params: { id: projectId, taskId: month.id } });
    expect(play.statusCode).toBe(404);

    // A second run finds nothing left to do.
    expect(await applyRetention(t.ctx)).toEqual({ mediaRemoved: 0, analysesExpired: 0 });
  });
});
