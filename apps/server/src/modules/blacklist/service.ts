import {
  BLACKLIST,
  BLACKLIST_TEXTS,
  type BlacklistEntry,
  type BlacklistImportResult,
  csvHeaderKey,
  csvLine,
  isPlausiblePhone,
  normalizePhone,
} from '@parley/contracts';
import { count, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { CsvReadError, readCsv } from '../../csv.ts';
import { blacklistEntries } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { AppError, badRequest, conflict, notFound } from '../../errors.ts';
import { type ProjectAccess, requireProjectRole } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';

export type EntryRow = typeof blacklistEntries.$inferSelect;

export function toEntryDto(row: EntryRow): BlacklistEntry {
  return {
    ID: row.id,
    project_id: row.projectId,
    phone_number: row.phoneNumber,
    note: row.note,
    CreatedAt: row.createdAt.toISOString(),
    UpdatedAt: row.updatedAt.toISOString(),
  };
}

/** Only admins and owners manage a project's blacklist (the integrations area); others 403, non-members 404. */
export function requireBlacklistManager(ctx: AppContext, user: UserRow, projectId: number) {
  return requireProjectRole(ctx.db, user, projectId, 'admin');
}

/**
 * An entry and the caller's access to its project, found by id: the entry's project is looked up first, so an
 * entry of a project the caller is not a member of answers 404 exactly like an entry that does not exist.
 */
export async function requireEntry(
  ctx: AppContext,
  user: UserRow,
  entryId: number,
): Promise<{ entry: EntryRow; access: ProjectAccess }> {
  const [entry] = await ctx.db.select().from(blacklistEntries).where(eq(blacklistEntries.id, entryId));
  if (!entry) throw notFound(BLACKLIST_TEXTS.notFound);
  try {
    return { entry, access: await requireBlacklistManager(ctx, user, entry.projectId) };
  } catch (error) {
    if (error instanceof AppError && error.kind === 'not_found') throw notFound(BLACKLIST_TEXTS.notFound);
    throw error;
  }
}

export async function listEntries(ctx: AppContext, access: ProjectAccess, page: number, limit: number) {
  const where = eq(blacklistEntries.projectId, access.project.id);
  const [counted] = await ctx.db.select({ total: count() }).from(blacklistEntries).where(where);
  const rows = await ctx.db
    .select()
    .from(blacklistEntries)
    .where(where)
    .orderBy(desc(blacklistEntries.createdAt), desc(blacklistEntries.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { data: rows.map(toEntryDto), total: counted?.total ?? 0, page, limit };
}

/** The stored form of a typed number; a number that does not normalise to 7-15 digits is refused. */
function storedNumber(raw: string): string {
  const number = normalizePhone(raw);
  if (!isPlausiblePhone(number)) throw badRequest(BLACKLIST_TEXTS.phoneInvalid, 'invalid_phone');
  return number;
}

export async function createEntry(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  input: { phone_number: string; note: string | null },
): Promise<BlacklistEntry> {
  const phoneNumber = storedNumber(input.phone_number);
  try {
    const [row] = await ctx.db
      .insert(blacklistEntries)
      .values({ projectId: access.project.id, phoneNumber, note: input.note, createdBy: userId })
      .returning();
    return toEntryDto(row!);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(BLACKLIST_TEXTS.duplicate(phoneNumber), 'duplicate_number');
    throw error;
  }
}

export async function updateEntry(
  ctx: AppContext,
  entry: EntryRow,
  input: { phone_number: string; note: string | null },
): Promise<BlacklistEntry> {
  const phoneNumber = storedNumber(input.phone_number);
  try {
    const [row] = await ctx.db
      .update(blacklistEntries)
      .set({ phoneNumber, note: input.note, updatedAt: new Date() })
      .where(eq(blacklistEntries.id, entry.id))
      .returning();
    if (!row) throw notFound(BLACKLIST_TEXTS.notFound);
    return toEntryDto(row);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(BLACKLIST_TEXTS.duplicate(phoneNumber), 'duplicate_number');
    throw error;
  }
}

export async function deleteEntry(ctx: AppContext, entry: EntryRow): Promise<void> {
  await ctx.db.delete(blacklistEntries).where(eq(blacklistEntries.id, entry.id));
}

/** Rows written per INSERT of an import. */
const IMPORT_CHUNK = 1000;

/**
 * Imports a CSV with the columns phone_number and note (any case, any order; ',' or ';'; a first row that
 * names them is required). The file is read whole before anything is written, then the new numbers are added
 * in one transaction: numbers already on the list or earlier in the file are skipped, rows without a valid
 * number or with a note over 500 characters fail and are listed with their row number.
 */
export async function importEntries(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  source: AsyncIterable<Buffer>,
): Promise<BlacklistImportResult> {
  const errors: string[] = [];
  let failed = 0;
  let skipped = 0;
  const fail = (message: string) => {
    failed += 1;
    if (errors.length < BLACKLIST.maxImportErrors) errors.push(message);
  };
  const wanted = new Map<string, string | null>();
  let columns: { phone: number; note: number | null } | null = null;
  try {
    for await (const { cells, row } of readCsv(source)) {
      if (!columns) {
        const keys = cells.map(csvHeaderKey);
        const phone = keys.indexOf('phone_number');
        if (phone < 0) throw badRequest(BLACKLIST_TEXTS.missingColumn, 'invalid_csv');
        const note = keys.indexOf('note');
        columns = { phone, note: note < 0 ? null : note };
        continue;
      }
      if (cells.every((cell) => cell.trim() === '')) continue;
      const raw = (cells[columns.phone] ?? '').trim();
      const note = columns.note === null ? '' : (cells[columns.note] ?? '').trim();
      if (cells.some((cell) => cell.includes('\uFFFD'))) fail(BLACKLIST_TEXTS.rowNotUtf8(row));
      else if (!raw) fail(BLACKLIST_TEXTS.rowMissing(row));
      else if (!isPlausiblePhone(normalizePhone(raw))) fail(BLACKLIST_TEXTS.rowInvalid(row, raw));
      else if (note.length > BLACKLIST.noteMax) fail(BLACKLIST_TEXTS.rowNoteTooLong(row));
      else {
        const number = normalizePhone(raw);
        if (wanted.has(number)) skipped += 1;
        else wanted.set(number, note || null);
      }
    }
  } catch (error) {
    if (!(error instanceof CsvReadError)) throw error;
    if (!columns) throw badRequest(error.message.replace(/^Row \d+: /, ''), 'invalid_csv');
    // The rows before the unreadable part are imported; the rest of the file counts as one failed row.
    fail(error.message);
  }
  if (!columns && failed === 0) throw badRequest(BLACKLIST_TEXTS.missingColumn, 'invalid_csv');
  if (failed > errors.length) errors.push(BLACKLIST_TEXTS.moreErrors(failed - errors.length));

  const entries = [...wanted.entries()];
  let success = 0;
  await ctx.db.transaction(async (tx) => {
    for (let at = 0; at < entries.length; at += IMPORT_CHUNK) {
      const inserted = await tx
        .insert(blacklistEntries)
        .values(
          entries.slice(at, at + IMPORT_CHUNK).map(([phoneNumber, note]) => ({
            projectId: access.project.id,
            phoneNumber,
            note,
            createdBy: userId,
          })),
        )
        .onConflictDoNothing({ target: [blacklistEntries.projectId, blacklistEntries.phoneNumber] })
        .returning({ id: blacklistEntries.id });
      success += inserted.length;
    }
  });
  skipped += entries.length - success;
  return { success, skipped, failed, errors };
}

/** The whole list as CSV (phone_number, note, created_at), oldest first; cells are guarded against formulas. */
export async function exportCsv(ctx: AppContext, access: ProjectAccess): Promise<string> {
  const rows = await ctx.db
    .select()
    .from(blacklistEntries)
    .where(eq(blacklistEntries.projectId, access.project.id))
    .orderBy(blacklistEntries.createdAt, blacklistEntries.id);
  return (
    csvLine(BLACKLIST.exportColumns) +
    rows.map((row) => csvLine([row.phoneNumber, row.note, row.createdAt.toISOString()])).join('')
  );
}
