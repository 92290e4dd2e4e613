import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export interface TaskPeopleChange {
  id: number;
  representative: string | null;
  department: string | null;
}

/**
 * New representatives and departments of a project's analyses and their analytics rows (the rep mapping
 * changed), in one statement.
 */
export async function updateTaskPeople(
  db: Executor,
  projectId: number,
  changes: readonly TaskPeopleChange[],
): Promise<void> {
  if (changes.length === 0) return;
  const values = sql.join(
    changes.map((c) => sql`(${c.id}::int, ${c.representative}::text, ${c.department}::text)`),
    sql`, `,
  );
  // The analytics rows follow in the same statement, so dashboards never disagree with the list.
  await db.execute(sql`
    WITH v(id, representative, department) AS (VALUES ${values}),
    field_values AS (
      UPDATE analysis_field_values f SET representative = v.representative, department = v.department
      FROM v WHERE f.task_id = v.id AND f.project_id = ${projectId}
    )
    UPDATE tasks SET representative = v.representative, department = v.department, updated_at = now()
    FROM v WHERE tasks.id = v.id AND tasks.project_id = ${projectId}`);
}
