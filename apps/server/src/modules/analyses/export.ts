import { Readable } from 'node:stream';
import {
  type AnalysisExportFormat,
  analysisExportCsvHeader,
  analysisExportCsvLine,
  analysisExportJsonLine,
  analysisExportRow,
  flattenResultValues,
  resultFieldPaths,
} from '@parley/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { prompts, tasks } from '../../db/schema/index.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { isObject } from '../tasks/result.ts';
import { type ListFilters, listFilters } from './filters.ts';
import { listItem, selectListRows } from './list.ts';

/** Rows read per query: a few MB of text at most, and few enough round trips for a million rows. */
const EXPORT_BATCH_ROWS = 1000;

export interface ExportOptions {
  format: AnalysisExportFormat;
  /** Aborted when the client goes away: no further batch is read. */
  signal: AbortSignal;
  /** Told how many rows were written when the export ends, finished or not. */
  onEnd?: (rows: number, finished: boolean) => void;
}

/** The current fields of the project's prompt, as the export's result columns; null for no or another prompt. */
async function chosenPromptPaths(ctx: AppContext, access: ProjectAccess, promptId: number | undefined) {
  if (promptId === undefined) return null;
  const [prompt] = await ctx.db
    .select({ content: prompts.content })
    .from(prompts)
    .where(and(eq(prompts.id, promptId), eq(prompts.projectId, access.project.id)));
  return prompt ? resultFieldPaths(prompt.content) : null;
}

/**
 * The analyses of the list with these filters, newest first, in keyset batches: each batch continues after
 * the last row of the one before ((conversation_at, id) below it, conversation_at compared as PostgreSQL's own text,
 * which keeps the microseconds a JS Date drops; PostgreSQL starts the (project, conversation_at) index there), so
 * no query reads a row twice or skips one, and none holds a transaction open. A batch is read only when the
 * one before was taken.
 */
async function* exportBatches(
  ctx: AppContext,
  access: ProjectAccess,
  filters: ListFilters,
  { format, signal, onEnd }: ExportOptions,
): AsyncGenerator<string> {
  const where = listFilters(access, filters);
  const paths = await chosenPromptPaths(ctx, access, filters.prompt_id);
  let written = 0;
  let finished = false;
  try {
    let chunk = format === 'csv' ? `\uFEFF${analysisExportCsvHeader(paths ?? [])}` : '';
    let after: { at: string; id: number } | null = null;
    while (!signal.aborted) {
      const rows = await selectListRows(ctx.db, {
        values: sql<unknown>`${tasks.result}->'values'`,
        at: sql<string>`${tasks.conversationAt}::text`,
      })
        .where(
          after
            ? and(
                where,
                sql`(${tasks.conversationAt}, ${tasks.id}) < (${after.at}::timestamptz, ${after.id})`,
              )
            : where,
        )
        .orderBy(desc(tasks.conversationAt), desc(tasks.id))
        .limit(EXPORT_BATCH_ROWS);
      for (const row of rows) {
        const line = analysisExportRow(listItem(row));
        const results = isObject(row.values) ? flattenResultValues(row.values) : {};
        chunk +=
          format === 'csv'
            ? analysisExportCsvLine(line, results, paths ?? [])
            : analysisExportJsonLine(line, results, paths);
      }
      written += rows.length;
      if (chunk) yield chunk;
      chunk = '';
      const last = rows.at(-1);
      if (!last || rows.length < EXPORT_BATCH_ROWS) {
        finished = true;
        break;
      }
      after = { at: last.at, id: last.task.id };
    }
  } finally {
    onEnd?.(written, finished);
  }
}

/**
 * The export as a byte stream that reads the next batch only when the client took the last one. The first
 * batch is read before this answers, so that a failing query is an error answer rather than a cut-off file.
 */
export async function exportAnalyses(
  ctx: AppContext,
  access: ProjectAccess,
  filters: ListFilters,
  options: ExportOptions,
): Promise<Readable> {
  const batches = exportBatches(ctx, access, filters, options);
  const first = await batches.next();
  async function* all(): AsyncGenerator<string> {
    if (first.done) return;
    yield first.value;
    yield* batches;
  }
  const stream = Readable.from(all(), { objectMode: false, highWaterMark: 1 });
  // Destroyed before it was read: end the batches too (their end is logged).
  stream.once('close', () => void batches.return(undefined));
  return stream;
}
