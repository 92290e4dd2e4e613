import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DEFAULT_PRIVACY_SETTINGS, privacyRoutes, RETENTION_PREVIEW_DAYS } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { insertTextTask } from '../../../test/tasks.ts';
import { mediaFiles, tasks } from '../../db/schema/index.ts';
import { retentionPreview } from './preview.ts';
import { applyRetention, lastRetentionRunWithin, nextRetentionRun } from './retention.ts';

let t: TestApp;
let owner: Client;
let dataDir: string;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-retention-preview-'));
  t = await startTestApp({}, { DATA_DIR: dataDir });
  owner = await signUp(t.app);
});
afterAll(async () => {
  await t.close();
  await rm(dataDir, { recursive: true, force: true });
});

const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;
const DAY = 24 * HOUR;
const at = (iso: string) => new Date(iso);

async function projectKeeping(media: number | null, results: number | null) {
  const projectId = await createProject(owner, `Preview ${Math.random().toString(36).slice(2, 8)}`);
  const saved = await owner.call(privacyRoutes.update, {
    params: { id: projectId },
    body: { ...DEFAULT_PRIVACY_SETTINGS, media_retention_days: media, result_retention_days: results },
  });
  expect(saved.statusCode, saved.body).toBe(200);
  return projectId;
}

/** A chat analysis whose file was uploaded at `media` and whose analysis was created at `task`. */
async function analysis(
  projectId: number,
  times: { media: Date; task: Date },
  changes: Partial<typeof tasks.$inferInsert> = {},
  mediaChanges: Partial<typeof mediaFiles.$inferInsert> = {},
) {
  const taskId = await insertTextTask(t, projectId, null, 'Hello');
  const [task] = await t.ctx.db
    .update(tasks)
    .set({ status: 'completed', createdAt: times.task, ...changes })
    .where(eq(tasks.id, taskId))
    .returning();
  await t.ctx.db
    .update(mediaFiles)
    .set({ createdAt: times.media, ...mediaChanges })
    .where(eq(mediaFiles.id, task!.mediaId));
  return task!;
}

describe('retention schedule', () => {
  it('runs next at minute 41 of this hour or the next one, and the last run of the window is 167 runs later', () => {
    expect(nextRetentionRun(at('2026-06-10T10:00:00Z')).toISOString()).toBe('2026-06-10T10:41:00.000Z');
    expect(nextRetentionRun(at('2026-06-10T10:40:59.999Z')).toISOString()).toBe('2026-06-10T10:41:00.000Z');
    expect(nextRetentionRun(at('2026-06-10T10:41:00Z')).toISOString()).toBe('2026-06-10T11:41:00.000Z');
    expect(nextRetentionRun(at('2026-06-10T23:59:00Z')).toISOString()).toBe('2026-06-11T00:41:00.000Z');
    expect(lastRetentionRunWithin(at('2026-06-10T10:00:00Z'), 7).toISOString()).toBe(
      '2026-06-17T09:41:00.000Z',
    );
    expect(lastRetentionRunWithin(at('2026-06-10T10:41:00Z'), 7).toISOString()).toBe(
      '2026-06-17T10:41:00.000Z',
    );
  });
});

