import type { MemberRole, Project, ProjectInput } from '@parley/contracts';
import { asc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { projectMembers, projects } from '../../db/schema.ts';
import { forbidden } from '../../http/errors.ts';
import { initProjectBilling, type ProjectBillingView, projectBillingViews } from '../billing/service.ts';
import type { UserRow } from '../users/dto.ts';
import { type ProjectRow, requireProjectRole } from './access.ts';

type ProjectFields = Required<Pick<ProjectInput, 'name' | 'description' | 'role' | 'timezone'>>;
type ProjectChanges = Partial<ProjectFields> & {
  use_balance_for_analysis?: boolean | undefined;
  phone_metadata_field?: string | null | undefined;
  keep_skipped_media?: boolean | undefined;
};

export function toProjectDto(row: ProjectRow, myRole: MemberRole, billing: ProjectBillingView): Project {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    role: row.role,
    timezone: row.timezone,
    my_role: myRole,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    ...billing,
    phone_metadata_field: row.phoneMetadataField,
    keep_skipped_media: row.keepSkippedMedia,
  };
}

/** Projects with their billing view (balance, currency, plan), for every member role. */
async function toProjectDtos(db: Executor, rows: Array<{ project: ProjectRow; role: MemberRole }>) {
  const billing = await projectBillingViews(
    db,
    rows.map((row) => row.project),
  );
  return rows.map((row) => toProjectDto(row.project, row.role, billing.get(row.project.id)!));
}

/** The projects the user is a member of, by name. */
export async function listProjects(ctx: AppContext, user: UserRow): Promise<Project[]> {
  const rows = await ctx.db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(eq(projectMembers.userId, user.id))
    .orderBy(asc(projects.name), asc(projects.id));
  return toProjectDtos(ctx.db, rows);
}

export async function getProject(ctx: AppContext, user: UserRow, projectId: number): Promise<Project> {
  const { project, role } = await requireProjectRole(ctx.db, user, projectId, 'user');
  const [dto] = await toProjectDtos(ctx.db, [{ project, role }]);
  return dto!;
}

/** Creates a project on the default tariff plan; its creator is the owner. */
export async function createProject(ctx: AppContext, user: UserRow, input: ProjectFields): Promise<Project> {
  const project = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(projects).values(input).returning();
    await tx.insert(projectMembers).values({ projectId: created!.id, userId: user.id, role: 'owner' });
    await initProjectBilling(tx, created!.id);
    const [withPlan] = await tx.select().from(projects).where(eq(projects.id, created!.id));
    return withPlan!;
  });
  const [dto] = await toProjectDtos(ctx.db, [{ project, role: 'owner' }]);
  return dto!;
}

export async function updateProject(
  ctx: AppContext,
  user: UserRow,
  projectId: number,
  changes: ProjectChanges,
): Promise<Project> {
  const { role } = await requireProjectRole(ctx.db, user, projectId, 'admin');
  const { use_balance_for_analysis, phone_metadata_field, keep_skipped_media, ...fields } = changes;
  const [updated] = await ctx.db
    .update(projects)
    .set({
      ...fields,
      ...(use_balance_for_analysis !== undefined && { useBalanceForAnalysis: use_balance_for_analysis }),
      ...(phone_metadata_field !== undefined && { phoneMetadataField: phone_metadata_field }),
      ...(keep_skipped_media !== undefined && { keepSkippedMedia: keep_skipped_media }),
      updatedAt: new Date(),
    })
    .where(eq(projects.id, projectId))
    .returning();
  const [dto] = await toProjectDtos(ctx.db, [{ project: updated!, role }]);
  return dto!;
}

/** Only an owner (or a super admin) deletes a project, with everything in it. */
export async function deleteProject(ctx: AppContext, user: UserRow, projectId: number): Promise<void> {
  const { role } = await requireProjectRole(ctx.db, user, projectId, 'user');
  if (role !== 'owner' && !user.isSuperAdmin) {
    throw forbidden('Only an owner of the project can delete it.');
  }
  await ctx.db.delete(projects).where(eq(projects.id, projectId));
}
