import {
  breaksLastOwner,
  deleteConfirmationMatches,
  MEMBER_TEXTS,
  type MemberRole,
  type Project,
  type ProjectInput,
  type RepresentativeChannel,
  type TranscriptionChoice,
} from '@parley/contracts';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import { isTranscriptionChoiceValid } from '../../ai/transcription-catalog.ts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { mediaFiles, projectMembers, projects, prompts } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../errors.ts';
import { storageOf } from '../../storage/index.ts';
import { redateFieldValues } from '../analytics/record.ts';
import { viewerOf } from '../auth/plugin.ts';
import { keepBillingRecords } from '../billing/deleted-projects.ts';
import {
  initProjectBilling,
  type ProjectBillingView,
  projectBillingViews,
} from '../billing/project-billing.ts';
import type { UserRow } from '../users/dto.ts';
import type { ProjectAccess, ProjectRow } from './access.ts';
import { representativesOf } from './team-scope.ts';

const MEDIA_REMOVALS_AT_ONCE = 16;

type ProjectFields = Required<Pick<ProjectInput, 'name' | 'description' | 'role' | 'timezone'>>;
type ProjectChanges = Partial<ProjectFields> & {
  use_balance_for_analysis?: boolean | undefined;
  phone_metadata_field?: string | null | undefined;
  keep_skipped_media?: boolean | undefined;
  default_prompt_id?: number | null | undefined;
  transcription?: TranscriptionChoice | null | undefined;
  representative_channel?: RepresentativeChannel | undefined;
  agents_see_own?: boolean | undefined;
};

export function toProjectDto(
  row: ProjectRow,
  myRole: MemberRole,
  billing: ProjectBillingView,
  readOnly = false,
  myRepresentative?: string | null,
): Project {
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
    default_prompt_id: row.defaultPromptId,
    transcription:
      row.transcriptionProvider && row.transcriptionModel
        ? { provider: row.transcriptionProvider, model: row.transcriptionModel }
        : null,
    representative_channel: row.representativeChannel,
    agents_see_own: row.agentsSeeOwn,
    ...(myRepresentative !== undefined && { my_representative: myRepresentative }),
    read_only: readOnly,
  };
}

/**
 * Projects with their billing view (balance, currency, plan), for every member role, and for a viewer limited
 * to their own representative's analyses, that representative.
 */
async function toProjectDtos(
  db: Executor,
  rows: Array<{ project: ProjectRow; role: MemberRole; readOnly?: boolean }>,
  viewer?: UserRow,
) {
  const billing = await projectBillingViews(
    db,
    rows.map((row) => row.project),
  );
  const limited = rows.filter((row) => row.role === 'user' && row.project.agentsSeeOwn);
  const representatives =
    viewer && limited.length > 0
      ? await representativesOf(
          db,
          limited.map((row) => row.project.id),
          viewer.email,
        )
      : new Map<number, string>();
  return rows.map((row) =>
    toProjectDto(
      row.project,
      row.role,
      billing.get(row.project.id)!,
      row.readOnly,
      limited.includes(row) ? (representatives.get(row.project.id) ?? null) : undefined,
    ),
  );
}

/** The projects the user is a member of, by name (with an API key: only the key's project). */
export async function listProjects(ctx: AppContext, user: UserRow): Promise<Project[]> {
  const apiKey = viewerOf(user)?.apiKey;
  const rows = await ctx.db
    .select({ project: projects, role: projectMembers.role })
    .from(projectMembers)
    .innerJoin(projects, eq(projects.id, projectMembers.projectId))
    .where(and(eq(projectMembers.userId, user.id), apiKey ? eq(projects.id, apiKey.projectId) : undefined))
    .orderBy(asc(projects.name), asc(projects.id));
  return toProjectDtos(ctx.db, rows, user);
}

export async function getProject(ctx: AppContext, user: UserRow, access: ProjectAccess): Promise<Project> {
  const [dto] = await toProjectDtos(
    ctx.db,
    [{ project: access.project, role: access.role, readOnly: access.support === true }],
    user,
  );
  return dto!;
}

/** Creates a project on the default tariff plan; its creator is the owner (and uses their starter units). */
export async function createProject(ctx: AppContext, user: UserRow, input: ProjectFields): Promise<Project> {
  const project = await ctx.db.transaction(async (tx) => {
    const [created] = await tx.insert(projects).values(input).returning();
    await tx.insert(projectMembers).values({ projectId: created!.id, userId: user.id, role: 'owner' });
    await initProjectBilling(tx, created!.id, user.id);
    const [withPlan] = await tx.select().from(projects).where(eq(projects.id, created!.id));
    return withPlan!;
  });
  const [dto] = await toProjectDtos(ctx.db, [{ project, role: 'owner' }]);
  return dto!;
}

