import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/**
 * The project's time zone changed: every analytics row moves to its conversation's day in the new zone. One
 * statement; a big project's change takes as long as rewriting its rows (time zones rarely change).
 */
export async function redateFieldValues(db: Executor, projectId: number): Promise<void> {
  await db.execute(sql`
    UPDATE analysis_field_values f
    SET analysis_date = (t.conversation_at AT TIME ZONE p.timezone)::date
    FROM tasks t, projects p
    WHERE f.project_id = ${projectId} AND t.id = f.task_id AND p.id = f.project_id
      AND f.analysis_date <> (t.conversation_at AT TIME ZONE p.timezone)::date`);
}
