import {
  applyPromptMetadata,
  BatchCreateFields,
  type BatchItem,
  type BatchItemListQuery,
  BULK_CSV,
  BULK_TEXTS,
  type BulkRow,
  batchStatusFromCounts,
  bulkTaskMetadata,
  deriveTaskPeople,
  type RepMappingTarget,
  repLookupKeys,
  type TaskError,
  type UploadBatch,
} from '@parley/contracts';
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { batchItems, tasks, uploadBatches } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { parseOrRefuse } from '../../http/validation.ts';
import { QUEUES } from '../../jobs/boss.ts';
import { announceJobs } from '../../jobs/wakeup.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { findPromptRow } from '../prompts/service.ts';
import { repMappingsFor } from '../reps/lookup.ts';
import { jobPriority } from '../tasks/queue.ts';
import { requireAnalysisFunds } from '../tasks/request.ts';
import { taskErrorFields } from '../tasks/rows.ts';
import { type BatchRow, toBatchDto } from './dto.ts';
import { batchItemJob } from './jobs.ts';
import { CsvRefused, type ParsedBulkCsv } from './parse.ts';
import { type BatchViewer, batchCondition, seesPartOf, teamRowCondition } from './visibility.ts';

type ItemRow = typeof batchItems.$inferSelect;

export const BATCH_TEXTS = {
  notFound: 'Batch not found.',
  promptNotFound: 'The chosen prompt does not exist in this project.',
  queueUnavailable: 'The batch could not be queued. Please try again.',
} as const;

/** Rows written per INSERT (11 columns each, well under PostgreSQL's 65,535 parameters). */
const INSERT_CHUNK = 1000;

/** The multipart text fields of a bulk upload (400 validation_error with the field). */
export function parseBatchFields(raw: Record<string, string>): z.output<typeof BatchCreateFields> {
  const values = Object.fromEntries(Object.entries(raw).filter(([, value]) => value.trim() !== ''));
  return parseOrRefuse(BatchCreateFields, values);
}

/**
 * Creates a batch from a parsed CSV: the prompt must be of this project and the balance must cover one unit
 * (as for a single upload); every row must have the metadata the prompt requires. Any problem refuses the
 * whole file (CsvRefused). Then the batch (pending), one item per row and one job per item are written in
 * one transaction; the downloads happen in the background (batchItemJob).
 */
export async function createBatch(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  fileName: string,
  parsed: ParsedBulkCsv,
  fields: z.output<typeof BatchCreateFields>,
): Promise<BatchRow> {
  const projectId = access.project.id;
  let prompt: Awaited<ReturnType<typeof findPromptRow>>;
  try {
    prompt = await findPromptRow(ctx, access, fields.prompt_id);
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') {
      throw badRequest(BATCH_TEXTS.promptNotFound, 'prompt_not_found');
    }
    throw error;
  }
  await requireAnalysisFunds(ctx, projectId);
  const withPrompt = applyPromptMetadata(parsed.header, parsed.rows, prompt.metadataFields);
  const errors = [...parsed.errors, ...withPrompt.errors].sort(
    (a, b) => a.row - b.row || (a.column ?? '').localeCompare(b.column ?? ''),
  );
  if (errors.length > 0) throw new CsvRefused(errors);
  const people = await peopleOfRows(ctx.db, projectId, withPrompt.rows);

  const { batch, itemIds } = await ctx.db.transaction(async (tx) => {
    const [batch] = await tx
      .insert(uploadBatches)
      .values({
        projectId,
        createdBy: userId,
        apiKeyId: access.apiKey?.id ?? null,
        promptId: prompt.id,
        priority: fields.priority,
        fileName: fileName.slice(0, 255),
        totalItems: withPrompt.rows.length,
      })
      .returning();
    const itemIds: number[] = [];
    for (let at = 0; at < withPrompt.rows.length; at += INSERT_CHUNK) {
      const inserted = await tx
        .insert(batchItems)
        .values(
          withPrompt.rows.slice(at, at + INSERT_CHUNK).map((row, index) => ({
            batchId: batch!.id,
            rowNumber: row.row,
            url: row.url,
            type: row.type,
            date: row.date,
            metadata: row.metadata,
            representative: people[at + index]!.representative,
            department: people[at + index]!.department,
          })),
        )
        .returning({ id: batchItems.id });
      itemIds.push(...inserted.map((item) => item.id));
      const jobs = inserted.map((item) => ({
        data: { itemId: item.id },
        priority: jobPriority(fields.priority),
      }));
      await batchItemJob.sendMany(ctx, jobs, { tx }).catch((error) => {
        ctx.logger.error({ err: error, batchId: batch!.id }, 'Could not queue the items of a batch');
        throw new AppError('unavailable', 'queue_unavailable', BATCH_TEXTS.queueUnavailable);
      });
    }
    return { batch: batch!, itemIds };
  });
  await announceJobs(ctx, QUEUES.batchItems, itemIds.length);
  ctx.logger.info({ batchId: batch.id, projectId, items: itemIds.length }, 'Bulk upload accepted');
  return batch;
}

/** The representative and department each row's analysis gets: its metadata with the project's rep mapping. */
async function peopleOfRows(db: Executor, projectId: number, rows: readonly BulkRow[]) {
  const metadata = rows.map(bulkTaskMetadata);
  const keys = [...new Set(metadata.flatMap(repLookupKeys))];
  const mappings = new Map<string, RepMappingTarget>();
  for (let at = 0; at < keys.length; at += INSERT_CHUNK) {
    for (const [key, target] of await repMappingsFor(db, projectId, keys.slice(at, at + INSERT_CHUNK))) {
      mappings.set(key, target);
    }
  }
  return metadata.map((values) => deriveTaskPeople(values, mappings));
}

