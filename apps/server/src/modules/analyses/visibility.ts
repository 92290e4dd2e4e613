import { uniqueNames } from '@parley/contracts';
import { and, eq, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import type { TaskEventMessage } from './events.ts';

const lowered = (values: readonly string[]) => uniqueNames(values).map((value) => value.toLowerCase());

/**
 * The SQL condition for the analyses the caller may see (undefined: all). A media key sees the tasks it
 * uploaded; a team leader those whose department or representative is in their assignment (compared
 * case-insensitively), none without an assignment.
 */
export function taskVisibilityCondition(access: ProjectAccess): SQL | undefined {
  const visibility = access.visibility;
  if (!visibility || visibility.kind === 'all') return undefined;
  if (visibility.kind === 'apiKey') return sql`${tasks.apiKeyId} = ${visibility.apiKeyId}`;
  const departments = lowered(visibility.assignment?.departments ?? []);
  const representatives = lowered(visibility.assignment?.representatives ?? []);
  const conditions: SQL[] = [];
  if (departments.length > 0) conditions.push(inArray(sql`lower(${tasks.department})`, departments));
  if (representatives.length > 0) {
    conditions.push(inArray(sql`lower(${tasks.representative})`, representatives));
  }
  return conditions.length > 0 ? or(...conditions) : sql`false`;
}

/** How long the live view remembers whether a task is visible (assignments and mappings change rarely). */
const EVENT_VISIBILITY_TTL_MS = 30_000;

/**
 * For the live events of a caller with narrowed visibility: whether a task's event may be sent. Undefined when
 * the caller sees every task.
 */
export function taskEventFilter(
  db: Executor,
  access: ProjectAccess,
): ((event: TaskEventMessage) => Promise<boolean>) | undefined {
  const condition = taskVisibilityCondition(access);
  if (!condition) return undefined;
  const known = new Map<number, { visible: boolean; at: number }>();
  return async (event) => {
    const cached = known.get(event.task_id);
    if (cached && Date.now() - cached.at < EVENT_VISIBILITY_TTL_MS) return cached.visible;
    const [row] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, event.task_id), eq(tasks.projectId, access.project.id), condition));
    const visible = row !== undefined;
    if (known.size > 10_000) known.clear();
    known.set(event.task_id, { visible, at: Date.now() });
    return visible;
  };
}
