import type { AppContext } from '../../context.ts';
import { LocalStorage, storageOf } from '../../storage/index.ts';
import { removeStaleUploads } from './chunks.ts';

/** Partial uploads older than this are given up. */
export const STALE_UPLOAD_MS = 24 * 60 * 60 * 1000;

/** Maintenance: removes chunk sets given up half way and storage temp files left by a crash. */
export async function cleanupStaleUploads(ctx: Pick<AppContext, 'config' | 'logger'>): Promise<void> {
  const sets = await removeStaleUploads(ctx.config, STALE_UPLOAD_MS);
  const storage = storageOf(ctx.config);
  const temps = storage instanceof LocalStorage ? await storage.removeStaleTemp(STALE_UPLOAD_MS) : 0;
  if (sets + temps > 0) ctx.logger.info({ sets, temps }, 'Removed stale partial uploads');
}
