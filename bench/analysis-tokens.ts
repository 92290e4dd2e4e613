/**
 * Analysis tokens bench: what one analysis call sends beyond what it must. The real request of
 * analyseWithPrompt for a sales scorecard of 13 answers (a group, options, marks, ok checks) goes through
 * the AI SDK to the local fake OpenAI (Responses API, json_schema), Anthropic (native output format, and
 * the 'json' tool of older models) and Gemini (responseJsonSchema), and its body is read back as sent,
 * for a short (2 min) and a long (30 min) call. Tokens are counted with gpt-tokenizer's o200k_base
 * (GPT-4o/4.1's encoding; the others' tokenizers are not public, so their figures are an o200k estimate
 * of the same text).
 *
 *   npm run bench:tokens -w @parley/server    (embedded PostgreSQL, or a fresh database on DATABASE_URL)
 *
 * Input = instructions + conversation message + the answer's JSON schema as sent (minified), compared with
 * the transcript + the schema (the measure), and with the transcript + the bare schema (the same
 * schema without any description: the structure alone; the prompt's own words count as overhead there).
 * The cacheable prefix is what comes before the conversation (schema and instructions): it must be byte
 * for byte the same for two conversations analysed with one prompt.
 */
import type { PromptField } from '@parley/contracts';
import { countTokens } from 'gpt-tokenizer/encoding/o200k_base';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { runMigrations } from '../apps/server/src/db/migrate.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { analyseWithPrompt, type PromptSnapshot } from '../apps/server/src/modules/pipeline/analysis.ts';
import type { ConversationContext } from '../apps/server/src/modules/pipeline/analysis-request.ts';
import { startFakeAnthropic } from '../apps/server/test/fake-upstreams/anthropic.ts';
import { startFakeGemini } from '../apps/server/test/fake-upstreams/gemini.ts';
import { startFakeOpenAI } from '../apps/server/test/fake-upstreams/openai.ts';
import {
  answer,
  type FakeUpstream,
  type RecordedRequest,
} from '../apps/server/test/fake-upstreams/scripted.ts';
import { freshBenchDatabase } from './support/database.ts';
import { SALES_PROMPT, salesTranscript } from './support/sales-call.ts';

const logger = createLogger({ logLevel: 'warn' });

/**
 * The same figures for the request as it was before (fields outlined in the instructions and again in the
 * schema, evidence described in every field, max_tokens always 16,384; OpenAI gpt-4.1).
 */
const BEFORE = [
  'before: short call input 3173 (instructions 673 + conversation 463 + schema 2037): 1.29 x (transcript + schema), 2.30 x (transcript + bare schema)',
  '        long call input 9381: 1.08 x (transcript + schema), 1.24 x (transcript + bare schema); max tokens 16384; prefix 2710 tokens',
];

/** A valid answer for the fields: the first choice, the middle mark, a sentence of evidence each. */
function answerFor(fields: PromptField[]): Record<string, unknown> {
  const value = (field: PromptField): unknown => {
    switch (field.type) {
      case 'object':
        return answerFor(field.content ?? []);
      case 'ok':
        return 'ok';
      case 'option':
        return field.options?.[0]?.value ?? '';
      case 'marks':
        return field.marks?.[Math.floor((field.marks.length - 1) / 2)]?.value ?? 0;
      case 'bool':
        return true;
      case 'int':
      case 'float':
        return 7;
      case 'array':
        return ['Price'];
      default:
        return 'Text';
    }
  };
  return Object.fromEntries(
    fields
      .filter((field) => field.key !== 'Final Score')
      .map((field) => [
        field.key,
        field.type === 'object'
          ? value(field)
          : { value: value(field), justification: 'Said so.', quote: 'Hello', timestamp: 1.2, unsure: false },
      ]),
  );
}

/** The parts of a request body the model reads: instructions, conversation, the answer's schema. */
interface SentParts {
  instructions: string;
  conversation: string;
  schema: unknown;
  cacheControl: unknown;
  maxTokens: number;
}

function partsOf(request: RecordedRequest): SentParts {
  const body = request.body;
  const text = (content: unknown) =>
    typeof content === 'string'
      ? content
      : (content as Array<{ text?: string }>).map((part) => part.text ?? '').join('\n');
  if (request.path.endsWith(':generateContent')) {
    const parts = (content: { parts: Array<{ text?: string }> }) => text(content.parts);
    return {
      instructions: parts(body.systemInstruction),
      conversation: (body.contents as Array<{ parts: Array<{ text?: string }> }>).map(parts).join('\n'),
      schema: body.generationConfig.responseJsonSchema,
      cacheControl: null,
      maxTokens: body.generationConfig.maxOutputTokens,
    };
  }
  if (request.path.endsWith('/responses')) {
    const input = body.input as Array<{ role: string; content: unknown }>;
    return {
      instructions: input
        .filter((m) => m.role === 'system')
        .map((m) => text(m.content))
        .join('\n'),
      conversation: input
        .filter((m) => m.role === 'user')
        .map((m) => text(m.content))
        .join('\n'),
      schema: body.text.format.schema,
      cacheControl: body.prompt_cache_key ?? null,
      maxTokens: body.max_output_tokens,
    };
  }
  const system = (body.system ?? []) as Array<{ text: string; cache_control?: unknown }>;
  return {
    instructions: system.map((block) => block.text).join('\n'),
    conversation: (body.messages as Array<{ content: unknown }>).map((m) => text(m.content)).join('\n'),
    schema: body.output_config?.format?.schema ?? body.tools,
    cacheControl: system.at(-1)?.cache_control ?? null,
    maxTokens: body.max_tokens,
  };
}

