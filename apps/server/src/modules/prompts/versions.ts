import type { PromptData, PromptVersionState } from '@parley/contracts';
import { and, eq, inArray, max, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { prompts, promptVersions } from '../../db/schema/index.ts';
import { toPromptData } from './prompt-data.ts';

/**
 * Prompt versions (scorecard versions): every saved change of a prompt, numbered per prompt, and the prompt as
 * analyses ran with it; tasks point at theirs. The prompts row holds the published version's content. Every
 * write here runs with the prompt's row locked (lockPrompt), so numbers and states change one save at a time.
 * The hash is the SHA-256 of the data's jsonb text (jsonb prints keys in one order), computed by the database
 * exactly as migration 0011 computed it for the copies tasks carried before.
 */
const hashOf = (data: SQL) => sql<string>`encode(sha256(convert_to((${data})::text, 'UTF8')), 'hex')`;

export type PromptVersionData = Record<string, unknown>;
type PromptRow = typeof prompts.$inferSelect;
type VersionRow = typeof promptVersions.$inferSelect;

/** The prompt as a version stores it and the pipeline runs with it: settings, fields, units. */
export interface PromptSnapshot extends PromptData {
  id: number;
  projectId: number;
  /** Units per unit of content as saved: model units + LVA surcharge, in thousandths. */
  unitsMilli: number;
}

export function snapshotOf(row: PromptRow): PromptSnapshot {
  return { id: row.id, projectId: row.projectId, ...toPromptData(row), unitsMilli: row.unitsMilli };
}

/** Who saves a version; both null when the server does (a retired model replaced before an analysis). */
export interface VersionAuthor {
  userId: number | null;
  apiKeyName: string | null;
}
const NO_AUTHOR: VersionAuthor = { userId: null, apiKeyName: null };

/** The prompt's row, locked for the rest of the transaction; null when the project has no such prompt. */
export async function lockPrompt(
  tx: Executor,
  projectId: number,
  promptId: number,
): Promise<PromptRow | null> {
  const [row] = await tx
    .select()
    .from(prompts)
    .where(and(eq(prompts.projectId, projectId), eq(prompts.id, promptId)))
    .for('update');
  return row ?? null;
}

/** The prompt's version in this state (published or draft: one each at most). */
export async function versionInState(
  tx: Executor,
  promptId: number,
  state: Exclude<PromptVersionState, 'superseded'>,
): Promise<VersionRow | null> {
  const [row] = await tx
    .select()
    .from(promptVersions)
    .where(and(eq(promptVersions.promptId, promptId), eq(promptVersions.state, state)));
  return row ?? null;
}

async function sameContent(tx: Executor, version: VersionRow, data: object): Promise<boolean> {
  const [row] = await tx
    .execute<{ same: boolean }>(
      sql`SELECT ${hashOf(sql`${JSON.stringify(data)}::jsonb`)} = ${version.hash} AS same`,
    )
    .then((answer) => answer.rows);
  return row!.same;
}

/** A new version of the prompt, numbered after its others. */
export async function addVersion(
  tx: Executor,
  row: Pick<PromptRow, 'id' | 'projectId'>,
  data: object,
  state: Exclude<PromptVersionState, 'superseded'>,
  author: VersionAuthor,
): Promise<VersionRow> {
  const [last] = await tx
    .select({ number: max(promptVersions.number) })
    .from(promptVersions)
    .where(eq(promptVersions.promptId, row.id));
  const json = sql`${JSON.stringify(data)}::jsonb`;
  const [created] = await tx
    .insert(promptVersions)
    .values({
      projectId: row.projectId,
      promptId: row.id,
      number: (last?.number ?? 0) + 1,
      state,
      data: json,
      hash: hashOf(json),
      authorUserId: author.userId,
      authorApiKeyName: author.apiKeyName,
      publishedAt: state === 'published' ? new Date() : null,
    })
    .returning();
  return created!;
}

/** Replaces a draft's content (editing while a draft exists edits it); the last editor is its author. */
export async function rewriteDraft(
  tx: Executor,
  draft: VersionRow,
  data: object,
  author: VersionAuthor,
): Promise<VersionRow> {
  const json = sql`${JSON.stringify(data)}::jsonb`;
  const [updated] = await tx
    .update(promptVersions)
    .set({ data: json, hash: hashOf(json), authorUserId: author.userId, authorApiKeyName: author.apiKeyName })
    .where(eq(promptVersions.id, draft.id))
    .returning();
  return updated!;
}

/** The published version, replaced by another (written next, in the same transaction). */
async function supersede(tx: Executor, published: VersionRow | null): Promise<void> {
  if (!published) return;
  await tx.update(promptVersions).set({ state: 'superseded' }).where(eq(promptVersions.id, published.id));
}

/**
 * Makes the prompt's row (already written) its published version: the draft becomes it when there is one
 * (stored with the row's content), else a new version unless the published one has this content already.
 * The version published before is superseded.
 */
export async function publishRow(tx: Executor, row: PromptRow, author: VersionAuthor): Promise<VersionRow> {
  const data = snapshotOf(row);
  const published = await versionInState(tx, row.id, 'published');
  const draft = await versionInState(tx, row.id, 'draft');
  if (!draft && published && (await sameContent(tx, published, data))) return published;
  await supersede(tx, published);
  if (!draft) return addVersion(tx, row, data, 'published', author);
  const rewritten = await rewriteDraft(tx, draft, data, author);
  const [now] = await tx
    .update(promptVersions)
    .set({ state: 'published', publishedAt: new Date() })
    .where(eq(promptVersions.id, rewritten.id))
    .returning();
  return now!;
}

/**
 * The published version of a prompt as new analyses use it (null when the project has no such prompt). The
 * prompts row is what was published; when something changed it without a save (a retired model replaced),
 * that becomes a new version without an author first.
 */
export async function publishedVersion(
  db: Executor,
  projectId: number,
  promptId: number,
): Promise<{ id: number; data: PromptSnapshot } | null> {
  return db.transaction(async (tx) => {
    const row = await lockPrompt(tx, projectId, promptId);
    if (!row) return null;
    const data = snapshotOf(row);
    const published = await versionInState(tx, row.id, 'published');
    if (published && (await sameContent(tx, published, data))) return { id: published.id, data };
    await supersede(tx, published);
    const created = await addVersion(tx, row, data, 'published', NO_AUTHOR);
    return { id: created.id, data };
  });
}

/** The data of these versions by id (nulls are skipped), as saved (the pipeline's PromptSnapshot). */
export async function readPromptVersions<T extends object = PromptVersionData>(
  db: Executor,
  ids: Array<number | null>,
): Promise<Map<number, T>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: promptVersions.id, data: promptVersions.data })
    .from(promptVersions)
    .where(inArray(promptVersions.id, wanted));
  return new Map(rows.map((row) => [row.id, row.data as T]));
}

/** The numbers of these versions by id (nulls are skipped). */
export async function versionNumbers(db: Executor, ids: Array<number | null>): Promise<Map<number, number>> {
  const wanted = ids.filter((id): id is number => id !== null);
  if (wanted.length === 0) return new Map();
  const rows = await db
    .select({ id: promptVersions.id, number: promptVersions.number })
    .from(promptVersions)
    .where(inArray(promptVersions.id, wanted));
  return new Map(rows.map((row) => [row.id, row.number]));
}
