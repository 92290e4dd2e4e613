/**
 * What prompt versions save: `BENCH_ANALYSES` analyses (default 100,000) of 10 prompts edited twice each (30
 * distinct prompts as run), stored as before migration 0011 (each task with its prompt copy and the result's
 * copy), then migrated. Prints the bytes per task of the copies before and of what replaces them after, the
 * tasks table's size (after VACUUM FULL) and how long the migration took. On the database in DATABASE_URL,
 * or an embedded PostgreSQL without it.
 */
import { rm } from 'node:fs/promises';
import { type PromptField, withDefaultFields } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { connectDatabase, type Db } from '../apps/server/src/db/client.ts';
import { projects, prompts } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { MIGRATIONS_DIR } from '../apps/server/src/paths.ts';
import { migrationsBefore } from '../apps/server/test/migrations.ts';
import { freshBenchDatabase } from './support/database.ts';

const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 100_000);
const PROMPTS = 10;
const EDITS = 3;
const logger = createLogger({ logLevel: 'warn' });

const CRITERIA = [
  'greet the customer by name and introduce the company',
  "ask open questions to understand the customer's needs",
  "explain the product's benefits in terms of those needs",
  'handle objections calmly and with facts',
  'confirm the price and the conditions clearly',
  'agree on a concrete next step with a date',
];
const TYPES = ['ok', 'marks', 'bool', 'int'] as const;

/** A typical scorecard: twelve criteria with explanations (marks explained), plus Summary, Title, Final Score. */
function scorecard(edit: number): PromptField[] {
  const fields = Array.from({ length: 12 }, (_, i): PromptField => {
    const type = TYPES[i % 4]!;
    return {
      key: `Criterion ${i + 1}`,
      type,
      explanation: `Did the agent ${CRITERIA[i % 6]}? Answer n/a when the conversation gives no occasion for it.${edit ? ` (rev. ${edit})` : ''}`,
      includeInScore: true,
      ...(type === 'marks' && {
        marks: ['not at all', 'partly', 'mostly', 'fully'].map((text, value) => ({
          value,
          explanation: `${value} points: ${text}`,
        })),
      }),
    };
  });
  return withDefaultFields(fields, 'percent', 'en');
}

const PROMPT_SETTINGS = {
  role: 'Sales' as const,
  basicInstruction:
    "You are a quality analyst for the outbound sales team. Judge each call against the company's sales playbook. Be strict but fair: give credit only for what was actually said, and quote the customer where it matters. ".repeat(
      2,
    ),
  transcribeInstructions: '',
  provider: 'anthropic' as const,
  model: 'claude-sonnet-4-5-20250929',
  responseLanguage: 'Auto' as const,
  companyDetails:
    'Acme Solar sells and installs residential solar panels and batteries in Poland and Germany. Typical deals are 6-12 kW systems financed over 10 years.',
  finalScore: 'percent' as const,
  maxScore: null,
  transcriptionTask: 'transcribe' as const,
  transcriptionLanguage: 'auto' as const,
  metadataFields: ['Department', 'Representative', 'Phone'],
  isClassification: false,
  unitsMilli: 1000,
};

