import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';

/** PostgreSQL channel of batch changes, beside the tasks' (see tasks/notify.ts); every API process listens. */
export const BATCH_EVENTS_CHANNEL = 'batch_events';

/** A batch's counters or status, or one of its rows, changed: the bulk upload page reads it again. */
export const BatchEventMessage = z.object({ project_id: z.number(), batch_id: z.number() });
export type BatchEventMessage = z.output<typeof BatchEventMessage>;

/**
 * Tells every API process that a batch changed. Inside a transaction the event is delivered when it commits,
 * so call it with the transaction that wrote the change.
 */
export async function notifyBatchEvent(db: Executor, event: BatchEventMessage): Promise<void> {
  const payload: BatchEventMessage = { project_id: event.project_id, batch_id: event.batch_id };
  await db.execute(sql`SELECT pg_notify(${BATCH_EVENTS_CHANNEL}, ${JSON.stringify(payload)})`);
}
