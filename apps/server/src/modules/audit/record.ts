import type { AuditAction, AuditDetails } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess } from '../projects/access.ts';

/** Who did something, as the audit trail keeps it. */
export interface AuditActor {
  userId: number | null;
  userEmail: string | null;
  apiKeyId: number | null;
  ip: string | null;
}

/** The caller of a project route (after its projectRole hook). */
export function actorOf(request: FastifyRequest): AuditActor {
  const user = currentUser(request);
  return {
    userId: user.id,
    userEmail: user.email,
    apiKeyId: projectAccess(request).apiKey?.id ?? null,
    ip: request.ip,
  };
}

/** The signed-in caller of a route outside any project (e.g. the SSO settings). */
export function accountActor(request: FastifyRequest): AuditActor {
  const user = currentUser(request);
  return { userId: user.id, userEmail: user.email, apiKeyId: request.apiKey?.id ?? null, ip: request.ip };
}

type AuditEntryInput = { targetId?: number | null; details?: AuditDetails };

/** Appends one entry to a project's audit trail. */
export function recordAudit(
  db: Executor,
  projectId: number,
  actor: AuditActor,
  action: AuditAction,
  entry: AuditEntryInput = {},
): Promise<void> {
  return recordAuditInProjects(db, [projectId], actor, action, entry);
}

/** Appends the same entry to the trail of each of these projects (an action outside one project that reaches them). */
export async function recordAuditInProjects(
  db: Executor,
  projectIds: Iterable<number>,
  actor: AuditActor,
  action: AuditAction,
  entry: AuditEntryInput = {},
): Promise<void> {
  const unique = [...new Set(projectIds)];
  if (unique.length === 0) return;
  await db.insert(auditEvents).values(
    unique.map((projectId) => ({
      projectId,
      action,
      ...actor,
      targetId: entry.targetId ?? null,
      details: entry.details ?? {},
    })),
  );
}

/** Records the action of a project route's caller. */
export function auditRequest(
  db: Executor,
  request: FastifyRequest,
  action: AuditAction,
  entry: { targetId?: number | null; details?: AuditDetails } = {},
): Promise<void> {
  return recordAudit(db, projectAccess(request).project.id, actorOf(request), action, entry);
}