describe('retention preview', () => {
  const now = at('2026-06-10T10:00:00Z');
  const nextRun = at('2026-06-10T10:41:00Z');
  const lastRun = at('2026-06-17T09:41:00Z');

  it('counts what the next run and the next 7 days delete, right around each boundary', async () => {
    const projectId = await projectKeeping(30, 10);
    const other = await projectKeeping(1, 1);
    const mediaCutoff = new Date(nextRun.getTime() - 30 * DAY);
    const mediaWeekCutoff = new Date(lastRun.getTime() - 30 * DAY);
    const resultCutoff = new Date(nextRun.getTime() - 10 * DAY);
    const resultWeekCutoff = new Date(lastRun.getTime() - 10 * DAY);
    const before = (time: Date) => new Date(time.getTime() - SECOND);
    const after = (time: Date) => new Date(time.getTime() + SECOND);

    // Files, each with an analysis too new to expire.
    const oldestFile = new Date(mediaCutoff.getTime() - 400 * DAY);
    await analysis(projectId, { media: oldestFile, task: now });
    await analysis(projectId, { media: before(mediaCutoff), task: now });
    await analysis(projectId, { media: mediaCutoff, task: now }); // not before the cutoff: a later run
    await analysis(projectId, { media: after(mediaCutoff), task: now });
    await analysis(projectId, { media: before(mediaWeekCutoff), task: now });
    await analysis(projectId, { media: mediaWeekCutoff, task: now }); // outside the window
    await analysis(projectId, { media: oldestFile, task: now }, {}, { removedAt: now }); // already removed

    // Analyses, each with a file too new to be removed.
    const oldestAnalysis = new Date(resultCutoff.getTime() - 90 * DAY);
    await analysis(projectId, { media: now, task: oldestAnalysis });
    await analysis(projectId, { media: now, task: before(resultCutoff) });
    await analysis(projectId, { media: now, task: resultCutoff });
    await analysis(projectId, { media: now, task: before(resultWeekCutoff) });
    await analysis(projectId, { media: now, task: after(resultWeekCutoff) }); // outside the window
    await analysis(projectId, { media: now, task: before(resultCutoff) }, { status: 'processing' }); // waits
    await analysis(projectId, { media: now, task: before(resultCutoff) }, { status: 'queued' });
    await analysis(projectId, { media: now, task: oldestAnalysis }, { expiredAt: now }); // expired already
    // Another project's old analysis counts there only.
    await analysis(other, { media: oldestFile, task: oldestAnalysis });

    const preview = await retentionPreview(t.ctx.db, projectId, now);
    expect(preview).toEqual({
      next_run_at: nextRun.toISOString(),
      window_days: RETENTION_PREVIEW_DAYS,
      media: {
        days: 30,
        next_run_deletes_before: mediaCutoff.toISOString(),
        next_run: 2,
        next_days: 5,
        oldest_uploaded_at: oldestFile.toISOString(),
      },
      results: {
        days: 10,
        next_run_deletes_before: resultCutoff.toISOString(),
        next_run: 2,
        next_days: 4,
        oldest_uploaded_at: oldestAnalysis.toISOString(),
      },
    });

    // The job run at that time deletes exactly what the preview said (the other project's too).
    const run = await applyRetention(t.ctx, nextRun);
    expect(run).toEqual({ mediaRemoved: 2 + 1, analysesExpired: 2 + 1 });
    const afterRun = await retentionPreview(t.ctx.db, projectId, now);
    expect(afterRun.media).toMatchObject({ next_run: 0, next_days: 3 });
    expect(afterRun.results).toMatchObject({ next_run: 0, next_days: 2 });
    expect(afterRun.media.oldest_uploaded_at).toBe(mediaCutoff.toISOString());
  });

  it('deletes nothing of a kind kept forever', async () => {
    const projectId = await projectKeeping(null, 5);
    await analysis(projectId, { media: at('2020-01-01T00:00:00Z'), task: at('2020-01-01T00:00:00Z') });
    const preview = await retentionPreview(t.ctx.db, projectId, now);
    expect(preview.media).toEqual({
      days: null,
      next_run_deletes_before: null,
      next_run: 0,
      next_days: 0,
      oldest_uploaded_at: null,
    });
    expect(preview.results).toMatchObject({ days: 5, next_run: 1, next_days: 1 });
    const untouched = await createProject(owner, 'Never saved');
    const defaults = await retentionPreview(t.ctx.db, untouched, now);
    expect(defaults.media.days).toBeNull();
    expect(defaults.results).toMatchObject({ days: null, next_run: 0, next_days: 0 });
  });

  it('answers admins and owners; members and other projects are refused', async () => {
    const projectId = await projectKeeping(30, null);
    await analysis(projectId, { media: new Date(Date.now() - 400 * DAY), task: new Date() });
    const admin = await signUp(t.app);
    const member = await signUp(t.app);
    const otherOwner = await signUp(t.app);
    await addMember(t, projectId, admin, 'admin');
    await addMember(t, projectId, member, 'user');
    await createProject(otherOwner, 'Elsewhere');

    for (const client of [owner, admin]) {
      const answer = await client.call(privacyRoutes.retentionPreview, { params: { id: projectId } });
      expect(answer.statusCode, answer.body).toBe(200);
      const data = answer.json().data;
      expect(new Date(data.next_run_at).getUTCMinutes()).toBe(41);
      expect(new Date(data.next_run_at).getTime()).toBeGreaterThan(Date.now() - 5 * SECOND);
      expect(data.media).toMatchObject({ days: 30, next_run: 1, next_days: 1 });
      expect(data.results).toMatchObject({ days: null, next_run: 0 });
    }
    const refused = await member.call(privacyRoutes.retentionPreview, { params: { id: projectId } });
    expect(refused.statusCode).toBe(403);
    const stranger = await otherOwner.call(privacyRoutes.retentionPreview, { params: { id: projectId } });
    expect(stranger.statusCode).toBe(404);
  });
});
