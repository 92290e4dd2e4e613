import { uniqueNames } from '@parley/contracts';
import { type Column, inArray, or, type SQL, sql } from 'drizzle-orm';
import { tasks } from '../../db/schema/index.ts';
import type { ProjectAccess, TaskVisibility } from '../projects/access.ts';

const lowered = (values: readonly string[]) => uniqueNames(values).map((value) => value.toLowerCase());

/** The columns of a table of analyses (or rows of analyses) that visibility narrows on. */
export interface VisibilityColumns {
  department: Column;
  representative: Column;
  /** The key an analysis was uploaded with; a table without it shows a media key nothing. */
  apiKeyId?: Column;
}

/**
 * The SQL condition for the analyses the caller may see (undefined: all), on a table's columns. A media key
 * sees the tasks it uploaded; a team (a team leader's, an agent's own representative) those whose department
 * or representative is in its assignment (compared case-insensitively), none without an assignment.
 */
export function visibilityCondition(access: ProjectAccess, columns: VisibilityColumns): SQL | undefined {
  return conditionOf(access.visibility, columns);
}

export function conditionOf(
  visibility: TaskVisibility | undefined,
  columns: VisibilityColumns,
): SQL | undefined {
  if (!visibility || visibility.kind === 'all') return undefined;
  if (visibility.kind === 'apiKey') {
    return columns.apiKeyId ? sql`${columns.apiKeyId} = ${visibility.apiKeyId}` : sql`false`;
  }
  const departments = lowered(visibility.assignment?.departments ?? []);
  const representatives = lowered(visibility.assignment?.representatives ?? []);
  const conditions: SQL[] = [];
  if (departments.length > 0) conditions.push(inArray(sql`lower(${columns.department})`, departments));
  if (representatives.length > 0) {
    conditions.push(inArray(sql`lower(${columns.representative})`, representatives));
  }
  return conditions.length > 0 ? or(...conditions) : sql`false`;
}

/** The visibility condition on the tasks table. */
export function taskVisibilityCondition(access: ProjectAccess): SQL | undefined {
  return visibilityCondition(access, tasks);
}
