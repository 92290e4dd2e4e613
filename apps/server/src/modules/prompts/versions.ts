import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { promptVersions } from '../../db/schema/index.ts';

/**
 * Prompt versions: a prompt as analyses ran with it, stored once per distinct content; tasks point at theirs.
 * The hash is the SHA-256 of the data's jsonb text (jsonb prints keys in one order), computed by the
 * database exactly as migration 0011 computed it for the copies tasks carried before.
 */
const hashOf = (data: SQL) => sql<string>`encode(sha256(convert_to((${data})::text, 'UTF8')), 'hex')`;

export type PromptVersionData = Record<string, unknown>;

/** The version of a prompt with this content (data: the pipeline's PromptSnapshot), created when new. */
export async function savePromptVersion<T extends { id: number; projectId: number }>(
  db: Executor,
  data: T,
): Promise<number> {
  const json = sql`${JSON.stringify(data)}::jsonb`;
  const key = { projectId: data.projectId, promptId: data.id };
  const [created] = await db
    .insert(promptVersions)
    .values({ ...key, data: json, hash: hashOf(json) })
    .onConflictDoNothing({ target: [promptVersions.projectId, promptVersions.promptId, promptVersions.hash] })
    .returning({ id: promptVersions.id });
  if (created) return created.id;
  // Stored already, or by a concurrent run that this insert waited for (read committed sees it now).
  const [stored] = await db
    .select({ id: promptVersions.id })
    .from(promptVersions)
    .where(
      and(
        eq(promptVersions.projectId, key.projectId),
        eq(promptVersions.promptId, key.promptId),
        eq(promptVersions.hash, hashOf(json)),
      ),
    );
  return stored!.id;
}

/** The data of these versions by id (nulls are skipped), as saved (the pipeline's PromptSnapshot). */
export async function readPromptVersions<T extends object = PromptVersionData>(
  db: Executor,
  ids: Array<number | null>,
): Promise<Map<number, T>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: promptVersions.id, data: promptVersions.data })
    .from(promptVersions)
    .where(inArray(promptVersions.id, wanted));
  return new Map(rows.map((row) => [row.id, row.data as T]));
}
