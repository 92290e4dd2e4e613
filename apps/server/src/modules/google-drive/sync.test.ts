import { DRIVE, googleDriveRoutes, healthRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { prepare } from '../../../test/client.ts';
import { connectDrive, type DriveApp, startDriveApp } from '../../../test/drive.ts';
import { fakeMp3 } from '../../../test/fake-upstreams/google-drive.ts';
import { addMember, type Client, createProject, signUp } from '../../../test/harness.ts';
import { waitUntil } from '../../../test/tasks.ts';
import { createPrompt, fund } from '../../../test/uploads.ts';
import { driveFiles, driveIntegrations, driveSyncRuns, tasks } from '../../db/schema/index.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { claimSync, SYNC_HEARTBEAT_MS } from './claim.ts';
import { type DriveSyncJob, queueSync, syncDueIntegrations } from './jobs.ts';
import { runSync, startRun } from './sync.ts';

let d: DriveApp;
let owner: Client;
let projectId: number;
let promptId: number;
let connectionId: number;

beforeAll(async () => {
  d = await startDriveApp();
  owner = await signUp(d.t.app);
  projectId = await createProject(owner);
  await fund(d.t, projectId);
  promptId = await createPrompt(owner, projectId);
  connectionId = await connectDrive(owner, projectId);
});
afterAll(() => d?.close());

/** A department-structured folder: Sales/Anna and Support/Bob with recordings, and some non-media. */
function departmentFolder(): string {
  const root = d.drive.folder(`Calls ${Math.random()}`);
  const sales = d.drive.folder('Sales', root);
  const anna = d.drive.folder('Anna', sales);
  const support = d.drive.folder('Support', root);
  const bob = d.drive.folder('Bob', support);
  d.drive.file(`anna-1-${root}.mp3`, anna);
  d.drive.file(`anna-2-${root}.wav`, anna, 'audio/wav');
  d.drive.file(`bob-1-${root}.mp3`, bob);
  d.drive.file('notes.pdf', bob, 'application/pdf', Buffer.from('%PDF-1.4'));
  d.drive.file('sheet', anna, 'application/vnd.google-apps.spreadsheet');
  return root;
}

async function createIntegration(folderId: string, extra: Record<string, unknown> = {}) {
  const response = await owner.call(googleDriveRoutes.createIntegration, {
    body: {
      project_id: projectId,
      connection_id: connectionId,
      folder_id: folderId,
      folder_name: 'Calls',
      structure_type: 'department',
      prompt_id: promptId,
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data as { id: number };
}

async function syncNow(integrationId: number): Promise<void> {
  const runId = await startRun(d.t.ctx, integrationId, 'manual');
  await runSync(d.t.ctx, integrationId, runId);
}

async function tasksOf(integrationId: number) {
  return d.t.ctx.db
    .select({ task: tasks, file: driveFiles })
    .from(driveFiles)
    .innerJoin(tasks, eq(tasks.id, driveFiles.taskId))
    .where(eq(driveFiles.integrationId, integrationId));
}

describe('Drive sync', () => {
  it('queues new audio files as analyses with Department and Representative, once', async () => {
    const integration = await createIntegration(departmentFolder());
    await syncNow(integration.id);
    const made = await tasksOf(integration.id);
    expect(made).toHaveLength(3);
    const metadata = made
      .map((row) => row.task.metadata)
      .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
    expect(metadata).toEqual([
      expect.objectContaining({ Department: 'Sales', Representative: 'Anna' }),
      expect.objectContaining({ Department: 'Sales', Representative: 'Anna' }),
      expect.objectContaining({ Department: 'Support', Representative: 'Bob' }),
    ]);
    expect(made.every((row) => row.task.status === 'queued' && row.task.promptId === promptId)).toBe(true);

    await syncNow(integration.id);
    expect(await tasksOf(integration.id)).toHaveLength(3);

    const history = await owner.call(googleDriveRoutes.syncHistory, { params: { id: integration.id } });
    expect(history.statusCode).toBe(200);
    const [second, first] = history.json().data;
    expect(first).toMatchObject({ status: 'completed', found: 5, queued: 3, skipped: 2, failed: 0 });
    expect(second).toMatchObject({ status: 'completed', found: 5, queued: 0, skipped: 0, failed: 0 });
    const listed = await owner.call(googleDriveRoutes.getIntegration, { params: { id: integration.id } });
    expect(listed.json().data).toMatchObject({ error_count: 0, last_error: null, syncing: false });
    expect(listed.json().data.last_check_at).not.toBeNull();
  });

  it('simple fills Department from the first folder level only', async () => {
    const root = departmentFolder();
    d.drive.file(`direct-${root}.mp3`, root);
    const integration = await createIntegration(root, { structure_type: 'simple' });
    await syncNow(integration.id);
    const [run] = (await owner.call(googleDriveRoutes.syncHistory, { params: { id: integration.id } })).json()
      .data;
    // The prompt asks for a Representative too, which simple does not fill: the files are analysed without.
    expect(run).toMatchObject({ found: 6, queued: 4, failed: 0 });
    const departments = (await tasksOf(integration.id)).map((row) => row.task.metadata.Department ?? null);
    expect(departments.sort()).toEqual(['Sales', 'Sales', 'Support', null]);
    expect((await tasksOf(integration.id)).every((row) => !row.task.metadata.Representative)).toBe(true);
  });

  it("dates each analysis by its file's created time in Drive", async () => {
    const root = d.drive.folder(`Dated ${Math.random()}`);
    d.drive.add({
      name: `dated-${root}.mp3`,
      mimeType: 'audio/mpeg',
      parents: [root],
      content: fakeMp3(root),
      createdTime: '2026-10-05T14:20:00.000Z',
    });
    const integration = await createIntegration(root, { structure_type: 'simple' });
    await syncNow(integration.id);
    const [row] = await tasksOf(integration.id);
    expect(row?.task).toMatchObject({
      conversationAt: new Date('2026-10-05T14:20:00.000Z'),
      conversationAtSource: 'file',
    });
  });

  it('takes each file once when two syncs overlap', async () => {
    const integration = await createIntegration(departmentFolder());
    await Promise.all([syncNow(integration.id), syncNow(integration.id)]);
    expect(await tasksOf(integration.id)).toHaveLength(3);
    const files = await d.t.ctx.db
      .select()
      .from(driveFiles)
      .where(eq(driveFiles.integrationId, integration.id));
    expect(files).toHaveLength(5);
  });

  it("takes over a file a stopped sync left open; the stopped sync's late end changes nothing", async () => {
    const root = d.drive.folder(`Cut off ${Math.random()}`);
    const fileId = d.drive.file(`cut-${root}.mp3`, root);
    const integration = await createIntegration(root, { structure_type: 'simple' });
    // The first sync's download hangs (its worker cut off) ...
    d.drive.holdNextDownload.add(fileId);
    const firstRun = await startRun(d.t.ctx, integration.id, 'schedule');
    const first = runSync(d.t.ctx, integration.id, firstRun);
    await waitUntil(
      async () => d.drive.held.length,
      (n) => n === 1,
      10_000,
    );
    // ... until its claim goes stale and the next sync gives it up as interrupted and takes its file.
    const secondRun = await startRun(d.t.ctx, integration.id, 'schedule');
    await runSync(d.t.ctx, integration.id, secondRun);
    const [file] = await tasksOf(integration.id);
    expect(file!.file).toMatchObject({ status: 'queued', runId: secondRun });
    const runs = async () =>
      (await owner.call(googleDriveRoutes.syncHistory, { params: { id: integration.id } })).json().data;
    const settled = await runs();

    // The first sync's download ends: it finds the file no longer its own, and its run stays interrupted.
    d.drive.held.shift()!();
    await first;
    expect(await runs()).toEqual(settled);
    expect(settled).toMatchObject([
      { status: 'completed', found: 1, queued: 1, failed: 0 },
      { status: 'failed', errors: ['The sync was interrupted (its worker stopped).'] },
    ]);
    const [row] = await d.t.ctx.db.select().from(driveFiles).where(eq(driveFiles.fileId, fileId));
    expect(row).toMatchObject({ status: 'queued', reason: null, taskId: file!.task.id, runId: secondRun });
    expect(await d.t.ctx.db.select().from(tasks).where(eq(tasks.mediaId, file!.task.mediaId))).toHaveLength(
      1,
    );
  });

  it('reads metadata from named groups written either way, (?<name>…) and (?P<name>…)', async () => {
    const root = d.drive.folder(`Named ${Math.random()}`);
    d.drive.file(`Sales_Anna_${root}.mp3`, root);
    const integration = await createIntegration(root, {
      structure_type: 'custom',
      structure_config: {
        filename_regex: '^(?<dept>[^_]+)_(?P<rep>[^_]+)_',
        metadata_fields: {
          Department: { source: 'regex_group', group: 'dept' },
          Representative: { source: 'regex_group', group: 'rep' },
        },
      },
    });
    await syncNow(integration.id);
    const [made] = await tasksOf(integration.id);
    expect(made?.task.metadata).toMatchObject({ Department: 'Sales', Representative: 'Anna' });
  });

  it('matches a regex that backtracking takes hours on in one pass', async () => {
    const root = d.drive.folder(`Pathological ${Math.random()}`);
    d.drive.file(`${'a'.repeat(40)}!.mp3`, root);
    const integration = await createIntegration(root, {
      structure_type: 'custom',
      structure_config: {
        filename_regex: '^(a+)+$',
        metadata_fields: { Representative: { source: 'regex_group', group: '1', default: 'Unknown' } },
      },
    });
    await syncNow(integration.id);
    const [made] = await tasksOf(integration.id);
    expect(made?.task.metadata).toMatchObject({ Representative: 'Unknown' });
    expect((await owner.call(healthRoutes.check)).statusCode).toBe(200);
  });

  it('fails the sync of a stored regex RE2 cannot run, saying why, and takes no file', async () => {
    const root = departmentFolder();
    const integration = await createIntegration(root);
    await d.t.ctx.db
      .update(driveIntegrations)
      .set({
        structureType: 'custom',
        structureConfig: {
          filename_regex: '^(?=anna)(?<rep>[^-]+)-',
          metadata_fields: {
            Representative: { source: 'regex_group', field_name: 'Representative', group: 'rep' },
          },
        },
      })
      .where(eq(driveIntegrations.id, integration.id));
    await syncNow(integration.id);
    const [run] = (await owner.call(googleDriveRoutes.syncHistory, { params: { id: integration.id } })).json()
      .data;
    const reason = /^The filename regex is not valid: it uses a look-ahead or look-behind/;
    expect(run).toMatchObject({ status: 'failed', found: 0, queued: 0 });
    expect(run.errors[0]).toMatch(reason);
    const listed = await owner.call(googleDriveRoutes.getIntegration, { params: { id: integration.id } });
    expect(listed.json().data.last_error).toMatch(reason);
    expect(await tasksOf(integration.id)).toHaveLength(0);
  });

  it('counts a failed file and puts the integration in error', async () => {
    const root = d.drive.folder('Flat');
    d.drive.add({ name: 'no-folders.mp3', mimeType: 'audio/mpeg', parents: [root] });
    const integration = await createIntegration(root);
    await syncNow(integration.id);
    const [run] = (await owner.call(googleDriveRoutes.syncHistory, { params: { id: integration.id } })).json()
      .data;
    expect(run).toMatchObject({ found: 1, queued: 0, failed: 1 });
    expect(run.errors[0]).toMatch(/no-folders\.mp3: Google Drive: /);
    const listed = await owner.call(googleDriveRoutes.getIntegration, { params: { id: integration.id } });
    expect(listed.json().data).toMatchObject({ error_count: 1 });
  });

  it('records a file Drive will not give as failed, and retries one the balance could not pay', async () => {
    const root = d.drive.folder('Mixed');
    const team = d.drive.folder('Team', d.drive.folder('Sales', root));
    d.drive.add({ name: 'locked.mp3', mimeType: 'audio/mpeg', parents: [team] });
    const integration = await createIntegration(root);
    await syncNow(integration.id);
    await syncNow(integration.id);
    const [second, first] = (
      await owner.call(googleDriveRoutes.syncHistory, { params: { id: integration.id } })
    ).json().data;
    expect(first).toMatchObject({ found: 1, failed: 1 });
    expect(first.errors[0]).toMatch(/locked\.mp3: Google Drive: /);
    expect(second).toMatchObject({ found: 1, failed: 0 });

    const poor = await createProject(owner, 'No balance');
    const poorPrompt = await createPrompt(owner, poor);
    const poorConnection = await connectDrive(owner, poor);
    const created = await owner.call(googleDriveRoutes.createIntegration, {
      body: {
        project_id: poor,
        connection_id: poorConnection,
        folder_id: departmentFolder(),
        structure_type: 'department',
        prompt_id: poorPrompt,
      },
    });
    const poorIntegration = created.json().data.id as number;
    await syncNow(poorIntegration);
    expect(await tasksOf(poorIntegration)).toHaveLength(0);
    await fund(d.t, poor);
    await syncNow(poorIntegration);
    expect(await tasksOf(poorIntegration)).toHaveLength(3);
    const [paid, unpaid] = (
      await owner.call(googleDriveRoutes.syncHistory, { params: { id: poorIntegration } })
    ).json().data;
    expect(unpaid).toMatchObject({ queued: 0, failed: 3 });
    expect(paid).toMatchObject({ queued: 3, failed: 0 });
    const listed = await owner.call(googleDriveRoutes.getIntegration, { params: { id: poorIntegration } });
    expect(listed.json().data).toMatchObject({ error_count: 0, last_error: null });
  });

  it('starts on demand, refuses while one runs and skips a fresh folder unless forced', async () => {
    const integration = await createIntegration(departmentFolder());
    const started = await owner.call(googleDriveRoutes.sync, { body: { integration_id: integration.id } });
    expect(started.statusCode, started.body).toBe(202);
    expect(started.json().data.status).toBe('started');
    const busy = await owner.call(googleDriveRoutes.sync, {
      body: { integration_id: integration.id, force_sync: true },
    });
    expect(busy.statusCode).toBe(409);
    await d.t.ctx.db
      .update(driveIntegrations)
      .set({ syncStartedAt: null, lastCheckAt: new Date() })
      .where(eq(driveIntegrations.id, integration.id));
    const fresh = await owner.call(googleDriveRoutes.sync, { body: { integration_id: integration.id } });
    expect(fresh.json().data.status).toBe('skipped');
    expect(await queueSync(d.t.ctx, integration.id, 'manual', true)).toEqual(expect.any(Number));
  });
});

describe('Sync heartbeat', () => {
  // The figures the README gives: a heartbeat a minute old is dead; a claim whose job has not started, an hour.
  const MINUTE = 60_000;
  const HOUR = 60 * MINUTE;
  /** Moves the integration's heartbeat (or, with `column: 'start'`, its claim) back by `ms`. */
  const setBack = (integrationId: number, ms: number, column: 'heartbeat' | 'start' = 'heartbeat') =>
    d.t.ctx.db
      .update(driveIntegrations)
      .set(
        column === 'heartbeat'
          ? { syncHeartbeatAt: new Date(Date.now() - ms) }
          : { syncStartedAt: new Date(Date.now() - ms) },
      )
      .where(eq(driveIntegrations.id, integrationId));
  const heartbeatOf = async (integrationId: number) =>
    (await d.t.ctx.db.select().from(driveIntegrations).where(eq(driveIntegrations.id, integrationId)))[0]!
      .syncHeartbeatAt;
  const syncingShown = async (integrationId: number) =>
    (await owner.call(googleDriveRoutes.getIntegration, { params: { id: integrationId } })).json().data
      .syncing as boolean;
  const startRefused = async (integrationId: number) =>
    (await owner.call(googleDriveRoutes.sync, { body: { integration_id: integrationId, force_sync: true } }))
      .statusCode === 409;

  it('keeps a beating sync its folder; takes over one whose heartbeat stopped, which then takes no further file', async () => {
    const root = d.drive.folder(`Heartbeat ${Math.random()}`);
    const fileIds = Array.from({ length: DRIVE.syncParallelFiles + 1 }, (_, i) =>
      d.drive.file(`beat-${i}-${root}.mp3`, root),
    );
    const integration = await createIntegration(root, { structure_type: 'simple' });
    expect(await claimSync(d.t.ctx, integration.id, { force: true })).not.toBeNull();
    const firstRun = await startRun(d.t.ctx, integration.id, 'manual');
    // The first sync's downloads hang, one per slot; the last file waits for a slot.
    for (const id of fileIds) d.drive.holdNextDownload.add(id);
    const warn = vi.spyOn(d.t.ctx.logger, 'warn');
    // Its heartbeat's timer runs only when the test moves it: a worker cut off beats no more.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      const first = runSync(d.t.ctx, integration.id, firstRun);
      await waitUntil(
        async () => d.drive.held.length,
        (n) => n === DRIVE.syncParallelFiles,
        10_000,
      );
      const [waiting] = [...d.drive.holdNextDownload];

      // Beating: the claim holds, the panel shows it syncing and a new start is refused.
      expect(await heartbeatOf(integration.id)).not.toBeNull();
      expect(await syncingShown(integration.id)).toBe(true);
      expect(await startRefused(integration.id)).toBe(true);
      await setBack(integration.id, MINUTE - 5_000);
      vi.advanceTimersByTime(SYNC_HEARTBEAT_MS);
      await waitUntil(
        () => heartbeatOf(integration.id),
        (beat) => beat !== null && Date.now() - beat.getTime() < 5_000,
        10_000,
      );
      expect(await claimSync(d.t.ctx, integration.id, { force: true })).toBeNull();

      // Cut off: no beat for the stale time. The folder no longer shows syncing and the next sync takes over.
      await setBack(integration.id, MINUTE + 1_000);
      expect(await syncingShown(integration.id)).toBe(false);
      expect(await claimSync(d.t.ctx, integration.id, { force: true })).not.toBeNull();
      const secondRun = await startRun(d.t.ctx, integration.id, 'manual');

      // The first sync comes back: its next beat finds its run taken over.
      vi.advanceTimersByTime(SYNC_HEARTBEAT_MS);
      await waitUntil(
        async () =>
          warn.mock.calls.some(
            ([, message]) => message === 'Drive sync stopped: a later sync took its folder over',
          ),
        (stopped) => stopped,
        10_000,
      );
      d.drive.holdNextDownload.clear();
      for (const release of d.drive.held.splice(0)) release();
      await first;
      // The files it was downloading are its own still (the run_id guard); the one waiting for a slot it never took.
      const [untaken] = await d.t.ctx.db.select().from(driveFiles).where(eq(driveFiles.fileId, waiting!));
      expect(untaken).toBeUndefined();

      await runSync(d.t.ctx, integration.id, secondRun);
      const made = await tasksOf(integration.id);
      expect(made).toHaveLength(fileIds.length);
      expect(made.find((row) => row.file.fileId === waiting)?.file.runId).toBe(secondRun);
      const runs = await d.t.ctx.db
        .select()
        .from(driveSyncRuns)
        .where(eq(driveSyncRuns.integrationId, integration.id))
        .orderBy(driveSyncRuns.id);
      expect(runs).toMatchObject([
        { status: 'failed', errors: ['The sync was interrupted (its worker stopped).'] },
        { status: 'completed', found: fileIds.length, queued: 1, failed: 0 },
      ]);
      expect(await syncingShown(integration.id)).toBe(false);
      expect(await heartbeatOf(integration.id)).toBeNull();
    } finally {
      vi.useRealTimers();
      warn.mockRestore();
    }
  });

  it('keeps a claim whose job waits in the queue for the hour; a run taken over before it began takes nothing', async () => {
    const root = d.drive.folder(`Queued ${Math.random()}`);
    d.drive.file(`queued-${root}.mp3`, root);
    const integration = await createIntegration(root, { structure_type: 'simple' });
    expect(await claimSync(d.t.ctx, integration.id, { force: true })).not.toBeNull();
    const waitingRun = await startRun(d.t.ctx, integration.id, 'schedule');
    // Other syncs hold the worker's slots: the job has not started, so there is no heartbeat yet.
    await setBack(integration.id, 5 * MINUTE, 'start');
    expect(await heartbeatOf(integration.id)).toBeNull();
    expect(await syncingShown(integration.id)).toBe(true);
    expect(await claimSync(d.t.ctx, integration.id, { force: true })).toBeNull();

    await setBack(integration.id, HOUR + 1_000, 'start');
    expect(await claimSync(d.t.ctx, integration.id, { force: true })).not.toBeNull();
    const nextRun = await startRun(d.t.ctx, integration.id, 'schedule');
    await runSync(d.t.ctx, integration.id, waitingRun);
    expect(
      await d.t.ctx.db.select().from(driveFiles).where(eq(driveFiles.integrationId, integration.id)),
    ).toEqual([]);
    await runSync(d.t.ctx, integration.id, nextRun);
    expect(await tasksOf(integration.id)).toMatchObject([{ file: { runId: nextRun } }]);
  });
});

describe('Scheduled sync', () => {
  it('starts the due active integrations only', async () => {
    const due = await createIntegration(departmentFolder());
    const paused = await createIntegration(departmentFolder(), { is_active: false });
    const fresh = await createIntegration(departmentFolder());
    await d.t.ctx.db
      .update(driveIntegrations)
      .set({ lastCheckAt: new Date() })
      .where(eq(driveIntegrations.id, fresh.id));
    await syncDueIntegrations(d.t.ctx);
    const jobs = await d.t.ctx.boss.findJobs<DriveSyncJob>(QUEUES.driveSync, { queued: true });
    const started = jobs.map((job) => job.data.integrationId);
    expect(started).toContain(due.id);
    expect(started).not.toContain(paused.id);
    expect(started).not.toContain(fresh.id);
    const history = await owner.call(googleDriveRoutes.syncHistory, { params: { id: due.id } });
    expect(history.json().data[0]).toMatchObject({ trigger: 'schedule', status: 'running' });
  });
});

describe('Folder integrations', () => {
  it('validates the structure and the project of the connection and prompt', async () => {
    const base = {
      project_id: projectId,
      connection_id: connectionId,
      folder_id: 'folder',
      structure_type: 'custom',
      prompt_id: promptId,
    };
    const post = (payload: Record<string, unknown>) =>
      owner.call(googleDriveRoutes.createIntegration, { unchecked: true, body: payload });
    expect((await post(base)).statusCode).toBe(400);
    expect((await post({ ...base, structure_config: { filename_regex: '(' } })).statusCode).toBe(400);
    for (const [filename_regex, reason] of [
      ['^(?<d>\\w+)(?!_test)', /it uses a look-ahead or look-behind/],
      ['^(\\w)\\1', /it uses a backreference/],
      ['(a{1000}){1000}', /it is too complex/],
    ] as const) {
      const refused = await post({ ...base, structure_config: { filename_regex } });
      expect(refused.statusCode, filename_regex).toBe(400);
      expect(refused.json().error).toMatchObject({
        field: 'structure_config.filename_regex',
        message: expect.stringMatching(reason),
      });
    }
    expect((await post({ ...base, folder_id: ' ' })).statusCode).toBe(400);
    const other = await createProject(owner, 'Other');
    const otherPrompt = await createPrompt(owner, other);
    expect((await post({ ...base, structure_type: 'simple', prompt_id: otherPrompt })).statusCode).toBe(400);
    expect((await post({ ...base, structure_type: 'simple', project_id: other })).statusCode).toBe(404);

    const created = await post({
      ...base,
      structure_config: {
        filename_regex: '^(?<rep>[^_]+)_',
        metadata_fields: {
          Representative: { source: 'regex_group', group: 'rep', value: 'x' },
          '': { source: 'filename' },
        },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const body = created.json().data;
    expect(body.structure_config).toEqual({
      filename_regex: '^(?<rep>[^_]+)_',
      metadata_fields: {
        Representative: { source: 'regex_group', field_name: 'Representative', group: 'rep' },
      },
    });
    expect(body.connection).toMatchObject({ id: connectionId });

    const cleared = await owner.call(googleDriveRoutes.updateIntegration, {
      params: { id: body.id },
      body: { structure_config: { metadata_fields: {} } },
    });
    expect(cleared.statusCode).toBe(400);
    expect(cleared.json().error).toMatchObject({
      field: 'structure_config.filename_regex',
      message: 'A filename regex is required for the custom structure.',
    });
    const simple = await owner.call(googleDriveRoutes.updateIntegration, {
      params: { id: body.id },
      body: { structure_type: 'simple', folder_name: 'Renamed' },
    });
    expect(simple.json().data).toMatchObject({ structure_type: 'simple', folder_name: 'Renamed' });

    const list = await owner.call(googleDriveRoutes.listIntegrations, { query: { project_id: projectId } });
    expect(list.json().data.map((item: { id: number }) => item.id)).toContain(body.id);
  });

  it('reads older stored structure configs', async () => {
    const integration = await createIntegration('legacy');
    await d.t.ctx.db
      .update(driveIntegrations)
      .set({
        structureType: 'custom',
        structureConfig: JSON.stringify({
          filename_regex: '^(?P<d>\\w+)_',
          metadata_fields: { Department: { source: 'filename_group', pattern: 'd' } },
        }) as unknown as Record<string, unknown>,
      })
      .where(eq(driveIntegrations.id, integration.id));
    const read = await owner.call(googleDriveRoutes.getIntegration, { params: { id: integration.id } });
    expect(read.json().data.structure_config).toEqual({
      filename_regex: '^(?P<d>\\w+)_',
      metadata_fields: { Department: { source: 'regex_group', field_name: 'Department', group: 'd' } },
    });
  });

  it('keeps other projects and non-members out', async () => {
    const integration = await createIntegration('private');
    const stranger = await signUp(d.t.app);
    const strangerProject = await createProject(stranger);
    const params = { id: integration.id };
    for (const request of [
      prepare(googleDriveRoutes.getIntegration, { params }),
      prepare(googleDriveRoutes.updateIntegration, { params, body: { folder_name: 'x' } }),
      prepare(googleDriveRoutes.deleteIntegration, { params }),
      prepare(googleDriveRoutes.syncHistory, { params }),
      prepare(googleDriveRoutes.sync, { body: { integration_id: integration.id } }),
      prepare(googleDriveRoutes.listIntegrations, { query: { project_id: projectId } }),
    ]) {
      expect((await request.by(stranger)).statusCode, request.url).toBe(404);
    }
    const stolen = await stranger.call(googleDriveRoutes.createIntegration, {
      body: {
        project_id: strangerProject,
        connection_id: connectionId,
        folder_id: 'x',
        structure_type: 'simple',
        prompt_id: promptId,
      },
    });
    expect(stolen.statusCode).toBe(404);
    const mismatch = await owner.call(googleDriveRoutes.getIntegration, {
      params: { id: integration.id },
      query: { project_id: strangerProject },
    });
    expect(mismatch.statusCode).toBe(404);
    const member = await signUp(d.t.app);
    await addMember(d.t, projectId, member, 'teamleader');
    expect(
      (await member.call(googleDriveRoutes.getIntegration, { params: { id: integration.id } })).statusCode,
    ).toBe(403);
    const removed = await owner.call(googleDriveRoutes.deleteIntegration, { params: { id: integration.id } });
    expect(removed.statusCode).toBe(200);
  });
});
