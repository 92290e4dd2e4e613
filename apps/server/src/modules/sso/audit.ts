import type { AuditAction, AuditDetails } from '@parley/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client.ts';
import { projectMembers, ssoConnections, ssoGroupMappings } from '../../db/schema/index.ts';
import { type AuditActor, recordAuditInProjects } from '../audit/record.ts';

/**
 * Records an SSO or SCIM change in the audit trail of every project the connection reaches: the projects its
 * group mappings name and the projects its owner owns (the trail is per project; a connection is not), plus
 * `projectIds` (e.g. the projects of an account SCIM deactivated). Target: the connection unless given. Details
 * name the connection; never a secret, token or its prefix.
 */
export async function auditSso(
  db: Executor,
  connectionId: number,
  actor: AuditActor,
  action: AuditAction,
  entry: { targetId?: number; details?: AuditDetails; projectIds?: number[] } = {},
): Promise<void> {
  const [connection] = await db
    .select({ name: ssoConnections.name, ownerUserId: ssoConnections.ownerUserId })
    .from(ssoConnections)
    .where(eq(ssoConnections.id, connectionId));
  if (!connection) return;
  const mapped = db
    .select({ projectId: ssoGroupMappings.projectId })
    .from(ssoGroupMappings)
    .where(eq(ssoGroupMappings.connectionId, connectionId));
  const owned = db
    .select({ projectId: projectMembers.projectId })
    .from(projectMembers)
    .where(
      and(
        connection.ownerUserId === null ? sql`false` : eq(projectMembers.userId, connection.ownerUserId),
        eq(projectMembers.role, 'owner'),
      ),
    );
  const reached = await union(mapped, owned);
  await recordAuditInProjects(
    db,
    [...reached.map((row) => row.projectId), ...(entry.projectIds ?? [])],
    actor,
    action,
    {
      targetId: entry.targetId ?? connectionId,
      details: { connection: connection.name, ...entry.details },
    },
  );
}
