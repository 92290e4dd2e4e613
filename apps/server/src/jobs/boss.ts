import { PgBoss } from 'pg-boss';
import type { Logger } from '../logger.ts';

/** Every queue the platform uses. A queue must exist before jobs are sent to it. */
export const QUEUES = {
  email: 'email',
  maintenance: 'maintenance',
} as const;

/** pg-boss on the platform database (its own `pgboss` schema), with every queue created. */
export async function startBoss(databaseUrl: string, logger: Logger): Promise<PgBoss> {
  const boss = new PgBoss({ connectionString: databaseUrl, max: 5, application_name: 'parley-jobs' });
  boss.on('error', (error) => logger.error({ err: error }, 'Job queue error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) {
    await boss.createQueue(name, { retryLimit: 5, retryDelay: 10, retryBackoff: true });
  }
  return boss;
}
