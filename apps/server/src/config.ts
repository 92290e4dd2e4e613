import { LOGIN_RATE_LIMIT_PER_MINUTE, PROVIDERS, type ProviderId } from '@parley/contracts';
import { z } from 'zod';
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
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).default(120_000),
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(10).default(2),
  AI_GENERATION_PROVIDER: z.enum(PROVIDERS).default('anthropic'),
  AI_GENERATION_MODEL: optionalText,
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  role: 'api' | 'worker' | 'all';
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
  loginRateLimit: number;
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
  };
  ai: {
    /** Whole-call limit for one LLM call, retries included. */
    timeoutMs: number;
    /** Retries on rate limits (429) and server errors (5xx). */
    maxRetries: number;
    /** The model that writes prompts for the AI generator; unset model: the provider's generation model. */
    generationProvider: ProviderId;
    generationModel: string | undefined;
  };
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Reads and validates the environment. A wrong value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: fromInvocationDir(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    role: e.PARLEY_ROLE,
    logLevel: e.LOG_LEVEL,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
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
    },
    ai: {
      timeoutMs: e.AI_TIMEOUT_MS,
      maxRetries: e.AI_MAX_RETRIES,
      generationProvider: e.AI_GENERATION_PROVIDER,
      generationModel: e.AI_GENERATION_MODEL,
    },
  };
}
