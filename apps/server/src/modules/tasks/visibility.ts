import { uniqueNames } from '@parley/contracts';
import { inArray, or, type SQL, sql } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';

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