/** General settings (admin or owner; checked by the route). The default prompt must be one of the project's. */
export async function updateProject(
  ctx: AppContext,
  access: ProjectAccess,
  changes: ProjectChanges,
): Promise<Project> {
  const projectId = access.project.id;
  const {
    use_balance_for_analysis,
    phone_metadata_field,
    keep_skipped_media,
    default_prompt_id,
    transcription,
    representative_channel,
    agents_see_own,
    ...fields
  } = changes;
  // A choice already saved stays acceptable when unchanged, even if its key has gone meanwhile.
  const saved = access.project;
  const unchanged =
    transcription?.provider === saved.transcriptionProvider &&
    transcription?.model === saved.transcriptionModel;
  if (transcription && !unchanged && !isTranscriptionChoiceValid(ctx.config, transcription)) {
    throw badRequest(MEMBER_TEXTS.transcriptionUnavailable, 'transcription_unavailable');
  }
  if (default_prompt_id !== undefined && default_prompt_id !== null) {
    const [prompt] = await ctx.db
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.id, default_prompt_id), eq(prompts.projectId, projectId)));
    if (!prompt) throw badRequest(MEMBER_TEXTS.defaultPromptNotFound, 'prompt_not_found');
  }
  const updated = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(projects)
      .set({
        ...fields,
        ...(use_balance_for_analysis !== undefined && { useBalanceForAnalysis: use_balance_for_analysis }),
        ...(phone_metadata_field !== undefined && { phoneMetadataField: phone_metadata_field }),
        ...(keep_skipped_media !== undefined && { keepSkippedMedia: keep_skipped_media }),
        ...(default_prompt_id !== undefined && { defaultPromptId: default_prompt_id }),
        ...(transcription !== undefined && {
          transcriptionProvider: transcription?.provider ?? null,
          transcriptionModel: transcription?.model ?? null,
        }),
        ...(representative_channel !== undefined && { representativeChannel: representative_channel }),
        ...(agents_see_own !== undefined && { agentsSeeOwn: agents_see_own }),
        updatedAt: new Date(),
      })
      .where(eq(projects.id, projectId))
      .returning();
    if (row!.timezone !== access.project.timezone) await redateFieldValues(tx, projectId);
    return row;
  });
  const [dto] = await toProjectDtos(ctx.db, [{ project: updated!, role: access.role }]);
  return dto!;
}

/**
 * Only an owner (or a super admin) deletes a project, with everything in it but its billing records, and only
 * with the project's name typed as confirmation.
 */
export async function deleteProject(
  ctx: AppContext,
  user: UserRow,
  access: ProjectAccess,
  confirmName: string | undefined,
): Promise<void> {
  if (access.role !== 'owner' && !user.isSuperAdmin) throw forbidden(MEMBER_TEXTS.deleteOwnerOnly);
  if (!deleteConfirmationMatches(access.project.name, confirmName)) {
    throw badRequest(MEMBER_TEXTS.deleteConfirmMismatch, 'confirmation_mismatch');
  }
  const projectId = access.project.id;
  // The rows go with the project (ON DELETE CASCADE), but for its billing records, which stay anonymous; the
  // stored bytes must be removed by hand, after the delete has committed, so that a failed delete never leaves
  // rows pointing at removed media.
  const media = await ctx.db.transaction(async (tx) => {
    await keepBillingRecords(tx, projectId);
    const keys = await tx
      .select({ key: mediaFiles.storageKey, original: mediaFiles.originalStorageKey })
      .from(mediaFiles)
      .where(and(eq(mediaFiles.projectId, projectId), isNull(mediaFiles.removedAt)));
    await tx.delete(projects).where(eq(projects.id, projectId));
    // A redacted recording's upload, kept beside it, goes too.
    return keys.flatMap((row) => (row.original ? [row.key, row.original] : [row.key]));
  });
  await removeStoredMedia(ctx, media);
  ctx.logger.info({ projectId, userId: user.id, mediaFiles: media.length }, 'Project deleted');
}

/** Removes stored objects a few at a time; one that can't be removed is logged, not fatal. */
async function removeStoredMedia(ctx: AppContext, keys: string[]): Promise<void> {
  const storage = storageOf(ctx.config);
  for (let start = 0; start < keys.length; start += MEDIA_REMOVALS_AT_ONCE) {
    await Promise.all(
      keys
        .slice(start, start + MEDIA_REMOVALS_AT_ONCE)
        .map((key) =>
          storage
            .remove(key)
            .catch((error) => ctx.logger.warn({ err: error, key }, 'Could not remove a media file')),
        ),
    );
  }
}

/** Locks the project's row so that membership changes of one project happen one at a time. */
export async function lockProject(tx: Executor, projectId: number): Promise<void> {
  await tx.execute(sql`SELECT id FROM projects WHERE id = ${projectId} FOR UPDATE`);
}

/** How many owners the project has (call within a transaction that holds lockProject). */
export async function ownerCount(tx: Executor, projectId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(projectMembers)
    .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.role, 'owner')));
  return row?.n ?? 0;
}

/**
 * Hands the project to another member: they become owner, the caller (an owner) becomes admin. The last-owner
 * rule holds by construction (the new owner is made before the old one steps down).
 */
export async function transferOwnership(
  ctx: AppContext,
  user: UserRow,
  access: ProjectAccess,
  targetUserId: number,
): Promise<void> {
  if (access.role !== 'owner' || access.support) throw forbidden(MEMBER_TEXTS.transferOwnerOnly);
  if (targetUserId === user.id) throw badRequest(MEMBER_TEXTS.transferSelf, 'transfer_to_self');
  const projectId = access.project.id;
  await ctx.db.transaction(async (tx) => {
    await lockProject(tx, projectId);
    const [me] = await tx
      .select({ role: projectMembers.role })
      .from(projectMembers)
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)));
    if (me?.role !== 'owner') throw forbidden(MEMBER_TEXTS.transferOwnerOnly);
    const [target] = await tx
      .update(projectMembers)
      .set({ role: 'owner' })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, targetUserId)))
      .returning();
    if (!target) throw notFound(MEMBER_TEXTS.memberNotFound);
    if (breaksLastOwner(await ownerCount(tx, projectId), 'owner', 'admin')) {
      throw conflict(MEMBER_TEXTS.lastOwner, 'last_owner');
    }
    await tx
      .update(projectMembers)
      .set({ role: 'admin' })
      .where(and(eq(projectMembers.projectId, projectId), eq(projectMembers.userId, user.id)));
  });
  ctx.logger.info({ projectId, from: user.id, to: targetUserId }, 'Project ownership transferred');
}
