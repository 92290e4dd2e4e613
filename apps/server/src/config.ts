import { LOGIN_RATE_LIMIT_PER_MINUTE } from '@parley/contracts';
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
  providers: {
    anthropicApiKey?: string;
    openaiApiKey?: string;
    googleApiKey?: string;
    groqApiKey?: string;
    openaiCompatibleBaseUrl?: string;
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
    },
  };
}
