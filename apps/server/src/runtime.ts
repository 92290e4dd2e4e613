import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { type EmbeddedDatabase, launchEmbeddedPostgres } from './db/embedded.ts';
import { startIdleCollection } from './idle-collection.ts';
import type { Logger } from './logger.ts';
import { HELP_DOCS_DIR } from './paths.ts';

export interface Platform {
  ctx: AppContext;
  app: FastifyInstance | null;
  /** Graceful stop: no new requests, in-flight work finishes, then queue, pool and database close. */
  stop: () => Promise<void>;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

/** The rest of the server: some two thousand modules, loaded while PostgreSQL starts. */
async function loadServer() {
  const [app, client, migrate, workers, help, retired, metrics] = await Promise.all([
    import('./app.ts'),
    import('./db/client.ts'),
    import('./db/migrate.ts'),
    import('./jobs/workers.ts'),
    import('./modules/help/sync.ts'),
    import('./modules/prompts/retired-models.ts'),
    import('./metrics/http.ts'),
  ]);
  return {
    buildApp: app.buildApp,
    connectDatabase: client.connectDatabase,
    POOLS: client.POOLS,
    runMigrations: migrate.runMigrations,
    moveRetiredModels: retired.moveRetiredModels,
    startBoss: workers.startBoss,
    startWorkers: workers.startWorkers,
    loadHelpArticles: help.loadHelpArticles,
    serveWorkerMetrics: metrics.serveWorkerMetrics,
  };
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
    // Loading the modules keeps this process busy for a second or so: PostgreSQL starts meanwhile.
    const launched = config.databaseUrl ? null : await launchEmbeddedPostgres(config.dataDir, logger);
    const server = await loadServer();
    if (launched) {
      embedded = await launched.ready;
      stops.push(embedded.stop);
    }
    const databaseUrl = config.databaseUrl ?? embedded!.url;
    const pool = server.POOLS[config.role];
    const database = server.connectDatabase(databaseUrl, logger, pool.max, pool.connectTimeoutMs);
    stops.push(() => database.pool.end());
    await server.runMigrations(database);
    await server.moveRetiredModels(config, database, logger);

    const boss = await server.startBoss(databaseUrl, logger, config);
    stops.push(() => boss.stop({ graceful: true, timeout: config.shutdownGraceSeconds * 1000 }));
    const ctx: AppContext = { config, db: database.db, boss, logger };

    let app: FastifyInstance | null = null;
    if (config.role !== 'worker') {
      await server.loadHelpArticles(ctx.db, HELP_DOCS_DIR, logger);
      app = await server.buildApp(ctx);
      stops.push(() => app!.close());
      await app.listen({ port: config.port, host: config.host });
    } else if (config.metrics.port !== undefined) {
      const metrics = await server.serveWorkerMetrics(ctx, config.metrics.port);
      stops.push(() => new Promise((resolve) => metrics.close(resolve)));
    }
    if (config.role !== 'api') await server.startWorkers(ctx);
    const stopIdleCollection = startIdleCollection({
      collected: (before, after) =>
        logger.info(`Idle after busy work: memory given back (${mb(before)} → ${mb(after)} MB resident)`),
    });
    stops.push(async () => stopIdleCollection());
    return { ctx, app, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
