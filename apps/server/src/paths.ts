import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, found from this file's place in it (apps/server/src/paths.ts). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const WEB_DIST_DIR = path.join(REPO_ROOT, 'apps/web/dist');
export const HELP_DOCS_DIR = path.join(REPO_ROOT, 'docs/help');
export const MIGRATIONS_DIR = path.join(REPO_ROOT, 'apps/server/drizzle');

/** npm runs workspace scripts inside the workspace; relative settings mean the folder npm was started in. */
export function fromInvocationDir(value: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}
