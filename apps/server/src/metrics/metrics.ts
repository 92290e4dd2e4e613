import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/**
 * Every metric of this process, served in Prometheus text format at /metrics (metrics/http.ts). Labels are
 * few and bounded: route templates, stages, reason codes, providers and models, never ids, URLs or text a
 * person wrote. Call sites record with one line; what is read from the database is read on scrape
 * (metrics/scrape.ts).
 */
export const registry = new Registry();

collectDefaultMetrics({ register: registry });

const registers = [registry];

export const httpRequestDuration = new Histogram({
  name: 'parley_http_request_duration_seconds',
  help: 'HTTP requests answered, by method, route template (unmatched: no route) and status',
  labelNames: ['method', 'route', 'status'] as const,
  registers,
});

/** Stages take from milliseconds (a stored result skipped) to many minutes (a long recording transcribed). */
export const pipelineStageDuration = new Histogram({
  name: 'parley_pipeline_stage_duration_seconds',
  help: 'Analysis pipeline stages that finished, by stage',
  labelNames: ['stage'] as const,
  buckets: [0.01, 0.05, 0.25, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800],
  registers,
});

export const tasksFinished = new Counter({
  name: 'parley_tasks_finished_total',
  help: 'Tasks that ended, by status (completed, failed, skipped) and reason code (failed, skipped)',
  labelNames: ['status', 'reason'] as const,
  registers,
});

export const taskRetries = new Counter({
  name: 'parley_task_retries_total',
  help: 'Task attempts that failed for a passing reason and wait for a retry, by reason code',
  labelNames: ['reason'] as const,
  registers,
});

const providerLabels = ['provider', 'model'] as const;

export const providerRequests = new Counter({
  name: 'parley_provider_requests_total',
  help: 'HTTP requests sent to AI and transcription providers, by provider, model and status (error: no answer)',
  labelNames: [...providerLabels, 'status'] as const,
  registers,
});

export const providerRateLimited = new Counter({
  name: 'parley_provider_rate_limited_total',
  help: 'Provider answers asking to slow down (429, Anthropic 529)',
  labelNames: providerLabels,
  registers,
});

export const providerRetries = new Counter({
  name: 'parley_provider_retries_total',
  help: 'Provider requests sent again after a slow-down answer',
  labelNames: providerLabels,
  registers,
});

export const providerRequestDuration = new Histogram({
  name: 'parley_provider_request_duration_seconds',
  help: 'Time from sending a provider request to its answer headers (the rate-limit wait not included)',
  labelNames: providerLabels,
  buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 40, 80, 160, 320],
  registers,
});

export const providerTokens = new Counter({
  name: 'parley_provider_tokens_total',
  help: 'Tokens of LLM calls, by provider, model and type (input, output; cached_input: the input read from the provider cache)',
  labelNames: [...providerLabels, 'type'] as const,
  registers,
});

export const unitsHeld = new Counter({
  name: 'parley_billing_units_held_total',
  help: 'Units reserved by holds before paid work, by work (analysis, insight, backtest, tracker, topics); a grown hold counts its new size',
  labelNames: ['work'] as const,
  registers,
});

export const unitsCharged = new Counter({
  name: 'parley_billing_units_charged_total',
  help: 'Units charged for done work, by work (analysis, insight, backtest, tracker, topics)',
  labelNames: ['work'] as const,
  registers,
});

export const webhookDeliveryOutcomes = new Counter({
  name: 'parley_webhook_deliveries_total',
  help: 'Webhook delivery attempts, by outcome (succeeded, retrying, failed)',
  labelNames: ['outcome'] as const,
  registers,
});

export const dbPoolConnections = new Gauge({
  name: 'parley_db_pool_connections',
  help: "Connections of this process's database pool, by state (total, idle)",
  labelNames: ['state'] as const,
  registers,
});

export const dbPoolWaiting = new Gauge({
  name: 'parley_db_pool_waiting_requests',
  help: "Queries waiting for a connection of this process's database pool",
  registers,
});

export const queueJobs = new Gauge({
  name: 'parley_queue_jobs',
  help: 'Jobs of each job queue by state (ready, deferred, blocked, active, failed), as pg-boss counted them last',
  labelNames: ['queue', 'state'] as const,
  registers,
});

export const queueOldestJobAge = new Gauge({
  name: 'parley_queue_oldest_job_age_seconds',
  help: 'How long the longest-waiting job of each queue that is due has waited (0: none is waiting)',
  labelNames: ['queue'] as const,
  registers,
});

/** Seconds since `started` (a performance.now() reading). */
export const secondsSince = (started: number): number => (performance.now() - started) / 1000;
