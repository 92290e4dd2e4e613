import { resultFieldPaths } from '@parley/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prompts } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';

export const PROMPT_FIELD_TEXTS = {
  notPrompt: 'Prompt {id} is not a prompt of this project.',
  notField: 'Field "{path}" is not a field of the prompt.',
} as const;

/**
 * A rule's prompt must be the project's, and its field (a dotted path, if any) one of that prompt's fields now:
 * otherwise 422 invalid_value naming the input that is wrong (`fields`).
 */
export async function checkPromptField(
  db: Executor,
  projectId: number,
  promptId: number,
  path: string | null,
  fields: { prompt: string; path: string },
): Promise<void> {
  const [prompt] = await db
    .select({ content: prompts.content })
    .from(prompts)
    .where(and(eq(prompts.id, promptId), eq(prompts.projectId, projectId)));
  if (!prompt) {
    const message = PROMPT_FIELD_TEXTS.notPrompt.replace('{id}', String(promptId));
    throw new AppError('unprocessable', 'invalid_value', message, { field: fields.prompt });
  }
  if (path !== null && !resultFieldPaths(prompt.content).includes(path)) {
    const message = PROMPT_FIELD_TEXTS.notField.replace('{path}', path);
    throw new AppError('unprocessable', 'invalid_value', message, { field: fields.path });
  }
}