export function createdMessage(batch: BatchRow): string {
  return BULK_TEXTS.uploaded(batch.totalItems, batch.id);
}

/**
 * The batches as the viewer sees them: a team leader's share of another's batch counts only their teams' rows
 * (its status follows from those counts); every other batch is as stored.
 */
async function asSeenBy(db: Executor, viewer: BatchViewer, rows: BatchRow[]): Promise<UploadBatch[]> {
  const partial = rows.filter((row) => seesPartOf(viewer, row)).map((row) => row.id);
  const counted =
    partial.length === 0
      ? []
      : await db
          .select({
            batchId: batchItems.batchId,
            total: count(),
            processed: sql<number>`count(*) FILTER (WHERE ${batchItems.countedAs} = 'processed')::int`,
            failed: sql<number>`count(*) FILTER (WHERE ${batchItems.countedAs} = 'failed')::int`,
            // Never started; a row waiting for a retry has attempts.
            pending: sql<number>`count(*) FILTER (WHERE ${batchItems.status} = 'pending' AND ${batchItems.attempts} = 0)::int`,
          })
          .from(batchItems)
          .where(and(inArray(batchItems.batchId, partial), teamRowCondition(viewer.access)))
          .groupBy(batchItems.batchId);
  const shares = new Map(counted.map((share) => [share.batchId, share]));
  return rows.map((row) => {
    if (!partial.includes(row.id)) return toBatchDto(row);
    const share = shares.get(row.id) ?? { total: 0, processed: 0, failed: 0, pending: 0 };
    return toBatchDto({
      ...row,
      status: batchStatusFromCounts(share),
      totalItems: share.total,
      processedItems: share.processed,
      failedItems: share.failed,
    });
  });
}

/** The project's most recent batches the viewer sees, newest first. */
export async function listBatches(ctx: AppContext, viewer: BatchViewer, limit: number) {
  const rows = await ctx.db
    .select()
    .from(uploadBatches)
    .where(and(eq(uploadBatches.projectId, viewer.access.project.id), batchCondition(ctx.db, viewer)))
    .orderBy(desc(uploadBatches.createdAt), desc(uploadBatches.id))
    .limit(limit);
  return asSeenBy(ctx.db, viewer, rows);
}

/** A batch of this project the viewer sees (404 otherwise, also for another project's batch). */
export async function requireBatch(ctx: AppContext, viewer: BatchViewer, batchId: number): Promise<BatchRow> {
  const [row] = await ctx.db
    .select()
    .from(uploadBatches)
    .where(
      and(
        eq(uploadBatches.id, batchId),
        eq(uploadBatches.projectId, viewer.access.project.id),
        batchCondition(ctx.db, viewer),
      ),
    );
  if (!row) throw notFound(BATCH_TEXTS.notFound);
  return row;
}

function toItemDto(
  item: ItemRow,
  task: { status: BatchItem['task_status']; reason: TaskError | null } | null,
): BatchItem {
  return {
    id: item.id,
    row: item.rowNumber,
    url: item.url,
    type: item.type,
    date: item.date,
    metadata: item.metadata,
    status: item.status,
    task_id: item.taskId,
    task_status: task?.status ?? null,
    // The item's own reason (its download) comes first; else its analysis's, if any.
    ...(item.error !== null
      ? { error: item.error, error_reason: null }
      : taskErrorFields(task?.reason ?? null)),
    created_at: item.createdAt.toISOString(),
    updated_at: item.updatedAt.toISOString(),
  };
}

/** A page of a batch's items the viewer sees, in CSV row order, with their analyses' status. */
export async function listItems(
  ctx: AppContext,
  viewer: BatchViewer,
  batchId: number,
  query: z.output<typeof BatchItemListQuery>,
) {
  const stored = await requireBatch(ctx, viewer, batchId);
  const where = and(
    eq(batchItems.batchId, batchId),
    query.status ? eq(batchItems.status, query.status) : undefined,
    seesPartOf(viewer, stored) ? teamRowCondition(viewer.access) : undefined,
  );
  const [counted] = await ctx.db.select({ total: count() }).from(batchItems).where(where);
  const rows = await ctx.db
    .select({ item: batchItems, taskStatus: tasks.status, taskReason: tasks.errorReason })
    .from(batchItems)
    .leftJoin(tasks, eq(tasks.id, batchItems.taskId))
    .where(where)
    .orderBy(asc(batchItems.rowNumber), asc(batchItems.id))
    .limit(query.page_size)
    .offset((query.page - 1) * query.page_size);
  // Read again after the rows: a row's change and its batch's counts commit together (progress.ts), so the
  // counts are at least as new as the rows. An analysis that just ended is counted a moment after it ends; the
  // batch event of that count brings it to the page.
  const [batch] = await asSeenBy(ctx.db, viewer, [await requireBatch(ctx, viewer, batchId)]);
  return {
    batch: batch!,
    items: rows.map(({ item, taskStatus, taskReason }) =>
      toItemDto(item, taskStatus ? { status: taskStatus, reason: taskReason } : null),
    ),
    total: counted?.total ?? 0,
    page: query.page,
    page_size: query.page_size,
  };
}

/** The CSV problems as the 400 answer lists them (the first BULK_CSV.maxReportedErrors, in row order). */
export function invalidCsvBody(error: CsvRefused) {
  return {
    error: {
      code: 'invalid_csv' as const,
      message: error.message,
      errors: error.errors.slice(0, BULK_CSV.maxReportedErrors),
      error_count: error.errors.length,
    },
  };
}
