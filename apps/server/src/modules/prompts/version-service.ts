import {
  type PromptData,
  type PromptVersion,
  type PromptVersionSummary,
  readVersionPrompt,
} from '@parley/contracts';
import { and, desc, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { promptVersions, users } from '../../db/schema/index.ts';
import { conflict, notFound } from '../../errors.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { findPromptRow, PROMPT_TEXTS, type PromptRow, promptColumns, writePublished } from './service.ts';
import {
  addVersion,
  lockPrompt,
  publishRow,
  rewriteDraft,
  snapshotOf,
  type VersionAuthor,
  versionInState,
} from './versions.ts';

export const VERSION_TEXTS = {
  notFound: 'Version not found.',
  noDraft: 'This prompt has no draft.',
  notDraft: 'Only the draft can be published: this version is published or superseded.',
  draftExists: 'This prompt has a draft already: publish or discard it first.',
} as const;

const summaryColumns = {
  id: promptVersions.id,
  promptId: promptVersions.promptId,
  number: promptVersions.number,
  state: promptVersions.state,
  authorUserId: promptVersions.authorUserId,
  authorName: users.name,
  authorEmail: users.email,
  authorApiKeyName: promptVersions.authorApiKeyName,
  createdAt: promptVersions.createdAt,
  publishedAt: promptVersions.publishedAt,
};

type SummaryRow = {
  id: number;
  promptId: number | null;
  number: number;
  state: PromptVersionSummary['state'];
  authorUserId: number | null;
  authorName: string | null;
  authorEmail: string | null;
  authorApiKeyName: string | null;
  createdAt: Date;
  publishedAt: Date | null;
};

function toSummary(row: SummaryRow): PromptVersionSummary {
  const known = row.authorUserId !== null || row.authorApiKeyName !== null;
  return {
    id: row.id,
    prompt_id: row.promptId!,
    number: row.number,
    state: row.state,
    author: known
      ? {
          user_id: row.authorUserId,
          name: row.authorName || row.authorEmail || null,
          api_key: row.authorApiKeyName,
        }
      : null,
    created_at: row.createdAt.toISOString(),
    published_at: row.publishedAt?.toISOString() ?? null,
  };
}

const withAuthor = (db: Executor) =>
  db
    .select({ ...summaryColumns, data: promptVersions.data })
    .from(promptVersions)
    .leftJoin(users, eq(users.id, promptVersions.authorUserId));

/**
 * A page of the versions of a prompt of the project, newest first (404 for another project's prompt), read
 * from the (prompt, number) key; next_before is the page's last number when older versions follow.
 */
export async function listVersions(
  ctx: AppContext,
  access: ProjectAccess,
  promptId: number,
  page: { before?: number; limit: number },
): Promise<{ data: PromptVersionSummary[]; next_before: number | null }> {
  await findPromptRow(ctx, access, promptId);
  const rows = await ctx.db
    .select(summaryColumns)
    .from(promptVersions)
    .leftJoin(users, eq(users.id, promptVersions.authorUserId))
    .where(
      and(
        eq(promptVersions.projectId, access.project.id),
        eq(promptVersions.promptId, promptId),
        page.before === undefined ? undefined : lt(promptVersions.number, page.before),
      ),
    )
    .orderBy(desc(promptVersions.number))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  return {
    data: shown.map(toSummary),
    next_before: rows.length > page.limit ? shown.at(-1)!.number : null,
  };
}

/** One version of a prompt of the project with the prompt as it was saved. */
export async function getVersion(
  db: Executor,
  access: ProjectAccess,
  promptId: number,
  versionId: number,
): Promise<PromptVersion> {
  const [row] = await withAuthor(db).where(
    and(
      eq(promptVersions.projectId, access.project.id),
      eq(promptVersions.promptId, promptId),
      eq(promptVersions.id, versionId),
    ),
  );
  if (!row) throw notFound(VERSION_TEXTS.notFound);
  return { ...toSummary(row), prompt: readVersionPrompt(row.data) };
}

/** The prompt, locked for the rest of the transaction (404 when the project has no such prompt). */
async function requirePrompt(db: Executor, access: ProjectAccess, promptId: number): Promise<PromptRow> {
  const row = await lockPrompt(db, access.project.id, promptId);
  if (!row) throw notFound(PROMPT_TEXTS.notFound);
  return row;
}

/**
 * Saves the prompt as its draft: checked as a save is, stored as a version new analyses don't use. Editing
 * while a draft exists rewrites that draft.
 */
export async function saveDraft(
  ctx: AppContext,
  access: ProjectAccess,
  promptId: number,
  input: PromptData,
  author: VersionAuthor,
): Promise<PromptVersion> {
  return ctx.db.transaction(async (tx) => {
    const existing = await requirePrompt(tx, access, promptId);
    const values = await promptColumns(ctx, access, input, existing);
    const data = snapshotOf({ ...existing, ...values });
    const draft = await versionInState(tx, existing.id, 'draft');
    const saved = draft
      ? await rewriteDraft(tx, draft, data, author)
      : await addVersion(tx, existing, data, 'draft', author);
    return getVersion(tx, access, existing.id, saved.id);
  });
}

export async function discardDraft(ctx: AppContext, access: ProjectAccess, promptId: number): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const existing = await requirePrompt(tx, access, promptId);
    const draft = await versionInState(tx, existing.id, 'draft');
    if (!draft) throw notFound(VERSION_TEXTS.noDraft);
    await tx.delete(promptVersions).where(eq(promptVersions.id, draft.id));
  });
}

/**
 * Publishes the draft: checked again as a save is (a classification target may be gone, a model retired
 * since it was saved), written to the prompt, the published version superseded.
 */
export async function publishVersion(
  ctx: AppContext,
  access: ProjectAccess,
  promptId: number,
  versionId: number,
  author: VersionAuthor,
): Promise<PromptVersion> {
  return ctx.db.transaction(async (tx) => {
    const existing = await requirePrompt(tx, access, promptId);
    const version = await getVersion(tx, access, existing.id, versionId);
    if (version.state !== 'draft') throw conflict(VERSION_TEXTS.notDraft, 'version_not_draft');
    const values = await promptColumns(ctx, access, version.prompt, existing);
    const row = await writePublished(tx, existing.id, values);
    const published = await publishRow(tx, row, author);
    return getVersion(tx, access, existing.id, published.id);
  });
}

/** A new draft with an older version's content; 409 while the prompt has a draft. */
export async function restoreVersion(
  ctx: AppContext,
  access: ProjectAccess,
  promptId: number,
  versionId: number,
  author: VersionAuthor,
): Promise<PromptVersion> {
  return ctx.db.transaction(async (tx) => {
    const existing = await requirePrompt(tx, access, promptId);
    const version = await getVersion(tx, access, existing.id, versionId);
    if (await versionInState(tx, existing.id, 'draft')) {
      throw conflict(VERSION_TEXTS.draftExists, 'draft_exists');
    }
    const data = { ...snapshotOf(existing), ...version.prompt, scriptName: existing.scriptName };
    const draft = await addVersion(tx, existing, data, 'draft', author);
    return getVersion(tx, access, existing.id, draft.id);
  });
}
