import type { UploadPrompt } from '@parley/contracts';
import { and, eq, isNotNull, max } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { tasks } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { listPrompts } from '../prompts/service.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';

/**
 * The project's prompts for the upload panel and the pages that pick a prompt, each with when its newest
 * completed analysis the caller may see was made (the pages open on the prompt people have data for).
 */
export async function listUploadPrompts(
  ctx: AppContext,
  access: ProjectAccess,
): Promise<Array<z.output<typeof UploadPrompt>>> {
  const [list, latest] = await Promise.all([
    listPrompts(ctx, access),
    ctx.db
      .select({ promptId: tasks.promptId, at: max(tasks.createdAt) })
      .from(tasks)
      .where(
        and(
          eq(tasks.projectId, access.project.id),
          eq(tasks.status, 'completed'),
          isNotNull(tasks.promptId),
          taskVisibilityCondition(access),
        ),
      )
      .groupBy(tasks.promptId),
  ]);
  const latestByPrompt = new Map(latest.map((row) => [row.promptId, row.at]));
  return list.map((prompt) => ({
    id: prompt.id,
    name: prompt.scriptName,
    project_id: prompt.projectId,
    metadataFields: prompt.metadataFields,
    last_analysis_at: latestByPrompt.get(prompt.id)?.toISOString() ?? null,
  }));
}
