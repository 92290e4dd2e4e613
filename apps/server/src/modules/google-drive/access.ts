import { DRIVE_TEXTS } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { driveConnections, driveIntegrations } from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { currentUser } from '../auth/plugin.ts';
import { type ProjectAccess, requireProjectRole } from '../projects/access.ts';
import type { ConnectionRow, IntegrationRow } from './dto.ts';

// Every Drive call needs an admin or owner of the project (the integrations page is a management page);
// a connection or integration of another project, or of a project the caller is not in, is 404.

const NOT_FOUND = {
  connection: DRIVE_TEXTS.connectionNotFound,
  integration: DRIVE_TEXTS.integrationNotFound,
} as const;

export function driveAccess(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: number,
): Promise<ProjectAccess> {
  return requireProjectRole(ctx.db, currentUser(request), projectId, 'admin');
}

/** The project's access; a caller outside the project learns nothing more than "not found". */
async function accessOr404(
  ctx: AppContext,
  request: FastifyRequest,
  projectId: number,
  what: keyof typeof NOT_FOUND,
): Promise<ProjectAccess> {
  try {
    return await driveAccess(ctx, request, projectId);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') throw notFound(NOT_FOUND[what]);
    throw error;
  }
}

/** A connection the caller may manage; `projectId`, when given, must be its project. */
export async function connectionFor(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  projectId?: number,
): Promise<{ access: ProjectAccess; connection: ConnectionRow }> {
  const [connection] = await ctx.db.select().from(driveConnections).where(eq(driveConnections.id, id));
  if (!connection || (projectId !== undefined && connection.projectId !== projectId)) {
    throw notFound(NOT_FOUND.connection);
  }
  return { access: await accessOr404(ctx, request, connection.projectId, 'connection'), connection };
}

/** An integration (with its connection) the caller may manage; `projectId`, when given, must be its project. */
export async function integrationFor(
  ctx: AppContext,
  request: FastifyRequest,
  id: number,
  projectId?: number,
): Promise<{ access: ProjectAccess; integration: IntegrationRow; connection: ConnectionRow }> {
  const [row] = await ctx.db
    .select({ integration: driveIntegrations, connection: driveConnections })
    .from(driveIntegrations)
    .innerJoin(driveConnections, eq(driveConnections.id, driveIntegrations.connectionId))
    .where(eq(driveIntegrations.id, id));
  if (!row || (projectId !== undefined && row.integration.projectId !== projectId)) {
    throw notFound(NOT_FOUND.integration);
  }
  return { access: await accessOr404(ctx, request, row.integration.projectId, 'integration'), ...row };
}
