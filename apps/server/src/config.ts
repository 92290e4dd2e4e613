import { availableParallelism } from 'node:os';
import path from 'node:path';
import {
  CHUNK_SIZE,
  DEFAULT_TRANSCRIPTION_MODELS,
  LOGIN_RATE_LIMIT_PER_MINUTE,
  MAX_UPLOAD_BYTES,
  PROVIDERS,
  type ProviderId,
  TRANSCRIPTION_PROVIDER_IDS,
  type TranscriptionProviderId,
  topUpAmountMicros,
  WEBHOOKS,
} from '@parley/contracts';
import { z } from 'zod';
import { RATE_LIMIT_DEFAULTS as LIMITS, type RateLimits } from './ai/rate-limit-config.ts';
import { parseTrustProxy, TRUST_PROXY_HINT, type TrustProxy } from './http/trust-proxy.ts';
import { fromInvocationDir } from './paths.ts';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const optionalUrl = (protocols: RegExp, example: string) =>
  optionalText.refine((value) => value === undefined || (URL.canParse(value) && protocols.test(value)), {
    message: `must be a URL such as ${example}`,
  });

const flag = z
  .string()
  .trim()
  .toLowerCase()
  .default('false')
  .pipe(z.enum(['true', 'false', '1', '0', 'yes', 'no', '']))
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** host[:port] entries, lowercased; an IPv6 host is written in brackets: [::1]:8080. */
const hostList = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(
    z.array(
      z.string().regex(/^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/, {
        message: 'must be comma-separated host[:port] entries, e.g. localhost:9000,media.example.com',
      }),
    ),
  );

/** OTLP over HTTP with protobuf bodies, the protocol's default, is the one transport built in. */
const otlpProtocol = z
  .enum(['http/protobuf'], { message: 'must be http/protobuf (the one OTLP transport built in)' })
  .optional();

/** OTEL_TRACES_SAMPLER values (OTEL_TRACES_SAMPLER_ARG is the ratio of the traceidratio ones). */
const TRACE_SAMPLERS = [
  'always_on',
  'always_off',
  'traceidratio',
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
] as const;

/** OpenTelemetry tracing: which traces are recorded (a ratio of 0–1 for the traceidratio samplers). */
export interface TracingConfig {
  sampler: (typeof TRACE_SAMPLERS)[number];
  samplerRatio: number | undefined;
}

/** Most retries a webhook delivery may have, and the longest wait before one (a week). */
const WEBHOOK_RETRIES_MAX = 30;
const WEBHOOK_RETRY_DELAY_MAX_SECONDS = 7 * 24 * 3600;
const RETRY_DELAY_RANGE = `each delay must be 1 to ${WEBHOOK_RETRY_DELAY_MAX_SECONDS} seconds (a week)`;

/** Seconds before each retry of a failed webhook delivery, comma-separated (5,300,1800); unset: the contracts'. */
const retryDelays = optionalText
  .transform((value) => (value ?? WEBHOOKS.retryDelaysSeconds.join(',')).split(',').map((s) => s.trim()))
  .pipe(
    z
      .array(
        z
          .string()
          .regex(/^\d+$/, { message: 'must be comma-separated whole seconds, e.g. 5,300,1800' })
          .transform(Number)
          .pipe(
            z
              .number()
              .min(1, { message: RETRY_DELAY_RANGE })
              .max(WEBHOOK_RETRY_DELAY_MAX_SECONDS, { message: RETRY_DELAY_RANGE }),
          ),
      )
      .max(WEBHOOK_RETRIES_MAX, { message: `at most ${WEBHOOK_RETRIES_MAX} retries` }),
  );