/** The schema without any description: the structure the answer needs and nothing said about it. */
function bare(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(bare);
  if (typeof schema !== 'object' || schema === null) return schema;
  return Object.fromEntries(
    Object.entries(schema)
      .filter(([key, value]) => !(key === 'description' && typeof value === 'string'))
      .map(([key, value]) => [key, bare(value)]),
  );
}

const tokens = (text: string) => countTokens(text);

async function main() {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, createLogger({ logLevel: 'error' }));
  const [openai, anthropic, gemini] = await Promise.all([
    startFakeOpenAI(),
    startFakeAnthropic(),
    startFakeGemini(),
  ]);
  try {
    await runMigrations(database);
    const config = loadConfig({
      DATABASE_URL: scratch.url,
      OPENAI_API_KEY: 'bench',
      OPENAI_BASE_URL: `${openai.origin}/v1`,
      ANTHROPIC_API_KEY: 'bench',
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      GOOGLE_GENERATIVE_AI_API_KEY: 'bench',
      GOOGLE_GENERATIVE_AI_BASE_URL: `${gemini.origin}/v1beta`,
      AI_MAX_RETRIES: '0',
      LOG_LEVEL: 'warn',
    });
    const ctx = { config, db: database.db, boss: {} as PgBoss, logger } as AppContext;
    const [project] = await ctx.db.insert(projects).values({ name: 'Bench' }).returning();
    const who = { projectId: project!.id, userId: null, purpose: 'bench' };
    const reply = answer(answerFor(SALES_PROMPT.content));

    const conversation = (minutes: number, representative: string): ConversationContext => ({
      transcript: salesTranscript(minutes),
      metadata: { Department: 'Residential', Representative: representative },
      fileName: `call-${representative.toLowerCase()}.mp3`,
      kind: 'audio',
      durationMs: minutes * 60_000,
      createdAt: new Date('2025-03-14T09:30:00Z'),
      detectedLanguage: 'en',
    });
    /** The request one analysis sends, as the upstream received it. */
    const sent = async (fake: FakeUpstream, prompt: PromptSnapshot, context: ConversationContext) => {
      fake.reset();
      fake.script(reply);
      await analyseWithPrompt(ctx, prompt, context, who);
      return partsOf(fake.requests[0]!);
    };

    const targets: Array<[string, FakeUpstream, PromptSnapshot]> = [
      ['OpenAI gpt-4.1 (json_schema)', openai, SALES_PROMPT],
      [
        'Anthropic claude-sonnet-4-5 (output format)',
        anthropic,
        { ...SALES_PROMPT, provider: 'anthropic', model: 'claude-sonnet-4-5-20250929' },
      ],
      [
        'Anthropic claude-3-7-sonnet (json tool)',
        anthropic,
        { ...SALES_PROMPT, provider: 'anthropic', model: 'claude-3-7-sonnet-20250219' },
      ],
      [
        'Google gemini-2.5-flash (responseJsonSchema)',
        gemini,
        { ...SALES_PROMPT, provider: 'google', model: 'gemini-2.5-flash' },
      ],
    ];
    console.log('Analysis request tokens (o200k_base), sales scorecard of 13 answers');
    for (const line of BEFORE) console.log(`  ${line}`);
    for (const [name, fake, prompt] of targets) {
      console.log(`  ${name}`);
      for (const [label, minutes] of [
        ['short call (2 min)', 2],
        ['long call (30 min)', 30],
      ] as const) {
        const context = conversation(minutes, 'Ann');
        const parts = await sent(fake, prompt, context);
        const sizes = {
          instructions: tokens(parts.instructions),
          conversation: tokens(parts.conversation),
          schema: tokens(JSON.stringify(parts.schema)),
          transcript: tokens(context.transcript),
          bare: tokens(JSON.stringify(bare(parts.schema))),
        };
        const input = sizes.instructions + sizes.conversation + sizes.schema;
        const ratio = (floor: number) => `${(input / floor).toFixed(3)} x`;
        console.log(
          `    ${label}: input ${input} = instructions ${sizes.instructions} + conversation ${sizes.conversation} + schema ${sizes.schema}; transcript ${sizes.transcript}, bare schema ${sizes.bare}; max tokens ${parts.maxTokens}`,
        );
        console.log(
          `      ${ratio(sizes.transcript + sizes.schema)} (transcript + schema), ${ratio(sizes.transcript + sizes.bare)} (transcript + bare schema)`,
        );
      }
      const first = await sent(fake, prompt, conversation(2, 'Ann'));
      const second = await sent(fake, prompt, conversation(30, 'Bob'));
      const prefix = tokens(first.instructions) + tokens(JSON.stringify(first.schema));
      const same =
        first.instructions === second.instructions &&
        JSON.stringify(first.schema) === JSON.stringify(second.schema);
      console.log(
        `    cacheable prefix (schema + instructions) ${prefix} tokens, ${same ? 'identical' : 'DIFFERENT'} for two conversations; cache marker ${JSON.stringify(first.cacheControl)}`,
      );
    }
  } finally {
    await Promise.all([openai.close(), anthropic.close(), gemini.close()]);
    await database.pool.end();
    await scratch.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
