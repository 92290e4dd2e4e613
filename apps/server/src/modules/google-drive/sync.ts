import {
  DEFAULT_PRIORITY,
  DRIVE,
  DRIVE_TEXTS,
  regexProblemText,
  type StructureReader,
  structureReader,
} from '@parley/contracts';
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import pLimit from 'p-limit';
import type { AppContext } from '../../context.ts';
import {
  driveConnections,
  driveFiles,
  driveIntegrations,
  driveSyncRuns,
  projects,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import type { Transaction } from '../../jobs/connection.ts';
import { classifyItemFailure } from '../batches/jobs.ts';
import { googleAnswer } from '../google/failed-call.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { checkPromptAndFunds } from '../tasks/request.ts';
import { classifyFile } from '../uploads/file-type.ts';
import { ingest } from '../uploads/service.ts';
import { stageFile } from '../uploads/stage.ts';
import { type SyncHeartbeat, syncHeartbeat } from './claim.ts';
import { type DriveItem, downloadFile, type driveApi, walkFolder } from './client.ts';
import { recordConnectionError, renewingDrive } from './connections.ts';
import type { IntegrationRow } from './dto.ts';

export type SyncTrigger = 'schedule' | 'manual';

const SYNC_INTERRUPTED = 'The sync was interrupted (its worker stopped).';

interface Counts {
  found: number;
  queued: number;
  skipped: number;
  failed: number;
  errors: string[];
}

/** A claimed sync's history row (status running). */
export async function startRun(
  ctx: AppContext,
  integrationId: number,
  trigger: SyncTrigger,
): Promise<number> {
  // A run still 'running' here belonged to a sync that died (its claim went stale): it ends as failed, and its
  // heartbeat, if its worker comes back, finds it so and stops it.
  await ctx.db
    .update(driveSyncRuns)
    .set({ status: 'failed', finishedAt: new Date(), errors: [SYNC_INTERRUPTED] })
    .where(and(eq(driveSyncRuns.integrationId, integrationId), eq(driveSyncRuns.status, 'running')));
  const [run] = await ctx.db.insert(driveSyncRuns).values({ integrationId, trigger }).returning();
  return run!.id;
}

/** Whether a sync takes the file (audio or video); the rest is recorded as skipped. */
export function isMedia(file: DriveItem): boolean {
  const type = classifyFile(file.name, file.mimeType);
  return type !== null && type.kind !== 'text';
}

/**
 * What every file of one sync shares: its run and its heartbeat, the Drive client and the structure, its
 * regex compiled once.
 */
interface SyncContext {
  runId: number;
  heartbeat: Pick<SyncHeartbeat, 'lost'>;
  drive: () => Promise<ReturnType<typeof driveApi>>;
  structure: StructureReader;
}

/**
 * A file the run took and has not settled (or only linked to `madeTaskId`, the analysis it just made): the only
 * rows a run changes. A run given up while it worked on a file (its worker cut off past its heartbeat's stale
 * time, the next sync took the file) changes nothing when it comes back.
 */
const OPEN_FILE = (fileRowId: number, runId: number, madeTaskId?: number) =>
  and(
    eq(driveFiles.id, fileRowId),
    eq(driveFiles.runId, runId),
    eq(driveFiles.status, 'queued'),
    madeTaskId === undefined
      ? isNull(driveFiles.taskId)
      : or(isNull(driveFiles.taskId), eq(driveFiles.taskId, madeTaskId)),
  );

/** A file taken and left open by a run that no longer runs (its worker stopped): the next sync takes it again. */
const ABANDONED_FILE = sql`${driveFiles.status} = 'queued' AND ${driveFiles.taskId} IS NULL AND NOT EXISTS (
  SELECT 1 FROM ${driveSyncRuns} WHERE ${driveSyncRuns.id} = ${driveFiles.runId} AND ${driveSyncRuns.status} = 'running')`;

/** Thrown in the analysis's transaction when the file is no longer the run's: nothing of that attempt lands. */
class FileTakenOver extends Error {}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** What became of one new media file: an analysis (queued), a duplicate or blacklisted one (skipped). */
async function takeFile(
  ctx: AppContext,
  access: ProjectAccess,
  integration: IntegrationRow,
  sync: SyncContext,
  entry: { file: DriveItem; path: string[] },
  fileRowId: number,
): Promise<{ status: 'queued' | 'skipped'; taskId: number; reason: string | null }> {
  const { file, path } = entry;
  if (integration.promptId === null)
    throw new AppError('invalid', 'prompt_not_found', 'The integration has no prompt.');
  const metadata = sync.structure.metadataOf({ fileName: file.name, folderPath: path });
  // A person uploading is asked for the fields the prompt wants; a synced file has what its folder structure
  // gives (simple fills Department only), and an analysis without a Representative beats a file left behind.
  const prompt = await checkPromptAndFunds(ctx, access, integration.promptId, metadata, {
    requireMetadata: false,
  });
  const staged = await stageFile(ctx, access.project.id, await downloadFile(await sync.drive(), file.id), {
    fileName: file.name,
    declaredType: file.mimeType,
    sourceUrl: `https://drive.google.com/file/d/${encodeURIComponent(file.id)}/view`,
    maxBytes: ctx.config.uploads.maxBytes,
  });
  const input = { prompt_id: prompt.id, priority: DEFAULT_PRIORITY, metadata, force: false };
  const upload = { input, prompt, fileCreatedAt: file.createdTime };
  // The analysis's transaction links the file, so a run that dies right after leaves the file settled.
  const linkTask = async (tx: Transaction, taskId: number) => {
    const linked = await tx
      .update(driveFiles)
      .set({ taskId })
      .where(OPEN_FILE(fileRowId, sync.runId))
      .returning({ id: driveFiles.id });
    if (linked.length === 0) throw new FileTakenOver();
  };
  const { data } = (await ingest(ctx, access, integration.createdBy, upload, staged, null, linkTask)).body;
  if (data.duplicate || data.in_progress) {
    return { status: 'skipped', taskId: data.existing_task_id!, reason: 'duplicate' };
  }
  if (data.skipped) return { status: 'skipped', taskId: data.task_id!, reason: 'blacklisted' };
  return { status: 'queued', taskId: data.task_id!, reason: null };
}

/**
 * Why a file failed and whether the next sync should try it again: Drive's 5xx, 401, 408 and 429, a missing
 * balance, and the upload path's passing troubles (classifyItemFailure) are tried again; the rest is final.
 */
function fileFailure(error: unknown): { message: string; retryable: boolean } {
  const status = googleAnswer(error)?.status;
  if (status !== undefined) {
    const retryable = status >= 500 || status === 401 || status === 408 || status === 429;
    return { message: `Google Drive: ${messageOf(error)}`, retryable };
  }
  const failure = classifyItemFailure(error);
  const funds = error instanceof AppError && error.kind === 'payment_required';
  return { message: failure.message, retryable: failure.retryable || funds };
}

/**
 * One new file of the folder: taken once (the row is inserted before anything is downloaded, so an
 * overlapping sync sees it and moves on; a row a stopped run left open is taken over), then through the
 * upload's path (prompt, balance, storage, duplicates, blacklist, queue). A failure that may pass (balance,
 * Drive or storage trouble) frees the file for the next sync; a final one stays recorded. Every write after
 * the take changes the row only while it is still this run's and open (OPEN_FILE).
 */
async function syncFile(
  ctx: AppContext,
  access: ProjectAccess,
  integration: IntegrationRow,
  sync: SyncContext,
  entry: { file: DriveItem; path: string[] },
  counts: Counts,
): Promise<void> {
  // The run was taken over (its heartbeat says so): the files it has not reached are the next sync's.
  if (sync.heartbeat.lost) return;
  const { file, path } = entry;
  counts.found += 1;
  const media = isMedia(file);
  const [taken] = await ctx.db
    .insert(driveFiles)
    .values({
      integrationId: integration.id,
      fileId: file.id,
      name: file.name,
      path,
      status: media ? 'queued' : 'skipped',
      reason: media ? null : 'not audio or video',
      runId: sync.runId,
    })
    .onConflictDoUpdate({
      target: [driveFiles.integrationId, driveFiles.fileId],
      set: { name: file.name, path, runId: sync.runId },
      setWhere: ABANDONED_FILE,
    })
    .returning({ id: driveFiles.id });
  if (!taken) return;
  if (!media) {
    counts.skipped += 1;
    return;
  }
  const open = OPEN_FILE(taken.id, sync.runId);
  try {
    const result = await takeFile(ctx, access, integration, sync, entry, taken.id);
    await ctx.db
      .update(driveFiles)
      .set(result)
      .where(OPEN_FILE(taken.id, sync.runId, result.taskId));
    counts[result.status === 'queued' ? 'queued' : 'skipped'] += 1;
  } catch (error) {
    if (error instanceof FileTakenOver) return;
    const failure = fileFailure(error);
    counts.failed += 1;
    if (counts.errors.length < DRIVE.maxRunErrors) counts.errors.push(`${file.name}: ${failure.message}`);
    if (failure.retryable) await ctx.db.delete(driveFiles).where(open);
    else await ctx.db.update(driveFiles).set({ status: 'failed', reason: failure.message }).where(open);
  }
}

/**
 * Syncs a claimed integration: walks its folder and two levels of subfolders, takes the files not
 * taken yet, and records the run and the integration's state (error_count and last_error after a sync with
 * failures, cleared after a clean one). Never throws: a failure is the run's. While it runs, its heartbeat
 * keeps the claim (claim.ts); a run whose heartbeat finds it taken over takes no further file.
 */
export async function runSync(ctx: AppContext, integrationId: number, runId: number): Promise<void> {
  const counts: Counts = { found: 0, queued: 0, skipped: 0, failed: 0, errors: [] };
  let fatal: string | null = null;
  const [row] = await ctx.db
    .select({ integration: driveIntegrations, connection: driveConnections, project: projects })
    .from(driveIntegrations)
    .innerJoin(driveConnections, eq(driveConnections.id, driveIntegrations.connectionId))
    .innerJoin(projects, eq(projects.id, driveIntegrations.projectId))
    .where(eq(driveIntegrations.id, integrationId));
  if (!row) return;
  const { integration, connection, project } = row;
  const heartbeat = syncHeartbeat(ctx, integrationId, runId);
  try {
    // Taken over while its job waited in the queue: the run was ended as interrupted, the folder is another's.
    if (!(await heartbeat.start())) return;
    if (!connection.isActive) throw new Error(DRIVE_TEXTS.connectionNotReady);
    // A regex stored before RE2 ran them may be one it refuses: the sync says why instead of guessing.
    const structure = structureReader(integration.structureType, integration.structureConfig);
    if (structure.problem) throw new Error(regexProblemText(structure.problem));
    const drive = renewingDrive(ctx, connection.id);
    let entries: { file: DriveItem; path: string[] }[];
    try {
      entries = await walkFolder(await drive(), integration.folderId, DRIVE.maxDepth);
    } catch (error) {
      const status = googleAnswer(error)?.status;
      if (status === 401 || status === 403)
        await recordConnectionError(ctx, connection.id, messageOf(error), false);
      throw error;
    }
    const access: ProjectAccess = { project, role: 'user' };
    const sync: SyncContext = { runId, heartbeat, drive, structure };
    // Several files download side by side (a folder of thousands would take hours one by one).
    const slots = pLimit(DRIVE.syncParallelFiles);
    await Promise.all(
      entries.map((entry) => slots(() => syncFile(ctx, access, integration, sync, entry, counts))),
    );
  } catch (error) {
    fatal = messageOf(error);
    counts.errors.unshift(fatal);
    ctx.logger.warn({ integrationId, err: error }, 'Drive sync failed');
  } finally {
    await heartbeat.stop();
  }
  await endRun(ctx, integrationId, runId, counts, fatal);
}

/** Records a run's end and the integration's state, only while the run is still running (not taken over). */
async function endRun(
  ctx: AppContext,
  integrationId: number,
  runId: number,
  counts: Counts,
  fatal: string | null,
): Promise<void> {
  const problem = fatal ?? counts.errors[0] ?? null;
  await ctx.db.transaction(async (tx) => {
    const [ended] = await tx
      .update(driveSyncRuns)
      .set({ ...counts, status: fatal ? 'failed' : 'completed', finishedAt: new Date() })
      .where(and(eq(driveSyncRuns.id, runId), eq(driveSyncRuns.status, 'running')))
      .returning({ id: driveSyncRuns.id });
    // The run was given up as interrupted (a later sync took over): the integration's state is that sync's.
    if (!ended) return;
    await tx
      .update(driveIntegrations)
      .set({
        syncStartedAt: null,
        syncHeartbeatAt: null,
        lastCheckAt: new Date(),
        errorCount: problem ? sql`${driveIntegrations.errorCount} + 1` : 0,
        lastError: problem,
        updatedAt: new Date(),
      })
      .where(eq(driveIntegrations.id, integrationId));
  });
}

/** The active integrations whose sync is due (checked longer ago than the interval, or never). */
export async function dueIntegrations(ctx: AppContext): Promise<number[]> {
  const due = new Date(Date.now() - ctx.config.driveSyncIntervalMinutes * 60_000);
  const rows = await ctx.db
    .select({ id: driveIntegrations.id })
    .from(driveIntegrations)
    .innerJoin(driveConnections, eq(driveConnections.id, driveIntegrations.connectionId))
    .where(
      and(
        eq(driveIntegrations.isActive, true),
        eq(driveConnections.isActive, true),
        eq(driveConnections.isValid, true),
        or(isNull(driveIntegrations.lastCheckAt), lt(driveIntegrations.lastCheckAt, due)),
      ),
    );
  return rows.map((row) => row.id);
}
