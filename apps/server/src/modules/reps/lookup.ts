import { deriveTaskPeople, type RepMappingTarget, repLookupKeys } from '@parley/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { repMappings } from '../../db/schema/index.ts';

/** The project's entries for these identifier keys (repIdentifierKey form). */
export async function repMappingsFor(
  db: Executor,
  projectId: number,
  keys: string[],
): Promise<Map<string, RepMappingTarget>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .select({
      key: repMappings.identifierKey,
      representative: repMappings.representative,
      department: repMappings.department,
    })
    .from(repMappings)
    .where(and(eq(repMappings.projectId, projectId), inArray(repMappings.identifierKey, keys)));
  return new Map(
    rows.map((row) => [row.key, { representative: row.representative, department: row.department }]),
  );
}

/**
 * Title, representative and department of an analysis from its metadata, with the project's rep mapping
 * applied (deriveTaskPeople). The one place these columns are derived: new tasks, restarted tasks, and the
 * re-mapping of existing ones.
 */
export async function taskPeople(db: Executor, projectId: number, metadata: Record<string, string>) {
  return deriveTaskPeople(metadata, await repMappingsFor(db, projectId, repLookupKeys(metadata)));
}
