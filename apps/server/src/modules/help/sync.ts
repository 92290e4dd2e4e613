import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { HELP_ALLOWED_TAGS } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { loadedSources } from '../../db/schema/index.ts';
import type { Logger } from '../../logger.ts';

const SOURCE = 'help_articles';

/** The names and contents of the files under `dir`, and the tags their HTML may keep. */
export async function helpSourceHash(dir: string): Promise<string> {
  const hash = createHash('sha256').update(HELP_ALLOWED_TAGS.join(','));
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
  for (const file of files) hash.update(`\0${file}\0`).update(await readFile(path.join(dir, file)));
  return hash.digest('hex');
}

/**
 * Loads the help articles of `dir` (docs/help) into the database when its files changed since the last
 * load; an unchanged folder costs one hash and one query. The Markdown tools load only when needed.
 */
export async function loadHelpArticles(db: Db, dir: string, logger: Logger): Promise<void> {
  const hash = await helpSourceHash(dir);
  const [loaded] = await db
    .select({ hash: loadedSources.hash })
    .from(loadedSources)
    .where(eq(loadedSources.name, SOURCE));
  if (loaded?.hash === hash) return;
  const { readHelpArticles, syncHelpArticles } = await import('./loader.ts');
  const articles = await readHelpArticles(dir, logger);
  await syncHelpArticles(db, articles);
  await db
    .insert(loadedSources)
    .values({ name: SOURCE, hash })
    .onConflictDoUpdate({ target: loadedSources.name, set: { hash, updatedAt: sql`now()` } });
  logger.info({ articles: articles.length }, 'Help articles loaded');
}
