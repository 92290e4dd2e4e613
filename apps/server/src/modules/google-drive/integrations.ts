import {
  DRIVE_TEXTS,
  type FolderIntegration,
  type FolderIntegrationCreateRequest,
  type FolderIntegrationUpdateRequest,
  readStructureConfig,
  structureProblem,
} from '@parley/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { driveConnections, driveIntegrations, prompts } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { type ConnectionRow, type IntegrationRow, toIntegrationDto } from './dto.ts';

type CreateBody = z.output<typeof FolderIntegrationCreateRequest>;
type UpdateBody = z.output<typeof FolderIntegrationUpdateRequest>;

async function projectConnection(ctx: AppContext, projectId: number, id: number): Promise<ConnectionRow> {
  const [row] = await ctx.db
    .select()
    .from(driveConnections)
    .where(and(eq(driveConnections.id, id), eq(driveConnections.projectId, projectId)));
  if (!row) throw notFound(DRIVE_TEXTS.connectionNotFound);
  return row;
}

async function assertProjectPrompt(ctx: AppContext, projectId: number, promptId: number): Promise<void> {
  const [row] = await ctx.db
    .select({ id: prompts.id })
    .from(prompts)
    .where(and(eq(prompts.id, promptId), eq(prompts.projectId, projectId)));
  if (!row) throw badRequest(DRIVE_TEXTS.promptNotInProject, 'prompt_not_found');
}

export async function listIntegrations(ctx: AppContext, projectId: number): Promise<FolderIntegration[]> {
  const rows = await ctx.db
    .select({ integration: driveIntegrations, connection: driveConnections })
    .from(driveIntegrations)
    .innerJoin(driveConnections, eq(driveConnections.id, driveIntegrations.connectionId))
    .where(eq(driveIntegrations.projectId, projectId))
    .orderBy(asc(driveIntegrations.id));
  return rows.map((row) => toIntegrationDto(row.integration, row.connection));
}

export async function createIntegration(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  body: CreateBody,
): Promise<FolderIntegration> {
  const projectId = access.project.id;
  const connection = await projectConnection(ctx, projectId, body.connection_id);
  await assertProjectPrompt(ctx, projectId, body.prompt_id);
  const [row] = await ctx.db
    .insert(driveIntegrations)
    .values({
      projectId,
      connectionId: connection.id,
      createdBy: userId,
      folderId: body.folder_id,
      folderName: body.folder_name,
      structureType: body.structure_type,
      structureConfig: body.structure_config ?? null,
      promptId: body.prompt_id,
      isActive: body.is_active,
    })
    .returning();
  return toIntegrationDto(row!, connection);
}

/** Applies the changes sent; the structure they make with what is stored must still be valid. */
export async function updateIntegration(
  ctx: AppContext,
  access: ProjectAccess,
  current: IntegrationRow,
  body: UpdateBody,
): Promise<FolderIntegration> {
  const projectId = access.project.id;
  const connection = await projectConnection(ctx, projectId, body.connection_id ?? current.connectionId);
  if (body.prompt_id !== undefined) await assertProjectPrompt(ctx, projectId, body.prompt_id);
  const type = body.structure_type ?? current.structureType;
  const config =
    body.structure_config !== undefined
      ? body.structure_config
      : readStructureConfig(current.structureConfig);
  const problem = structureProblem(type, config);
  if (problem) throw badRequest(problem, 'invalid_structure', 'structure_config.filename_regex');
  const [row] = await ctx.db
    .update(driveIntegrations)
    .set({
      connectionId: connection.id,
      ...(body.folder_id !== undefined && { folderId: body.folder_id }),
      ...(body.folder_name !== undefined && { folderName: body.folder_name }),
      structureType: type,
      ...(body.structure_config !== undefined && { structureConfig: body.structure_config }),
      ...(body.prompt_id !== undefined && { promptId: body.prompt_id }),
      ...(body.is_active !== undefined && { isActive: body.is_active }),
      updatedAt: new Date(),
    })
    .where(eq(driveIntegrations.id, current.id))
    .returning();
  return toIntegrationDto(row!, connection);
}
