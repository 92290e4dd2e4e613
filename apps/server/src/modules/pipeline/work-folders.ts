import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { ANALYSIS_EXPIRE_SECONDS } from '../../jobs/boss.ts';
import { errorCode } from '../../thrown.ts';

/**
 * A task's files on local disk (the stored file's copy, the pieces sent to the transcription provider) live
 * in DATA_DIR/work/<host>-<pid>/task-<id>-<random> while it runs: one folder per process, so that a process
 * starting after a crash (kill -9, out of memory) can tell the folders nobody works in any more.
 */
const WORK_FOLDER = 'work';

const thisHost = () => hostname().replace(/[^A-Za-z0-9.-]/g, '_');
const processStartedAt = Date.now() - process.uptime() * 1000;

export function processWorkFolder(dataDir: string): string {
  return path.join(dataDir, WORK_FOLDER, `${thisHost()}-${process.pid}`);
}

/** A new empty folder for one run of one task (its process's folder is made again if it was removed). */
export async function makeTaskFolder(dataDir: string, taskId: number): Promise<string> {
  const parent = processWorkFolder(dataDir);
  await mkdir(parent, { recursive: true });
  return mkdtemp(path.join(parent, `task-${taskId}-`));
}

/**
 * Removes the work folders of processes that stopped without cleaning up; answers their names. Several
 * processes may share DATA_DIR, so only folders nobody uses go:
 * - of this machine: when their process is gone, or when they are older than this process and carry its id
 *   (an earlier process had it: PID 1 in a restarted container);
 * - of another host name (a container sharing the volume, whose processes this one cannot see): when nothing
 *   was added or removed in them for longer than an analysis attempt may run.
 */
export async function removeOrphanWorkFolders(dataDir: string, now = Date.now()): Promise<string[]> {
  const root = path.join(dataDir, WORK_FOLDER);
  const names = await readdir(root).catch((): string[] => []);
  const removed: string[] = [];
  for (const name of names) {
    const folder = path.join(root, name);
    const modifiedAt = (await stat(folder).catch(() => null))?.mtimeMs;
    if (modifiedAt === undefined || !isOrphan(name, modifiedAt, now)) continue;
    await rm(folder, { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

function isOrphan(name: string, modifiedAt: number, now: number): boolean {
  const owner = /^(.+)-(\d+)$/.exec(name);
  if (owner?.[1] === thisHost()) {
    const pid = Number(owner[2]);
    return pid === process.pid ? modifiedAt < processStartedAt : !isRunning(pid);
  }
  return now - modifiedAt > ANALYSIS_EXPIRE_SECONDS * 1000;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user.
    return errorCode(error) === 'EPERM';
  }
}
