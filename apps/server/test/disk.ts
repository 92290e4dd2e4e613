import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';

/** Bytes of the files under `dir` (0 when it does not exist). */
export async function folderBytes(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let total = 0;
  for (const entry of entries) {
    if (entry.isFile())
      total += (await stat(path.join(entry.parentPath, entry.name)).catch(() => null))?.size ?? 0;
  }
  return total;
}

/**
 * Watches the size of `dir` while something runs, looking again as soon as the last look is done (and
 * when `look()` is called, e.g. after each pipeline stage); `largest()` stops and answers the most it saw.
 */
export function watchFolderSize(dir: string): { look: () => Promise<void>; largest: () => Promise<number> } {
  let most = 0;
  let watching = true;
  const look = async () => {
    most = Math.max(most, await folderBytes(dir));
  };
  const loop = (async () => {
    while (watching) {
      await look();
      await delay(5);
    }
  })();
  return {
    look,
    largest: async () => {
      watching = false;
      await loop;
      return most;
    },
  };
}
