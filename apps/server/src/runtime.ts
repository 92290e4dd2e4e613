import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { connectDatabase } from './db/client.ts';
import { type EmbeddedDatabase, startEmbeddedPostgres } from './db/embedded.ts';
import { runMigrations } from './db/migrate.ts';
import { startBoss } from './jobs/boss.ts';
import { startWorkers } from './jobs/workers.ts';
import type { Logger } from './logger.ts';
import { loadHelpArticles } from './modules/help/sync.ts';
import { HELP_DOCS_DIR } from './paths.ts';

export interface Platform {
  ctx: AppContext;
  app: FastifyInstance | null;
  /** Graceful stop: no new requests, in-flight work finishes, then queue, pool and database close. */
  stop: () => Promise<void>;
}

/** Starts what PARLEY_ROLE asks for: database (embedded unless DATABASE_URL), migrations, API, workers. */
export async function startPlatform(config: Config, logger: Logger): Promise<Platform> {
  let embedded: EmbeddedDatabase | null = null;
  const stops: Array<() => Promise<unknown>> = [];
  const stop = async () => {
    for (const step of stops.reverse()) {
      await step().catch((error) => logger.error({ err: error }, 'Error while stopping'));
    }
  };
  try {
    if (!config.databaseUrl) {
      embedded = await startEmbeddedPostgres(config.dataDir, logger);
      stops.push(embedded.stop);
    }
    const databaseUrl = config.databaseUrl ?? embedded!.url;
    const database = connectDatabase(databaseUrl, logger);
    stops.push(() => database.pool.end());
    await runMigrations(database);

    const boss = await startBoss(databaseUrl, logger, config.analysis);
    stops.push(() => boss.stop({ graceful: true, timeout: 30_000 }));
    const ctx: AppContext = { config, db: database.db, boss, logger };

    let app: FastifyInstance | null = null;
    if (config.role !== 'worker') {
      await loadHelpArticles(ctx.db, HELP_DOCS_DIR, logger);
      app = await buildApp(ctx);
      stops.push(() => app!.close());
      await app.listen({ port: config.port, host: config.host });
    }
    if (config.role !== 'api') await startWorkers(ctx);
    return { ctx, app, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
