import { readFileSync } from 'node:fs';
import path from 'node:path';
import { healthRoutes as routes } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import packageJson from '../../../package.json' with { type: 'json' };
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { MIGRATIONS_DIR } from '../../paths.ts';
import { storageOf } from '../../storage/index.ts';

const { version } = packageJson;

/** When the newest migration of this version was written: drizzle records it as the applied one's created_at. */
function newestMigration(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/** How long one storage check answers for every readiness probe: a flood of probes makes one request a second. */
const STORAGE_CHECK_SHARED_MS = 1000;

/** `check` run at most once per `ms`: callers within that time share its outcome (or the one under way). */
function sharedFor<T>(ms: number, check: () => Promise<T>): () => Promise<T> {
  let last: { at: number; outcome: Promise<T> } | null = null;
  return () => {
    const now = Date.now();
    if (!last || now - last.at >= ms) last = { at: now, outcome: check() };
    return last.outcome;
  };
}

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const newest = newestMigration();
  const storageState = sharedFor(STORAGE_CHECK_SHARED_MS, () =>
    storageOf(ctx.config)
      .check()
      .then(() => 'ok' as const)
      .catch((error: unknown) => {
        ctx.logger.warn({ err: error }, 'Media storage is not ready');
        return 'down' as const;
      }),
  );

  serve(app, routes.check, {
    handler: async (_request, reply) => {
      const database = await ctx.db
        .execute(sql`SELECT 1`)
        .then(() => 'ok' as const)
        .catch(() => 'down' as const);
      const status = database === 'ok' ? 'ok' : 'degraded';
      return reply.status(database === 'ok' ? 200 : 503).send({ status, database, version });
    },
  });

  // For load balancers and orchestrators: send traffic only once the schema is this version's and media can
  // be stored. (While the process stops, Fastify answers every request, this one included, with 503.)
  serve(app, routes.ready, {
    handler: async (_request, reply) => {
      const [applied, storage] = await Promise.all([
        ctx.db
          .execute<{ latest: string | null }>(
            sql`SELECT max(created_at)::text AS latest FROM drizzle.__drizzle_migrations`,
          )
          .then((result) =>
            Number(result.rows[0]?.latest ?? 0) >= newest ? ('ok' as const) : ('pending' as const),
          )
          .catch(() => null),
        storageState(),
      ]);
      const database = applied === null ? ('down' as const) : ('ok' as const);
      const migrations = applied ?? ('unknown' as const);
      const ready = migrations === 'ok' && storage === 'ok';
      return reply
        .status(ready ? 200 : 503)
        .send({ status: ready ? 'ready' : 'not_ready', database, migrations, storage, version });
    },
  });
}
