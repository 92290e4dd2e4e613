import {
  type CHANGE_REQUEST_STATUSES,
  type ChangeRequest,
  type ChangeRequestListQuery,
  ChangeRequestListQuery as ListQuery,
} from '@parley/contracts';
import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { changeRequestItems, changeRequests, prompts, tasks, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { mayReview, requestVisibility, taskVisibleSql } from './scope.ts';

export const CHANGE_REQUEST_TEXTS = {
  notFound: 'Change request not found.',
} as const;

const requester = alias(users, 'requester');
const reviewer = alias(users, 'reviewer');

const columns = (access: ProjectAccess) => ({
  request: changeRequests,
  title: tasks.title,
  representative: tasks.representative,
  department: tasks.department,
  analysisPromptId: tasks.promptId,
  requester: { id: requester.id, name: requester.name, email: requester.email },
  reviewer: { id: reviewer.id, name: reviewer.name },
  promptName: prompts.scriptName,
  taskVisible: taskVisibleSql(access),
});

function baseQuery(db: Executor, access: ProjectAccess) {
  return db
    .select(columns(access))
    .from(changeRequests)
    .innerJoin(tasks, eq(tasks.id, changeRequests.taskId))
    .leftJoin(requester, eq(requester.id, changeRequests.requestedBy))
    .leftJoin(reviewer, eq(reviewer.id, changeRequests.reviewedBy))
    .leftJoin(prompts, eq(prompts.id, changeRequests.promptId))
    .$dynamic();
}

type Row = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const lastKey = (path: string) => path.split('.').pop() ?? path;

async function toDtos(db: Executor, access: ProjectAccess, userId: number, rows: Row[]) {
  const ids = rows.map((row) => row.request.id);
  const items =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(changeRequestItems)
          .where(inArray(changeRequestItems.requestId, ids))
          .orderBy(asc(changeRequestItems.id));
  return rows.map((row): ChangeRequest => {
    const r = row.request;
    return {
      id: r.id,
      project_id: r.projectId,
      task_id: r.taskId,
      kind: r.kind,
      status: r.status,
      requester: row.requester ?? { id: 0, name: '', email: '' },
      created_at: r.createdAt.toISOString(),
      title: row.title,
      representative: row.representative,
      department: row.department,
      analysis_prompt_id: row.analysisPromptId,
      items: items
        .filter((item) => item.requestId === r.id)
        .map((item) => ({
          path: item.path,
          label: lastKey(item.path),
          field_type: item.fieldType,
          ai_value: item.aiValue ?? null,
          proposed_value: item.proposedValue,
          approved_value: item.approvedValue ?? null,
        })),
      prompt_id: r.promptId,
      prompt_name: r.kind === 'reanalyze' ? (row.promptName ?? null) : null,
      reason: r.reason,
      transcript_moment: r.transcriptMoment ?? null,
      reviewer: row.reviewer,
      reviewed_at: iso(r.reviewedAt),
      review_reason: r.reviewReason,
      can_review: r.status === 'open' && mayReview(access, userId, r, row.taskVisible),
    };
  });
}

/** One request the caller sees (404 otherwise, also for another project's). */
export async function getChangeRequest(
  db: Executor,
  access: ProjectAccess,
  userId: number,
  requestId: number,
): Promise<ChangeRequest> {
  const rows = await baseQuery(db, access).where(
    and(
      eq(changeRequests.id, requestId),
      eq(changeRequests.projectId, access.project.id),
      requestVisibility(access, userId),
    ),
  );
  const [dto] = await toDtos(db, access, userId, rows);
  if (!dto) throw notFound(CHANGE_REQUEST_TEXTS.notFound);
  return dto;
}

function filters(access: ProjectAccess, userId: number, query: z.output<typeof ListQuery>): SQL[] {
  const conditions: (SQL | undefined)[] = [
    eq(changeRequests.projectId, access.project.id),
    requestVisibility(access, userId),
  ];
  if (query.path) {
    conditions.push(
      sql`exists (select 1 from ${changeRequestItems} where ${changeRequestItems.requestId} = ${changeRequests.id} and ${changeRequestItems.path} = ${query.path})`,
    );
  }
  if (query.representative) {
    conditions.push(sql`lower(${tasks.representative}) = ${query.representative.toLowerCase()}`);
  }
  if (query.requester_id) conditions.push(eq(changeRequests.requestedBy, query.requester_id));
  if (query.task_id) conditions.push(eq(changeRequests.taskId, query.task_id));
  if (query.from) conditions.push(gte(changeRequests.createdAt, new Date(`${query.from}T00:00:00Z`)));
  if (query.to) {
    const end = new Date(`${query.to}T00:00:00Z`);
    end.setUTCDate(end.getUTCDate() + 1);
    conditions.push(lt(changeRequests.createdAt, end));
  }
  return conditions.filter((condition): condition is SQL => condition !== undefined);
}

/** A page of the requests the caller sees, newest first, with the counts per status under the same filters. */
export async function listChangeRequests(
  db: Executor,
  access: ProjectAccess,
  userId: number,
  input: ChangeRequestListQuery,
) {
  const query = ListQuery.parse(input);
  const conditions = filters(access, userId, query);
  const where = and(...conditions, query.status ? eq(changeRequests.status, query.status) : undefined);
  const rows = await baseQuery(db, access)
    .where(where)
    .orderBy(desc(changeRequests.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  const grouped = await db
    .select({ status: changeRequests.status, n: count() })
    .from(changeRequests)
    .innerJoin(tasks, eq(tasks.id, changeRequests.taskId))
    .where(and(...conditions))
    .groupBy(changeRequests.status);
  const counts: Record<(typeof CHANGE_REQUEST_STATUSES)[number], number> = {
    open: 0,
    approved: 0,
    rejected: 0,
  };
  for (const group of grouped) counts[group.status] = group.n;
  return {
    items: await toDtos(db, access, userId, rows),
    total: query.status ? counts[query.status] : counts.open + counts.approved + counts.rejected,
    page: query.page,
    page_size: query.page_size,
    counts,
  };
}

/** How many open requests the caller sees. */
export async function openCount(db: Executor, access: ProjectAccess, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(changeRequests)
    .innerJoin(tasks, eq(tasks.id, changeRequests.taskId))
    .where(
      and(
        eq(changeRequests.projectId, access.project.id),
        eq(changeRequests.status, 'open'),
        requestVisibility(access, userId),
      ),
    );
  return row?.n ?? 0;
}
