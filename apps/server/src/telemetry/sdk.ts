import type { Sampler, SpanExporter } from '@opentelemetry/sdk-trace';
import type { Config, TracingConfig } from '../config.ts';

export interface Tracing {
  /** Exports the spans ended so far. */
  flush: () => Promise<void>;
  /** Exports what is left and stops tracing (the pg patch undone, the API back to its no-ops). */
  stop: () => Promise<void>;
}

const SERVICE_NAMES: Record<Config['role'], string> = {
  api: 'parley-api',
  worker: 'parley-worker',
  all: 'parley',
};

/**
 * Starts OpenTelemetry tracing when the configuration asks for it (an OTLP endpoint is set), else does
 * nothing: the SDK's modules are imported here and only then, so a server without tracing loads none of
 * them and its spans (telemetry/spans.ts, pg-boss's) stay the API's no-ops.
 *
 * Spans go in batches to the OTLP/HTTP (protobuf) endpoint, which the exporter reads from the standard
 * OTEL_EXPORTER_OTLP_* variables (endpoint, headers, timeout, compression, certificates); the service is
 * parley-api, parley-worker or parley by PARLEY_ROLE, unless OTEL_SERVICE_NAME (or service.name in
 * OTEL_RESOURCE_ATTRIBUTES) names it. `exporter` replaces the OTLP exporter (tests record in memory).
 */
export async function startTracing(
  config: Pick<Config, 'role' | 'tracing'>,
  exporter?: SpanExporter,
): Promise<Tracing | null> {
  if (!config.tracing) return null;
  const [api, core, contexts, resources, sdk, otlp, pgInstrumentation] = await Promise.all([
    import('@opentelemetry/api'),
    import('@opentelemetry/core'),
    import('@opentelemetry/context-async-hooks'),
    import('@opentelemetry/resources'),
    import('@opentelemetry/sdk-trace'),
    import('@opentelemetry/exporter-trace-otlp-proto'),
    import('@opentelemetry/instrumentation-pg'),
  ]);
  const resource = resources
    .defaultResource()
    .merge(resources.resourceFromAttributes({ 'service.name': SERVICE_NAMES[config.role] }))
    .merge(resources.detectResources({ detectors: [resources.envDetector] }));
  const provider = new sdk.TracerProvider({
    resource,
    sampler: sampler(sdk, config.tracing),
    spanProcessors: [new sdk.BatchSpanProcessor({ exporter: exporter ?? new otlp.OTLPTraceExporter() })],
  });
  api.context.setGlobalContextManager(new contexts.AsyncLocalStorageContextManager().enable());
  api.propagation.setGlobalPropagator(new core.W3CTraceContextPropagator());
  api.trace.setGlobalTracerProvider(provider);
  const unpatchPg = await instrumentPg(api.trace, pgInstrumentation.PgInstrumentation);
  return {
    flush: () => provider.forceFlush(),
    stop: async () => {
      unpatchPg();
      await provider.shutdown();
      api.trace.disable();
      api.propagation.disable();
      api.context.disable();
    },
  };
}

type Sdk = typeof import('@opentelemetry/sdk-trace');

/** The sampler OTEL_TRACES_SAMPLER names, with OTEL_TRACES_SAMPLER_ARG as its ratio (default 1). */
function sampler(sdk: Sdk, { sampler: name, samplerRatio }: TracingConfig): Sampler {
  const root = {
    always_on: new sdk.AlwaysOnSampler(),
    always_off: new sdk.AlwaysOffSampler(),
    traceidratio: new sdk.TraceIdRatioBasedSampler(samplerRatio ?? 1),
  }[name.replace(/^parentbased_/, '') as 'always_on' | 'always_off' | 'traceidratio'];
  return name.startsWith('parentbased_') ? new sdk.ParentBasedSampler({ root }) : root;
}

/**
 * Statements that only open a transaction or mark a savepoint: they take no time worth a span, and with the
 * pool's checkouts they were a third of an analysis's spans (bench/instrumentation-overhead.ts).
 */
const UNTRACED_STATEMENTS = /^\s*(BEGIN|SAVEPOINT|RELEASE)\b/i;

/**
 * A span for every query of node-postgres (instrumentation-pg), only within a recorded span: a request's or a
 * job's that the sampler kept (pg-boss polling while idle makes none). Pool checkouts make none: the pool's size, waiting and idle clients
 * are metrics (metrics/), and a span each doubled the spans of a request. The statement text is recorded as sent, with its
 * placeholders ($1 …): the app passes every value as a parameter, and parameters are never recorded.
 *
 * The instrumentation patches pg when it is required; here pg is loaded already (the bundled server imports
 * its packages before any of its code runs, tests before they start tracing), so the same patches are
 * applied to the loaded module, pg's client and the pool class it extends.
 */
async function instrumentPg(
  trace: typeof import('@opentelemetry/api').trace,
  PgInstrumentation: typeof import('@opentelemetry/instrumentation-pg').PgInstrumentation,
): Promise<() => void> {
  const { default: pg } = await import('pg');
  const modules: Record<string, unknown> = { pg, 'pg-pool': Object.getPrototypeOf(pg.Pool) };
  // Disabled: it hooks no module loading; the patches below are all it does.
  const instrumentation = new PgInstrumentation({
    enabled: false,
    requireParentSpan: true,
    ignoreConnectSpans: true,
    enhancedDatabaseReporting: false,
  });
  const definitions = instrumentation.getModuleDefinitions();
  const client = pg.Client.prototype;
  const untraced = client.query;
  for (const { name, patch } of definitions) patch?.(modules[name]);
  const traced = client.query;
  // The instrumentation names, times and wraps every query within any span, a span the sampler dropped too,
  // and that was most of what tracing cost when a trace is not recorded (bench/instrumentation-overhead.ts):
  // a query outside a recorded span, or one of the UNTRACED_STATEMENTS, goes straight to pg.
  client.query = function query(this: unknown, ...args: unknown[]) {
    const [statement] = args;
    const text = typeof statement === 'string' ? statement : (statement as { text?: unknown } | null)?.text;
    const traces =
      trace.getActiveSpan()?.isRecording() && !(typeof text === 'string' && UNTRACED_STATEMENTS.test(text));
    return (traces ? traced : untraced).apply(this, args as never);
  } as typeof client.query;
  return () => {
    client.query = traced;
    for (const { name, unpatch } of definitions) unpatch?.(modules[name]);
  };
}
