import type { MemberRole, Project, ProjectInput } from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { projectMembers, projects } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import type { UserRow } from '../users/dto.ts';
import { type ProjectRow, requireProjectRole } from './access.ts';

type ProjectFields = Required<Pick<ProjectInput, 'name' | 'description' | 'role' | 'timezone'>>;

export function toProjectDto(row: ProjectRow, myRole: MemberRole): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    role: row.role,
    timezone: row.timezone,
    my_role: myRole,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The projects the user is a member of, by name. */
export async function listProjects(ctx: AppContext, user: UserRow): Promise<Project[]> {
  const rows = await ctx.db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, user.id))
    .orderBy(asc(projects.name), asc(projects.id));
  return rows.map((row) => toProjectDto(row.project, row.role));
}

export async function getProject(ctx: AppContext, user: UserRow, projectId: number): Promise<Project> {
  const { project, role } = await requireProjectRole(ctx.db, user, projectId, 'user');
  return toProjectDto(project, role);
}

/** Creates a project; its creator is the owner. */
export async function createProject(ctx: AppContext, user: UserRow, input: ProjectFields): Promise<Project> {
  const project = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(projects).values(input).returning();
    await tx.insert(projectMembers).values({ projectId: created!.id, userId: user.id, role: 'owner' });
    return created!;
  });
  return toProjectDto(project, 'owner');
}

export async function updateProject(
  ctx: AppContext,
  user: UserRow,
  projectId: number,
  changes: Partial<ProjectFields>,
): Promise<Project> {
  const { role } = await requireProjectRole(ctx.db, user, projectId, 'admin');
  const [updated] = await ctx.db
    .update(projects)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(projects.id, projectId))
    .returning();
  return toProjectDto(updated!, role);
}

/** Only an owner (or a super admin) deletes a project, with everything in it. */
export async function deleteProject(ctx: AppContext, user: UserRow, projectId: number): Promise<void> {
  const { role } = await requireProjectRole(ctx.db, user, projectId, 'user');
  if (role !== 'owner' && !user.isSuperAdmin) {
    throw forbidden('Only an owner of the project can delete it.');
  }
  await ctx.db.delete(projects).where(eq(projects.id, projectId));
}