/** Requests or tokens a minute; 0: no limit. */
const perMinute = (fallback: number) => z.coerce.number().int().min(0).default(fallback);

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalUrl(/^postgres(ql)?:\/\//, 'postgres://user@localhost:5432/parley'),
  PUBLIC_URL: optionalUrl(/^https?:\/\//, 'https://parley.example.com'),
  SMTP_URL: optionalUrl(/^smtps?:\/\//, 'smtps://user:pass@smtp.example.com'),
  MAIL_FROM: z.string().trim().min(3).default('Parley <no-reply@localhost>'),
  PARLEY_ROLE: z.enum(['api', 'worker', 'all']).default('all'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).default(LOGIN_RATE_LIMIT_PER_MINUTE),
  TRUST_PROXY: z
    .string()
    .default('')
    .refine((value) => parseTrustProxy(value) !== null, { message: TRUST_PROXY_HINT })
    .transform((value) => parseTrustProxy(value)!),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_CLIENT_SECRET: optionalText,
  GOOGLE_AUTH_URL: optionalUrl(/^https?:\/\//, 'https://accounts.google.com/o/oauth2/v2/auth').default(
    'https://accounts.google.com/o/oauth2/v2/auth',
  ),
  GOOGLE_TOKEN_URL: optionalUrl(/^https?:\/\//, 'https://oauth2.googleapis.com/token').default(
    'https://oauth2.googleapis.com/token',
  ),
  GOOGLE_API_URL: optionalUrl(/^https?:\/\//, 'https://www.googleapis.com').default(
    'https://www.googleapis.com',
  ),
  ENCRYPTION_KEY: optionalText,
  DRIVE_SYNC_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(1440).default(5),
  ANTHROPIC_API_KEY: optionalText,
  OPENAI_API_KEY: optionalText,
  GOOGLE_GENERATIVE_AI_API_KEY: optionalText,
  GROQ_API_KEY: optionalText,
  OPENAI_COMPATIBLE_BASE_URL: optionalUrl(/^https?:\/\//, 'http://localhost:11434/v1'),
  OPENAI_COMPATIBLE_API_KEY: optionalText,
  OPENAI_COMPATIBLE_MODELS: z
    .string()
    .default('llama3.1')
    .transform((value) =>
      value
        .split(',')
        .map((model) => model.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string()).min(1, 'must name at least one model, e.g. llama3.1,qwen2.5')),
  ANTHROPIC_BASE_URL: optionalUrl(/^https?:\/\//, 'https://api.anthropic.com/v1'),
  OPENAI_BASE_URL: optionalUrl(/^https?:\/\//, 'https://api.openai.com/v1'),
  GOOGLE_GENERATIVE_AI_BASE_URL: optionalUrl(
    /^https?:\/\//,
    'https://generativelanguage.googleapis.com/v1beta',
  ),
  GROQ_BASE_URL: optionalUrl(/^https?:\/\//, 'https://api.groq.com/openai/v1'),
  DEEPGRAM_API_KEY: optionalText,
  DEEPGRAM_BASE_URL: optionalUrl(/^https?:\/\//, 'https://api.deepgram.com'),
  ASSEMBLYAI_API_KEY: optionalText,
  ASSEMBLYAI_BASE_URL: optionalUrl(/^https?:\/\//, 'https://api.assemblyai.com'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  AI_GENERATION_PROVIDER: z.enum(PROVIDERS).default('anthropic'),
  AI_GENERATION_MODEL: optionalText,
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalText,
  S3_ENDPOINT: optionalUrl(/^https?:\/\//, 'https://s3.eu-central-1.amazonaws.com'),
  S3_REGION: z.string().trim().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalText,
  S3_SECRET_ACCESS_KEY: optionalText,
  S3_FORCE_PATH_STYLE: flag,
  MAX_UPLOAD_BYTES: z.coerce.number().int().min(1).default(MAX_UPLOAD_BYTES),
  MAX_TOP_UP_AMOUNT: z
    .string()
    .trim()
    .default('100000')
    .refine((value) => topUpAmountMicros(value) !== null, {
      message: 'must be an amount above 0 in the currency, e.g. 100000 or 2500.50',
    })
    .transform((value) => topUpAmountMicros(value)!),
  URL_DOWNLOAD_TIMEOUT_MS: z.coerce.number().int().min(100).default(600_000),
  URL_DOWNLOAD_MIN_BYTES: z.coerce.number().int().min(1).default(65_536),
  URL_DOWNLOAD_RATE_WINDOW_MS: z.coerce.number().int().min(100).default(30_000),
  URL_UPLOAD_ALLOW_HOSTS: hostList,
  SSO_DNS_SERVERS: hostList,
  FFMPEG_PATH: optionalText,
  FFPROBE_PATH: optionalText,
  TRANSCRIPTION_PROVIDER: z.enum(TRANSCRIPTION_PROVIDER_IDS).default('openai'),
  TRANSCRIPTION_MODEL: optionalText,
  TRANSCRIPTION_TIMEOUT_MS: z.coerce.number().int().min(1000).default(600_000),
  // Pieces are 16 kHz mono FLAC, at most 32 KB a second (media/pieces.ts): 780 s stays under the providers' 25 MB.
  TRANSCRIPTION_CHUNK_SECONDS: z.coerce.number().int().min(1).max(780).default(600),
  EMLO_API_URL: optionalUrl(/^https?:\/\//, 'https://cloud.emlo.cloud'),
  EMLO_API_KEY: optionalText,
  EMLO_API_KEY_PASSWORD: optionalText,
  EMLO_SENSITIVITY: z.enum(['normal', 'high', 'low']).default('normal'),
  EMLO_TIMEOUT_MS: z.coerce.number().int().min(1000).default(300_000),
  WEBHOOK_RETRY_DELAYS_SECONDS: retryDelays,
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  METRICS_TOKEN: optionalText.refine((value) => value === undefined || value.length >= 16, {
    message: 'must be at least 16 characters (e.g. openssl rand -hex 32)',
  }),
  METRICS_PORT: optionalText.pipe(z.coerce.number<string>().int().min(1).max(65535).optional()),
  // OpenTelemetry's standard variables (telemetry/sdk.ts); the exporter reads its other OTEL_EXPORTER_OTLP_* itself.
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(/^https?:\/\//, 'http://collector:4318'),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalUrl(/^https?:\/\//, 'http://collector:4318/v1/traces'),
  OTEL_EXPORTER_OTLP_PROTOCOL: otlpProtocol,
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: otlpProtocol,
  OTEL_SDK_DISABLED: flag,
  OTEL_TRACES_EXPORTER: z
    .enum(['otlp', 'none'], { message: 'must be otlp or none (only OTLP over HTTP is built in)' })
    .default('otlp'),
  OTEL_TRACES_SAMPLER: z.enum(TRACE_SAMPLERS).default('parentbased_always_on'),
  OTEL_TRACES_SAMPLER_ARG: optionalText.pipe(z.coerce.number<string>().min(0).max(1).optional()),
  ANALYSIS_CONCURRENCY: z.coerce.number().int().min(1).max(2000).default(200),
  ANALYSIS_RETRY_LIMIT: z.coerce.number().int().min(0).max(20).default(4),
  ANALYSIS_RETRY_DELAY_SECONDS: z.coerce.number().int().min(0).default(30),
  BATCH_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
  MEDIA_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(availableParallelism()),
  TRANSCRIPTION_PARALLEL_PIECES: z.coerce.number().int().min(1).max(64).default(8),
  ANTHROPIC_RPM: perMinute(LIMITS.anthropic.rpm),
  ANTHROPIC_TPM: perMinute(LIMITS.anthropic.tpm),
  OPENAI_RPM: perMinute(LIMITS.openai.rpm),
  OPENAI_TPM: perMinute(LIMITS.openai.tpm),
  GOOGLE_RPM: perMinute(LIMITS.google.rpm),
  GOOGLE_TPM: perMinute(LIMITS.google.tpm),
  GROQ_RPM: perMinute(LIMITS.groq.rpm),
  GROQ_TPM: perMinute(LIMITS.groq.tpm),
  OPENAI_COMPATIBLE_RPM: perMinute(LIMITS['openai-compatible'].rpm),
  OPENAI_COMPATIBLE_TPM: perMinute(LIMITS['openai-compatible'].tpm),
  TRANSCRIPTION_RPM: perMinute(LIMITS.transcription.rpm),
});

/** Every environment variable the server reads (the deployment files are checked against it). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(EnvSchema.shape);

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  role: 'api' | 'worker' | 'all';
  /**
   * How long a stopping process lets its jobs run on before handing them back to the queue (another worker
   * resumes them; a paid job is never charged twice).
   */
  shutdownGraceSeconds: number;
  /**
   * GET /metrics (metrics/): served to clients on this machine, and to anyone presenting `token` as a bearer
   * token when it is set. A worker (which serves no HTTP) serves it on `port` when that is set.
   */
  metrics: { token: string | undefined; port: number | undefined };
  /**
   * OpenTelemetry tracing (telemetry/): on when an OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT or
   * OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) and neither OTEL_SDK_DISABLED nor OTEL_TRACES_EXPORTER=none turn it off.
   * null: off, and nothing of the SDK is loaded.
   */
  tracing: TracingConfig | null;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  loginRateLimit: number;
  /** Proxies whose X-Forwarded-For / -Proto / -Host are believed (client address of rate limits, logs). */
  trustProxy: TrustProxy;
  /** Credentials and addresses of the LLM providers; never sent to clients or written to logs. */
  providers: {
    anthropicApiKey?: string;
    openaiApiKey?: string;
    googleApiKey?: string;
    groqApiKey?: string;
    openaiCompatibleBaseUrl?: string;
    openaiCompatibleApiKey?: string;
    /** Models offered for the OpenAI-compatible server (Ollama, vLLM, LM Studio ...). */
    openaiCompatibleModels: string[];
    /** Base URLs overriding the providers' public endpoints (proxies, gateways, tests). */
    anthropicBaseUrl?: string;
    openaiBaseUrl?: string;
    googleBaseUrl?: string;
    groqBaseUrl?: string;
    /** Speech-to-text services (transcription only). */
    deepgramApiKey?: string;
    deepgramBaseUrl?: string;
    assemblyaiApiKey?: string;
    assemblyaiBaseUrl?: string;
  };
  ai: {
    /** Longest one request to an LLM provider may take (waiting for its rate limit not included). */
    timeoutMs: number;
    /** Retries on server errors (5xx) and lost connections; 429s are waited out (ai/provider-fetch.ts). */
    maxRetries: number;
    /** The model that writes prompts for the AI generator; unset model: the provider's generation model. */
    generationProvider: ProviderId;
    generationModel: string | undefined;
  };
  /** Where media files live: DATA_DIR/media, or an S3-compatible bucket. */
  storage: StorageConfig;
  uploads: {
    /** Largest file accepted, single, assembled from chunks or downloaded from a link. */
    maxBytes: number;
    /** Largest chunk of a chunked upload (the web app sends 50 MB chunks). Not an env setting: tests lower it. */
    chunkSize: number;
    /** Longest a download from a link may take, redirects included. */
    urlTimeoutMs: number;
    /** Least a download from a link must receive in every window (an answer waited for counts as nothing). */
    urlMinRate: { bytes: number; windowMs: number };
    /** host[:port] entries that link uploads may fetch from even on private addresses (tests, intranets). */
    urlAllowHosts: string[];
  };
  /** ffmpeg for decoding media: FFMPEG_PATH, else `ffmpeg` on the PATH. */
  ffmpegPath: string;
  /** ffprobe for reading a file's length before decoding it: FFPROBE_PATH, else the one beside FFMPEG_PATH. */
  ffprobePath: string;
  /** Speech to text: the default of projects that choose none (ai/transcription.ts). */
  transcription: {
    provider: TranscriptionProviderId;
    model: string;
    /** Longest one transcription request may take, retries included. */
    timeoutMs: number;
    /** Long audio is sent in pieces of at most this many seconds. */
    chunkSeconds: number;
    /** Pieces of one recording sent to the provider at the same time. */
    parallelPieces: number;
    /** How often an asynchronous provider (AssemblyAI) is asked whether a transcript is ready. Not an env setting: tests lower it. */
    pollIntervalMs: number;
  };
  /**
   * Google sign-in and Drive (OAuth 2.0 with PKCE): off without a client id and secret. The endpoints can
   * point elsewhere (tests, private gateways); apiUrl serves Drive v3 and the user info.
   */
  google: {
    clientId?: string;
    clientSecret?: string;
    authUrl: string;
    tokenUrl: string;
    apiUrl: string;
  };
  /** ENCRYPTION_KEY as given (32 bytes, base64 or hex; checked where Drive tokens are encrypted). */
  encryptionKey?: string;
  /** DNS servers (host[:port]) asked for SSO domains' TXT records; empty: the system's. */
  ssoDnsServers: string[];
  /** How often every active folder integration is synced. */
  driveSyncIntervalMinutes: number;
  /** Emotion Logic cloud (layered voice analysis, the prompt's LVA option); off without a key and password. */
  emlo: {
    apiUrl: string;
    apiKey?: string;
    apiKeyPassword?: string;
    sensitivity: 'normal' | 'high' | 'low';
    timeoutMs: number;
  };
  /** Requests and tokens a minute each provider accepts, shared by every worker process (0: no limit). */
  rateLimits: RateLimits;
  /** ffmpeg processes (decoding, splitting) one worker process runs at the same time. */
  mediaConcurrency: number;
  /** The analysis job queue's worker. */
  analysis: {
    /** Tasks one worker process analyses at the same time (most of it waiting on providers). */
    concurrency: number;
    /** Retries of a task after a provider failure (429, 5xx, timeout, invalid output). */
    retryLimit: number;
    /** First retry delay; it doubles with every retry (with jitter). */
    retryDelaySeconds: number;
  };
  /** The batch item worker (bulk uploads). */
  batches: {
    /** Rows one worker process downloads at the same time. */
    concurrency: number;
  };
  webhooks: {
    /**
     * Seconds before each retry of a failed delivery; after the last the delivery fails for good and the endpoint
     * is disabled. The contracts' schedule (about a day) unless set; benches compress it.
     */
    retryDelaysSeconds: readonly number[];
  };
  billing: {
    /** The largest top-up that may be requested or approved, in micros of the project's currency. */
    maxTopUpMicros: number;
  };
}

export type StorageConfig =
  | { kind: 'local' }
  | {
      kind: 's3';
      bucket: string;
      endpoint: string | undefined;
      region: string;
      accessKeyId: string | undefined;
      secretAccessKey: string | undefined;
      forcePathStyle: boolean;
    };

/** ffprobe comes with ffmpeg: the one in FFMPEG_PATH's folder, else `ffprobe` on the PATH. */
function besideFfmpeg(ffmpegPath: string | undefined): string {
  return ffmpegPath?.includes('/') ? path.join(path.dirname(ffmpegPath), 'ffprobe') : 'ffprobe';
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Settings whose defaults suit only a trial on this machine: said at start, in the log. */
export function startupWarnings(config: Config, env: NodeJS.ProcessEnv = process.env): string[] {
  if (env.PUBLIC_URL?.trim()) return [];
  return [
    `PUBLIC_URL is not set: emailed links (confirmations, password resets, invitations) point to ${config.publicUrl}, ` +
      'whatever address visitors use. Set PUBLIC_URL to the address users open.',
  ];
}

/** Reads and validates the environment. A wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  if (e.STORAGE === 's3' && !e.S3_BUCKET) {
    throw new ConfigError('Invalid configuration:\n  S3_BUCKET: is required when STORAGE is s3');
  }
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: set both or neither (neither: the AWS default credentials)',
    );
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: fromInvocationDir(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    role: e.PARLEY_ROLE,
    shutdownGraceSeconds: e.SHUTDOWN_GRACE_SECONDS,
    metrics: { token: e.METRICS_TOKEN, port: e.METRICS_PORT },
    tracing:
      (e.OTEL_EXPORTER_OTLP_ENDPOINT || e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT) &&
      !e.OTEL_SDK_DISABLED &&
      e.OTEL_TRACES_EXPORTER === 'otlp'
        ? { sampler: e.OTEL_TRACES_SAMPLER, samplerRatio: e.OTEL_TRACES_SAMPLER_ARG }
        : null,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      authUrl: e.GOOGLE_AUTH_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      apiUrl: e.GOOGLE_API_URL.replace(/\/+$/, ''),
    },
    encryptionKey: e.ENCRYPTION_KEY,
    ssoDnsServers: e.SSO_DNS_SERVERS,
    driveSyncIntervalMinutes: e.DRIVE_SYNC_INTERVAL_MINUTES,
    providers: {
      anthropicApiKey: e.ANTHROPIC_API_KEY,
      openaiApiKey: e.OPENAI_API_KEY,
      googleApiKey: e.GOOGLE_GENERATIVE_AI_API_KEY,
      groqApiKey: e.GROQ_API_KEY,
      openaiCompatibleBaseUrl: e.OPENAI_COMPATIBLE_BASE_URL,
      openaiCompatibleApiKey: e.OPENAI_COMPATIBLE_API_KEY,
      openaiCompatibleModels: e.OPENAI_COMPATIBLE_MODELS,
      anthropicBaseUrl: e.ANTHROPIC_BASE_URL,
      openaiBaseUrl: e.OPENAI_BASE_URL,
      googleBaseUrl: e.GOOGLE_GENERATIVE_AI_BASE_URL,
      groqBaseUrl: e.GROQ_BASE_URL,
      deepgramApiKey: e.DEEPGRAM_API_KEY,
      deepgramBaseUrl: e.DEEPGRAM_BASE_URL,
      assemblyaiApiKey: e.ASSEMBLYAI_API_KEY,
      assemblyaiBaseUrl: e.ASSEMBLYAI_BASE_URL,
    },
    ai: {
      timeoutMs: e.AI_TIMEOUT_MS,
      maxRetries: e.AI_MAX_RETRIES,
      generationProvider: e.AI_GENERATION_PROVIDER,
      generationModel: e.AI_GENERATION_MODEL,
    },
    storage:
      e.STORAGE === 's3'
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET!,
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'local' },
    uploads: {
      maxBytes: e.MAX_UPLOAD_BYTES,
      chunkSize: CHUNK_SIZE,
      urlTimeoutMs: e.URL_DOWNLOAD_TIMEOUT_MS,
      urlMinRate: { bytes: e.URL_DOWNLOAD_MIN_BYTES, windowMs: e.URL_DOWNLOAD_RATE_WINDOW_MS },
      urlAllowHosts: e.URL_UPLOAD_ALLOW_HOSTS,
    },
    ffmpegPath: e.FFMPEG_PATH ?? 'ffmpeg',
    ffprobePath: e.FFPROBE_PATH ?? besideFfmpeg(e.FFMPEG_PATH),
    transcription: {
      provider: e.TRANSCRIPTION_PROVIDER,
      model: e.TRANSCRIPTION_MODEL ?? DEFAULT_TRANSCRIPTION_MODELS[e.TRANSCRIPTION_PROVIDER],
      timeoutMs: e.TRANSCRIPTION_TIMEOUT_MS,
      chunkSeconds: e.TRANSCRIPTION_CHUNK_SECONDS,
      parallelPieces: e.TRANSCRIPTION_PARALLEL_PIECES,
      pollIntervalMs: 3000,
    },
    emlo: {
      apiUrl: (e.EMLO_API_URL ?? 'https://cloud.emlo.cloud').replace(/\/+$/, ''),
      apiKey: e.EMLO_API_KEY,
      apiKeyPassword: e.EMLO_API_KEY_PASSWORD,
      sensitivity: e.EMLO_SENSITIVITY,
      timeoutMs: e.EMLO_TIMEOUT_MS,
    },
    analysis: {
      concurrency: e.ANALYSIS_CONCURRENCY,
      retryLimit: e.ANALYSIS_RETRY_LIMIT,
      retryDelaySeconds: e.ANALYSIS_RETRY_DELAY_SECONDS,
    },
    batches: { concurrency: e.BATCH_CONCURRENCY },
    webhooks: { retryDelaysSeconds: e.WEBHOOK_RETRY_DELAYS_SECONDS },
    billing: { maxTopUpMicros: e.MAX_TOP_UP_AMOUNT },
    rateLimits: {
      anthropic: { rpm: e.ANTHROPIC_RPM, tpm: e.ANTHROPIC_TPM },
      openai: { rpm: e.OPENAI_RPM, tpm: e.OPENAI_TPM },
      google: { rpm: e.GOOGLE_RPM, tpm: e.GOOGLE_TPM },
      groq: { rpm: e.GROQ_RPM, tpm: e.GROQ_TPM },
      'openai-compatible': { rpm: e.OPENAI_COMPATIBLE_RPM, tpm: e.OPENAI_COMPATIBLE_TPM },
      transcription: { rpm: e.TRANSCRIPTION_RPM, tpm: 0 },
    },
    mediaConcurrency: e.MEDIA_CONCURRENCY,
  };
}
