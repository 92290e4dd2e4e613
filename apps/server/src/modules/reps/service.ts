import {
  deriveTaskPeople,
  REP_MAPPING,
  REP_TEXTS,
  type RepMapping,
  type RepMappingTarget,
  repIdentifierKey,
  type TeamLeader,
  uniqueNames,
} from '@parley/contracts';
import { and, asc, count, eq, gt, isNotNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectMembers, repMappings, tasks, teamLeaderAssignments, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { updateTaskPeople } from '../tasks/people.ts';
import { taskVisibilityCondition } from '../tasks/visibility.ts';
import type { UserRow } from '../users/dto.ts';

type MappingRow = typeof repMappings.$inferSelect;
type MappingInput = { identifier: string; representative: string; department: string | null };

function toMappingDto(row: MappingRow): RepMapping {
  return {
    id: row.id,
    project_id: row.projectId,
    identifier: row.identifier,
    representative: row.representative,
    department: row.department,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function keyOf(identifier: string): string {
  const key = repIdentifierKey(identifier);
  if (!key) throw badRequest(REP_TEXTS.identifierRequired, 'validation_error');
  return key;
}

/** The project's entries, by representative then identifier. */
export async function listMappings(ctx: AppContext, access: ProjectAccess): Promise<RepMapping[]> {
  const rows = await ctx.db
    .select()
    .from(repMappings)
    .where(eq(repMappings.projectId, access.project.id))
    .orderBy(asc(sql`lower(${repMappings.representative})`), asc(repMappings.identifierKey));
  return rows.map(toMappingDto);
}

/** A new entry; an identifier that matches an existing one (same key) answers 409 duplicate_identifier. */
export async function createMapping(
  ctx: AppContext,
  access: ProjectAccess,
  input: MappingInput,
): Promise<RepMapping> {
  const identifierKey = keyOf(input.identifier);
  const [counted] = await ctx.db
    .select({ n: count() })
    .from(repMappings)
    .where(eq(repMappings.projectId, access.project.id));
  if ((counted?.n ?? 0) >= REP_MAPPING.maxEntries) throw conflict(REP_TEXTS.tooMany, 'too_many_mappings');
  try {
    const [row] = await ctx.db
      .insert(repMappings)
      .values({ projectId: access.project.id, ...input, identifierKey })
      .returning();
    return toMappingDto(row!);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(REP_TEXTS.duplicate(input.identifier), 'duplicate_identifier');
    throw error;
  }
}

export async function updateMapping(
  ctx: AppContext,
  access: ProjectAccess,
  mappingId: number,
  input: MappingInput,
): Promise<RepMapping> {
  const identifierKey = keyOf(input.identifier);
  try {
    const [row] = await ctx.db
      .update(repMappings)
      .set({ ...input, identifierKey, updatedAt: new Date() })
      .where(and(eq(repMappings.id, mappingId), eq(repMappings.projectId, access.project.id)))
      .returning();
    if (!row) throw notFound(REP_TEXTS.notFound);
    return toMappingDto(row);
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict(REP_TEXTS.duplicate(input.identifier), 'duplicate_identifier');
    throw error;
  }
}

export async function deleteMapping(
  ctx: AppContext,
  access: ProjectAccess,
  mappingId: number,
): Promise<void> {
  const deleted = await ctx.db
    .delete(repMappings)
    .where(and(eq(repMappings.id, mappingId), eq(repMappings.projectId, access.project.id)))
    .returning({ id: repMappings.id });
  if (deleted.length === 0) throw notFound(REP_TEXTS.notFound);
}

/** Tasks re-mapped per round trip. */
const APPLY_CHUNK = 1000;

/**
 * Re-derives the representative and department of every analysis of the project from its metadata with the
 * current mapping (the same rule as for new analyses; an entry removed since gives the metadata's value back).
 * Titles and results are not touched. Returns how many analyses changed.
 */
export async function applyMappings(ctx: AppContext, access: ProjectAccess): Promise<number> {
  const projectId = access.project.id;
  const entries = await ctx.db
    .select({
      key: repMappings.identifierKey,
      representative: repMappings.representative,
      department: repMappings.department,
    })
    .from(repMappings)
    .where(eq(repMappings.projectId, projectId));
  const mappings = new Map<string, RepMappingTarget>(
    entries.map((entry) => [
      entry.key,
      { representative: entry.representative, department: entry.department },
    ]),
  );
  let changed = 0;
  let afterId = 0;
  for (;;) {
    const rows = await ctx.db
      .select({
        id: tasks.id,
        metadata: tasks.metadata,
        representative: tasks.representative,
        department: tasks.department,
      })
      .from(tasks)
      .where(and(eq(tasks.projectId, projectId), gt(tasks.id, afterId)))
      .orderBy(asc(tasks.id))
      .limit(APPLY_CHUNK);
    if (rows.length === 0) break;
    afterId = rows.at(-1)!.id;
    const updates = rows.flatMap((row) => {
      const people = deriveTaskPeople(row.metadata ?? {}, mappings);
      return people.representative === row.representative && people.department === row.department
        ? []
        : [{ id: row.id, representative: people.representative, department: people.department }];
    });
    await updateTaskPeople(ctx.db, projectId, updates);
    changed += updates.length;
  }
  ctx.logger.info({ projectId, changed }, 'Rep mapping applied to existing analyses');
  return changed;
}

/** Sorted case-insensitively, duplicates (any case) and the literals null/undefined dropped. */
function sortedNames(values: string[]): string[] {
  return uniqueNames(values).sort((a, b) => a.localeCompare(b, undefined, { sensitivity: 'base' }));
}

/**
 * The canonical representatives or departments of the project, for filters and the team-leader form: the
 * values of its analyses (after mapping) and of its rep mapping. A team leader gets those of the analyses
 * they see and of their assignment.
 */
export async function distinctNames(
  ctx: AppContext,
  access: ProjectAccess,
  field: 'representative' | 'department',
): Promise<string[]> {
  const column = field === 'representative' ? tasks.representative : tasks.department;
  const fromTasks = await ctx.db
    .selectDistinct({ value: column })
    .from(tasks)
    .where(and(eq(tasks.projectId, access.project.id), isNotNull(column), taskVisibilityCondition(access)));
  const values = fromTasks.map((row) => row.value!);
  const visibility = access.visibility;
  if (!visibility || visibility.kind === 'all') {
    const mappingColumn = field === 'representative' ? repMappings.representative : repMappings.department;
    const fromMappings = await ctx.db
      .selectDistinct({ value: mappingColumn })
      .from(repMappings)
      .where(and(eq(repMappings.projectId, access.project.id), isNotNull(mappingColumn)));
    values.push(...fromMappings.map((row) => row.value!));
  } else if (visibility.kind === 'team' && visibility.assignment) {
    values.push(
      ...(field === 'representative'
        ? visibility.assignment.representatives
        : visibility.assignment.departments),
    );
  }
  return sortedNames(values);
}

// ---------- team leaders ----------

async function teamLeaderRows(ctx: AppContext, projectId: number, userId?: number) {
  return ctx.db
    .select({
      userId: projectMembers.userId,
      role: projectMembers.role,
      name: users.name,
      email: users.email,
      departments: teamLeaderAssignments.departments,
      representatives: teamLeaderAssignments.representatives,
      updatedAt: teamLeaderAssignments.updatedAt,
    })
    .from(projectMembers)
    .innerJoin(users, eq(users.id, projectMembers.userId))
    .leftJoin(
      teamLeaderAssignments,
      and(
        eq(teamLeaderAssignments.projectId, projectMembers.projectId),
        eq(teamLeaderAssignments.userId, projectMembers.userId),
      ),
    )
    .where(
      and(
        eq(projectMembers.projectId, projectId),
        userId === undefined ? eq(projectMembers.role, 'teamleader') : eq(projectMembers.userId, userId),
      ),
    )
    .orderBy(asc(users.name), asc(users.email));
}

function toTeamLeaderDto(row: Awaited<ReturnType<typeof teamLeaderRows>>[number]): TeamLeader {
  return {
    user_id: row.userId,
    name: row.name,
    email: row.email,
    departments: row.departments ?? [],
    representatives: row.representatives ?? [],
    updated_at: row.updatedAt ? row.updatedAt.toISOString() : null,
  };
}

/** The project's team leaders with their assignments. */
export async function listTeamLeaders(ctx: AppContext, access: ProjectAccess): Promise<TeamLeader[]> {
  return (await teamLeaderRows(ctx, access.project.id)).map(toTeamLeaderDto);
}

async function requireTeamLeader(ctx: AppContext, access: ProjectAccess, userId: number) {
  const [row] = await teamLeaderRows(ctx, access.project.id, userId);
  if (!row) throw notFound('This person is not a member of the project.');
  if (row.role !== 'teamleader') throw badRequest(REP_TEXTS.notTeamLeader, 'not_team_leader');
  return row;
}

export async function getTeamLeader(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
): Promise<TeamLeader> {
  return toTeamLeaderDto(await requireTeamLeader(ctx, access, userId));
}

/** Saves a team leader's departments and representatives (names trimmed, duplicates dropped). */
export async function setTeamLeader(
  ctx: AppContext,
  access: ProjectAccess,
  by: UserRow,
  userId: number,
  input: { departments: string[]; representatives: string[] },
): Promise<TeamLeader> {
  await requireTeamLeader(ctx, access, userId);
  const values = {
    departments: uniqueNames(input.departments),
    representatives: uniqueNames(input.representatives),
    updatedBy: by.id,
    updatedAt: new Date(),
  };
  await ctx.db
    .insert(teamLeaderAssignments)
    .values({ projectId: access.project.id, userId, ...values })
    .onConflictDoUpdate({
      target: [teamLeaderAssignments.projectId, teamLeaderAssignments.userId],
      set: values,
    });
  return getTeamLeader(ctx, access, userId);
}
