import { eq, max } from 'drizzle-orm';
import type { Executor } from '../src/db/client.ts';
import { promptVersions } from '../src/db/schema/index.ts';

/**
 * A version of a prompt as an analysis ran with it, made up by a test (any data, e.g. fields the prompt no
 * longer has): numbered after the prompt's others, superseded, so the prompt's published version stays.
 */
export async function insertPromptVersion(
  db: Executor,
  values: { projectId: number; promptId: number; data: Record<string, unknown>; hash: string },
): Promise<number> {
  const [last] = await db
    .select({ number: max(promptVersions.number) })
    .from(promptVersions)
    .where(eq(promptVersions.promptId, values.promptId));
  const [version] = await db
    .insert(promptVersions)
    .values({ ...values, number: (last?.number ?? 0) + 1, state: 'superseded' })
    .returning({ id: promptVersions.id });
  return version!.id;
}
