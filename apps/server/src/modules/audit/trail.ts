import { AUDIT_PAGE_SIZE, type AuditAction, type AuditEntry, csvLine } from '@parley/contracts';
import { and, desc, eq, gt, lt, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { auditEvents } from '../../db/schema/index.ts';

type AuditRow = typeof auditEvents.$inferSelect;

const toEntry = (row: AuditRow): AuditEntry => ({
  id: row.id,
  at: row.createdAt.toISOString(),
  action: row.action,
  user_id: row.userId,
  user_email: row.userEmail,
  api_key_id: row.apiKeyId,
  ip: row.ip,
  target_id: row.targetId,
  details: row.details,
});

/** One page of a project's audit trail, newest first. */
export async function listAudit(
  db: Executor,
  projectId: number,
  query: { action?: AuditAction; before?: number },
): Promise<{ data: AuditEntry[]; next_before: number | null }> {
  const conditions: SQL[] = [eq(auditEvents.projectId, projectId)];
  if (query.action) conditions.push(eq(auditEvents.action, query.action));
  if (query.before) conditions.push(lt(auditEvents.id, query.before));
  const rows = await db
    .select()
    .from(auditEvents)
    .where(and(...conditions))
    .orderBy(desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1);
  const page = rows.slice(0, AUDIT_PAGE_SIZE);
  return { data: page.map(toEntry), next_before: rows.length > AUDIT_PAGE_SIZE ? page.at(-1)!.id : null };
}

export const AUDIT_CSV_COLUMNS = [
  'at',
  'action',
  'user_id',
  'user_email',
  'api_key_id',
  'ip',
  'target_id',
  'details',
];

/** The whole trail as CSV lines, oldest first, read a page at a time. */
export async function* auditCsv(db: Executor, projectId: number): AsyncGenerator<string> {
  yield csvLine(AUDIT_CSV_COLUMNS);
  let after = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.projectId, projectId), gt(auditEvents.id, after)))
      .orderBy(auditEvents.id)
      .limit(1000);
    if (rows.length === 0) return;
    for (const row of rows) {
      const entry = toEntry(row);
      yield csvLine([
        entry.at,
        entry.action,
        entry.user_id,
        entry.user_email,
        entry.api_key_id,
        entry.ip,
        entry.target_id,
        JSON.stringify(entry.details),
      ]);
    }
    after = rows.at(-1)!.id;
  }
}
