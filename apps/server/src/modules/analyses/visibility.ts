import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { tasks, uploadBatches } from '../../db/schema/index.ts';
import { type BatchViewer, batchCondition } from '../batches/visibility.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';
import type { LiveEvent } from './events.ts';

/** How long the live view remembers whether a task or batch is visible (assignments and mappings change rarely). */
const EVENT_VISIBILITY_TTL_MS = 30_000;

/** Whether the row with this id satisfies the check, remembered for EVENT_VISIBILITY_TTL_MS. */
function remembered(check: (id: number) => Promise<boolean>): (id: number) => Promise<boolean> {
  const known = new Map<number, { visible: boolean; at: number }>();
  return async (id) => {
    const cached = known.get(id);
    if (cached && Date.now() - cached.at < EVENT_VISIBILITY_TTL_MS) return cached.visible;
    const visible = await check(id);
    if (known.size > 10_000) known.clear();
    known.set(id, { visible, at: Date.now() });
    return visible;
  };
}

/**
 * For the live events of a caller with narrowed visibility: whether an event may be sent, the analyses' rule for
 * task events and the batches list's for batch events. Undefined when the caller sees everything.
 */
export function liveEventFilter(
  db: Executor,
  viewer: BatchViewer,
): ((event: LiveEvent) => Promise<boolean>) | undefined {
  const projectId = viewer.access.project.id;
  const taskCondition = taskVisibilityCondition(viewer.access);
  const batchVisibility = batchCondition(db, viewer);
  if (!taskCondition && !batchVisibility) return undefined;
  const taskVisible = remembered(async (id) => {
    const [row] = await db
      .select({ id: tasks.id })
      .from(tasks)
      .where(and(eq(tasks.id, id), eq(tasks.projectId, projectId), taskCondition));
    return row !== undefined;
  });
  const batchVisible = remembered(async (id) => {
    const [row] = await db
      .select({ id: uploadBatches.id })
      .from(uploadBatches)
      .where(and(eq(uploadBatches.id, id), eq(uploadBatches.projectId, projectId), batchVisibility));
    return row !== undefined;
  });
  return async (event) => {
    if (event.name === 'task') return !taskCondition || taskVisible(event.message.task_id);
    return !batchVisibility || batchVisible(event.message.batch_id);
  };
}
