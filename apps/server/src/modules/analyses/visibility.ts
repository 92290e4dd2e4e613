import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tasks } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import type { TaskEventMessage } from '../tasks/notify.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';

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