/** The old shape: each task carries its prompt copy (prompt_snapshot) and the result another one. */
async function insertOldAnalyses(db: Db): Promise<void> {
  const [project] = await db.insert(projects).values({ name: 'Bench' }).returning();
  const projectId = project!.id;
  const made = await db
    .insert(prompts)
    .values(
      Array.from({ length: PROMPTS }, (_, i) => ({
        projectId,
        scriptName: `Scorecard ${i + 1}`,
        ...PROMPT_SETTINGS,
        lva: 'none' as const,
        content: scorecard(0),
      })),
    )
    .returning();
  const snapshots = made.flatMap((prompt) =>
    Array.from({ length: EDITS }, (_, edit) => ({
      id: prompt.id,
      projectId,
      scriptName: prompt.scriptName,
      ...PROMPT_SETTINGS,
      LVA: 'none',
      content: scorecard(edit),
    })),
  );
  const copies = snapshots.map((s) => ({
    id: s.id,
    name: s.scriptName,
    content: s.content,
    finalScore: s.finalScore,
    maxScore: s.maxScore,
  }));
  const fields = scorecard(0).filter((field) => field.key !== 'Final Score');
  const answer = {
    values: Object.fromEntries(fields.map((field) => [field.key, field.type === 'string' ? 'A call.' : 2])),
    evidence: Object.fromEntries(
      fields.map((field) => [
        field.key,
        { justification: 'The agent said so at the start.', quote: 'Hello, this is Ann.', timestamp: 12.5 },
      ]),
    ),
    score: { mode: 'percent', score: 75, sum: 30, maxBounded: 40, base: 40, fields: [] },
  };
  await db.execute(sql`
    WITH media AS (
      INSERT INTO media_files (project_id, storage_key, file_name, content_type, size_bytes, sha256, kind)
      VALUES (${projectId}, 'bench', 'call.wav', 'audio/wav', 1000, 'sha', 'audio') RETURNING id
    )
    INSERT INTO tasks (project_id, media_id, prompt_id, status, progress, prompt_snapshot, result, transcript_text)
    SELECT ${projectId}, media.id, (${JSON.stringify(snapshots)}::jsonb -> (g % ${snapshots.length}) ->> 'id')::int,
           'completed', 100,
           ${JSON.stringify(snapshots)}::jsonb -> (g % ${snapshots.length}),
           jsonb_build_object('prompt', ${JSON.stringify(copies)}::jsonb -> (g % ${snapshots.length})) ||
             ${JSON.stringify(answer)}::jsonb,
           repeat('Agent: Hello, this is Ann from Acme Solar. Client: I would like to know the price. ', 24) || g
    FROM media, generate_series(1, ${ANALYSES}) AS g`);
}

async function figure(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const { rows } = await db.execute(query);
  return Number(Object.values(rows[0]!)[0]);
}
const tableBytes = (db: Db, table: string) =>
  figure(db, sql`SELECT pg_total_relation_size(${table}::regclass)`);
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 2);
  const before = await migrationsBefore('0011_prompt_versions');
  try {
    const { db } = database;
    await migrate(db, { migrationsFolder: before });
    await insertOldAnalyses(db);
    await db.execute(sql`VACUUM FULL ANALYZE tasks`);
    const snapshotBytes = await figure(db, sql`SELECT avg(pg_column_size(prompt_snapshot)) FROM tasks`);
    const resultBefore = await figure(db, sql`SELECT avg(pg_column_size(result)) FROM tasks`);
    const rawCopies = await figure(
      db,
      sql`SELECT avg(octet_length(prompt_snapshot::text) + octet_length((result -> 'prompt')::text)) FROM tasks`,
    );
    const tasksBefore = await tableBytes(db, 'tasks');

    const started = performance.now();
    await migrate(db, { migrationsFolder: MIGRATIONS_DIR });
    const migrationMs = performance.now() - started;
    await db.execute(sql`VACUUM FULL ANALYZE tasks`);
    const resultAfter = await figure(db, sql`SELECT avg(pg_column_size(result)) FROM tasks`);
    const pointerBytes = await figure(db, sql`SELECT avg(pg_column_size(prompt_version_id)) FROM tasks`);
    const versions = await figure(db, sql`SELECT count(*) FROM prompt_versions`);
    const tasksAfter = await tableBytes(db, 'tasks');
    const versionsBytes = await tableBytes(db, 'prompt_versions');

    const perTaskBefore = snapshotBytes + resultBefore - resultAfter;
    console.log(
      `Prompt versions over ${ANALYSES.toLocaleString('en')} analyses of ${versions} distinct prompts:`,
    );
    console.log(
      `  per task, before: prompt_snapshot ${snapshotBytes.toFixed(0)} B + the result's prompt copy ` +
        `${(resultBefore - resultAfter).toFixed(0)} B = ${perTaskBefore.toFixed(0)} B stored ` +
        `(${rawCopies.toFixed(0)} B of JSON text, compressed by PostgreSQL)`,
    );
    console.log(`  per task, after: prompt_version_id ${pointerBytes.toFixed(0)} B`);
    console.log(
      `  tasks table with indexes and TOAST: ${mb(tasksBefore)} -> ${mb(tasksAfter)} ` +
        `(+ prompt_versions ${mb(versionsBytes)}, ${versions} rows)`,
    );
    console.log(`  migration 0011: ${(migrationMs / 1000).toFixed(1)} s`);
  } finally {
    await database.pool.end();
    await scratch.close();
    await rm(before, { recursive: true, force: true });
  }
}

await main();
