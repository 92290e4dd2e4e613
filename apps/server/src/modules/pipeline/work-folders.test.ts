import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeTaskFolder, processWorkFolder, removeOrphanWorkFolders } from './work-folders.ts';

let dataDir: string;
let sleeper: ChildProcess | null = null;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'parley-work-folders-'));
});
afterEach(async () => {
  sleeper?.kill('SIGKILL');
  sleeper = null;
  await rm(dataDir, { recursive: true, force: true });
});

const host = hostname().replace(/[^A-Za-z0-9.-]/g, '_');
const work = (name: string) => path.join(dataDir, 'work', name);

/** A process folder holding a task folder with a file, as a process leaves it when killed mid-task. */
async function leaveFolder(name: string, modifiedAt?: Date): Promise<void> {
  await mkdir(path.join(work(name), 'task-7-abc'), { recursive: true });
  await writeFile(path.join(work(name), 'task-7-abc', 'input.ogg'), 'audio');
  if (modifiedAt) await utimes(work(name), modifiedAt, modifiedAt);
}

/** The id of a process that ran and exited (killed). */
async function deadPid(): Promise<number> {
  const child = spawn('sleep', ['60']);
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
  return child.pid!;
}

describe('work folders', () => {
  it('a task works in a folder of its own under DATA_DIR/work/<host>-<pid>', async () => {
    const folder = await makeTaskFolder(dataDir, 12);
    expect(path.dirname(folder)).toBe(processWorkFolder(dataDir));
    expect(path.basename(path.dirname(folder))).toBe(`${host}-${process.pid}`);
    expect(path.basename(folder)).toMatch(/^task-12-/);
    expect(await readdir(folder)).toEqual([]);
  });

  it('at start, folders of processes that are gone are removed; those of running processes stay', async () => {
    sleeper = spawn('sleep', ['60']);
    const dead = await deadPid();
    const hourAgo = new Date(Date.now() - 3600_000);
    await leaveFolder(`${host}-${dead}`);
    await leaveFolder(`${host}-${sleeper.pid}`, hourAgo);
    // This process's own folder, with a task under way.
    const own = await makeTaskFolder(dataDir, 8);
    // Left by an earlier process with this process's id (PID 1 of a restarted container).
    await leaveFolder(`other-host-${process.pid}`, hourAgo);
    // Another host name sharing DATA_DIR: its processes cannot be seen, so only age counts.
    await leaveFolder('other-host-41', hourAgo);
    await leaveFolder('other-host-42', new Date(Date.now() - 7 * 3600_000));

    expect((await removeOrphanWorkFolders(dataDir)).sort()).toEqual(
      [`${host}-${dead}`, 'other-host-42'].sort(),
    );
    expect((await readdir(path.join(dataDir, 'work'))).sort()).toEqual(
      [
        `${host}-${process.pid}`,
        `${host}-${sleeper.pid}`,
        `other-host-${process.pid}`,
        'other-host-41',
      ].sort(),
    );
    expect(await readdir(path.dirname(own))).toEqual([path.basename(own)]);
  });

  it('a folder with this process id but older than this process was left by an earlier one', async () => {
    await leaveFolder(`${host}-${process.pid}`, new Date(Date.now() - process.uptime() * 1000 - 60_000));
    expect(await removeOrphanWorkFolders(dataDir)).toEqual([`${host}-${process.pid}`]);
    // The next task makes the folder again.
    const folder = await makeTaskFolder(dataDir, 9);
    expect(path.dirname(folder)).toBe(processWorkFolder(dataDir));
  });

  it('nothing to do without a work folder', async () => {
    expect(await removeOrphanWorkFolders(dataDir)).toEqual([]);
  });
});
