import { enableCompileCache, registerHooks } from 'node:module';

// Both must be in place before the modules load, hence the dynamic imports below.
// V8 keeps the compiled code of the server and its dependencies on disk (in the system's temp folder), so
// later starts skip most of the parsing.
enableCompileCache();
// drizzle-orm loads as CommonJS: as ES modules, Node parses its 180 KB package.json again for each of its
// hundred files, which costs about half a second of every start.
registerHooks({
  resolve: (specifier, context, nextResolve) =>
    specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/')
      ? nextResolve(specifier, { ...context, conditions: ['node', 'require', 'default'] })
      : nextResolve(specifier, context),
});
const { ConfigError, loadConfig, startupWarnings } = await import('./config.ts');
const { createLogger } = await import('./logger.ts');
const { startPlatform } = await import('./runtime.ts');
const { startTracing } = await import('./telemetry/sdk.ts');

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const logger = createLogger(config);
try {
  const tracing = await startTracing(config);
  if (tracing) logger.info('OpenTelemetry tracing on: spans are exported over OTLP/HTTP');
  const platform = await startPlatform(config, logger);
  const what = { api: 'API', worker: 'worker', all: 'API and worker' }[config.role];
  logger.info({ role: config.role }, `Parley ${what} started`);
  for (const warning of startupWarnings(config)) logger.warn(warning);
  if (platform.app) console.log(`\n  Parley is running at ${config.publicUrl}\n`);

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn(`${signal} again: exiting now`);
      process.exit(1);
    }
    stopping = true;
    logger.info(`${signal} received: finishing in-flight work and stopping`);
    platform
      .stop()
      .then(() => tracing?.stop())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
} catch (error) {
  logger.fatal({ err: error }, 'Parley failed to start');
  process.exit(1);
}
