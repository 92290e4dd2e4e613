import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

export interface TaskPeopleChange {
  id: number;
  representative: string | null;
  department: string | null;
}

/** New representatives and departments of a project's analyses (the rep mapping changed), in one statement. */
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
  await db.execute(sql`
    UPDATE tasks SET representative = v.representative, department = v.department, updated_at = now()
    FROM (VALUES ${values}) AS v(id, representative, department)
    WHERE tasks.id = v.id AND tasks.project_id = ${projectId}`);
}
