import { AnalysisListQuery } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase } from '../apps/server/src/db/client.ts';
import { projects } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import { listAnalyses } from '../apps/server/src/modules/analyses/list.ts';
import type { ProjectAccess, ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { departmentIndex, departmentName, representativeName } from './support/realistic-rows.ts';

const logger = createLogger({ logLevel: 'warn' });
const database = connectDatabase(process.env.BENCH_DATABASE_URL!, logger, 1);
const { db } = database;
const notices: string[] = [];
database.pool.on('connect', (client) => client.on('notice', (n) => notices.push(n.message ?? '')));
await db.execute(sql`LOAD 'auto_explain'`);
await db.execute(sql`SET auto_explain.log_min_duration = 0`);
await db.execute(sql`SET auto_explain.log_analyze = on`);
await db.execute(sql`SET auto_explain.log_buffers = on`);
await db.execute(sql`SET auto_explain.log_level = notice`);
await db.execute(sql`SET client_min_messages = notice`);
const [project] = await db.select().from(projects).where(eq(projects.name, 'Bench'));
const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
const access: ProjectAccess = { project: project as ProjectRow, role: 'owner' };
const department = departmentName(departmentIndex(42, 200, 10));
const cases: Array<[string, Record<string, unknown>]> = [
  ['page 200', { page: 200 }],
  ['q renewal', { q: 'renewal' }],
  ['dept + score', { department, score_min: 80 }],
  ['representative', { representative: representativeName(42) }],
  ['status failed', { status: 'failed' }],
];
for (const [name, raw] of cases) {
  const q = AnalysisListQuery.parse(raw);
  await listAnalyses(ctx, access, q);
  notices.length = 0;
  await listAnalyses(ctx, access, q);
  console.log(`\n===== ${name}`);
  for (const n of notices) console.log(n);
}
await database.pool.end();
