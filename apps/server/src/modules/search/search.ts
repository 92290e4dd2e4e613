import {
  candidateSegments,
  readTranscript,
  SEARCH,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
} from '@parley/contracts';
import { and, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client.ts';
import { tasks, trackers } from '../../db/schema/index.ts';
import { badRequest, notFound } from '../../errors.ts';
import { listFilters } from '../analyses/filters.ts';
import { countUpTo, newestFirst } from '../analyses/list.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { roleReader } from '../trackers/matching.ts';
import { TRACKER_TEXTS } from '../trackers/service.ts';
import { phraseWords, snippet } from './snippets.ts';

type Query = z.output<typeof SearchQuery>;
type Page = SearchResponse['data'];

export const SEARCH_TEXTS = {
  noWords: 'Please enter a word or number to search for: punctuation alone finds nothing.',
  badCursor: 'This cursor is not one this search gave: start again from the first page.',
} as const;

/**
 * Candidates (conversations whose whole text holds the phrase) read per request at most: a speaker filter can
 * reject most of them, and a page must not read a million transcripts to find none. When they run out before the
 * page is full, the page is shorter and its cursor goes on after the last one read.
 */
const SCAN_MAX = 300;
/** Candidates read by the first query (one more than a page), then by each further one. */
const FIRST_BATCH = SEARCH.pageSize + 1;
const NEXT_BATCH = 140;

/** A page's sort key: the conversation time in UTC to the microsecond (as stored) and the id. */
const CursorKey = z.tuple([
  z.string().regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/),
  z.number().int(),
]);
type CursorKey = z.infer<typeof CursorKey>;

const encodeCursor = (key: CursorKey) => Buffer.from(JSON.stringify(key)).toString('base64url');

function decodeCursor(cursor: string): CursorKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    parsed = null;
  }
  const key = CursorKey.safeParse(parsed).data;
  // A real instant (no 30 February) and an id PostgreSQL's integer holds.
  const valid =
    key &&
    key[1] > 0 &&
    key[1] <= 2_147_483_647 &&
    new Date(key[0]).toISOString().slice(0, 19) === key[0].slice(0, 19);
  if (!valid) throw badRequest(SEARCH_TEXTS.badCursor, 'bad_request', 'cursor');
  return key;
}

const cursorKeyColumn = sql<string>`to_char(${tasks.conversationAt} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

const phraseQuery = (phrase: string) => sql`phraseto_tsquery('simple', ${phrase})`;

async function requirePhraseWords(db: Executor, phrase: string): Promise<void> {
  const [row] = await db
    .execute<{ nodes: number }>(sql`SELECT numnode(${phraseQuery(phrase)}) AS nodes`)
    .then((answer) => answer.rows);
  if (!row?.nodes) throw badRequest(SEARCH_TEXTS.noWords, 'bad_request', 'q');
}

async function requireTracker(db: Executor, projectId: number, trackerId: number): Promise<void> {
  const [row] = await db
    .select({ id: trackers.id })
    .from(trackers)
    .where(and(eq(trackers.id, trackerId), eq(trackers.projectId, projectId)));
  if (!row) throw notFound(TRACKER_TEXTS.notFound);
}

/**
 * The analyses a search looks through: the analyses list's conditions (the caller's visibility, the period in
 * the project's time zone, prompt, department, representative, tracker) on completed analyses with a transcript.
 */
function searchedCondition(access: ProjectAccess, query: Query): SQL {
  const { from, to, prompt_id, department, representative, tracker_id } = query;
  return and(
    listFilters(access, { from, to, prompt_id, department, representative, tracker_id, status: 'completed' }),
    isNotNull(tasks.transcript),
  )!;
}

/**
 * Whether an analysis's text (title and transcript, tasks.search) holds the phrase: a candidate. Every piece of
 * a transcript is in that text unbroken, so no conversation with a matching piece is left out.
 */
const holdsPhrase = (phrase: string) => sql`${tasks.search} @@ ${phraseQuery(phrase)}`;

/** The planner's estimate of the rows of `tasks` that satisfy `where`. */
async function estimatedRows(db: Executor, where: SQL): Promise<number> {
  const [plan] = await db
    .execute<{ 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }>(
      sql`EXPLAIN (FORMAT JSON) SELECT 1 FROM ${tasks} WHERE ${where}`,
    )
    .then((answer) => answer.rows);
  return plan?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0;
}

/** Rows the count walks newest first, when the phrase looks common, before it asks the search index instead. */
const WALK_MAX = 5 * SEARCH.countMax;

/**
 * The candidates, counted up to SEARCH.countMax + 1. The search index (tasks_project_search_idx) finds a phrase
 * with a rare word at once, but for one of common words only ('renewal of my') it reads their whole lists: 0.35 s
 * at a million analyses. Such a phrase is in many conversations, so walking the newest ones (the conversation
 * index, the in-row search column) finds enough of them in a few thousand rows. Which way goes first follows the
 * planner's estimates of the analyses searched and of the matches (pg_statistic over all projects); a walk that
 * finds too few within WALK_MAX rows (and did not see them all) leaves the count to the index.
 */
async function countCandidates(db: Executor, searched: SQL, holds: SQL): Promise<Count> {
  const where = and(searched, holds)!;
  const limit = SEARCH.countMax + 1;
  const searchedRows = await estimatedRows(db, searched);
  // Walk when it can see every analysis searched, or when the phrase looks common enough to find `limit` of
  // them within WALK_MAX rows.
  if (searchedRows <= WALK_MAX || (await estimatedRows(db, where)) / searchedRows >= limit / WALK_MAX) {
    const newest = db
      .select({ holds: sql<boolean>`${holds}`.as('holds') })
      .from(tasks)
      .where(searched)
      .orderBy(desc(tasks.conversationAt), desc(tasks.id))
      .limit(WALK_MAX)
      .as('newest');
    const [walked] = await db
      .execute<{ found: number }>(
        sql`SELECT count(*)::int AS found FROM (SELECT 1 FROM ${newest} WHERE holds LIMIT ${limit}) AS matching`,
      )
      .then((answer) => answer.rows);
    const found = walked?.found ?? 0;
    if (found >= limit) return { found: limit, walked: true };
    // Fewer matches than that: exact if the walk saw every analysis searched (a department's last weeks).
    const [seen] = await db
      .execute<{ rows: number }>(sql`SELECT count(*)::int AS rows FROM ${newest}`)
      .then((answer) => answer.rows);
    if ((seen?.rows ?? WALK_MAX) < WALK_MAX) return { found, walked: true };
  }
  return { found: await countUpTo(db, where, limit, true), walked: false };
}

interface Candidate {
  id: number;
  title: string | null;
  conversationAt: Date;
  key: string;
  representative: string | null;
  department: string | null;
  transcript: unknown;
  speakerRoles: unknown;
}

/** How many candidates there are (up to SEARCH.countMax + 1), and whether walking the newest found them. */
interface Count {
  found: number;
  walked: boolean;
}

const candidateColumns = {
  id: tasks.id,
  title: tasks.title,
  conversationAt: tasks.conversationAt,
  key: cursorKeyColumn,
  representative: tasks.representative,
  department: tasks.department,
  transcript: tasks.transcript,
  speakerRoles: tasks.speakerRoles,
};

/**
 * The next `limit` candidates newest first. After a walk counted them (`found` null: common words, or few
 * analyses searched), they are read walking too: without bitmap scans, which the search index can only do.
 * Otherwise the analyses list's order for their number (`newestFirst`).
 */
async function readCandidates(
  db: Executor,
  where: SQL,
  limit: number,
  found: number | null,
): Promise<Candidate[]> {
  const read = (tx: Executor, order: SQL[]) =>
    tx
      .select(candidateColumns)
      .from(tasks)
      .where(where)
      .orderBy(...order)
      .limit(limit);
  if (found !== null) return read(db, newestFirst(found, SEARCH.countMax));
  return db.transaction(async (tx) => {
    await tx.execute(sql`SET LOCAL enable_bitmapscan = off`);
    return read(tx, [desc(tasks.conversationAt), desc(tasks.id)]);
  });
}

/** The pieces (task id, index) among these that hold the phrase, tested by PostgreSQL as the candidates were. */
async function matchingPieces(
  db: Executor,
  phrase: string,
  pieces: { taskIds: number[]; indexes: number[]; texts: string[] },
): Promise<Set<string>> {
  if (pieces.taskIds.length === 0) return new Set();
  const found = await db.execute<{ task_id: number; idx: number }>(sql`
    WITH q AS MATERIALIZED (SELECT ${phraseQuery(phrase)} AS query)
    SELECT p.task_id, p.idx
    FROM unnest(${sql.param(pieces.taskIds)}::int[], ${sql.param(pieces.indexes)}::int[],
      ${sql.param(pieces.texts)}::text[]) AS p(task_id, idx, body), q
    WHERE to_tsvector('simple', p.body) @@ q.query`);
  return new Set(found.rows.map((row) => `${row.task_id}:${row.idx}`));
}

/**
 * The results among these candidates, in their order: each conversation with the pieces said by the chosen
 * speaker (the analysis's current roles, as trackers read them: contracts `candidateSegments`) that hold the
 * phrase. A candidate whose phrase is only in its title, across two pieces or said by the other speaker is none.
 */
async function resultsOf(
  db: Executor,
  candidates: readonly Candidate[],
  query: Query,
  phrase: string,
): Promise<Array<{ candidate: Candidate; result: SearchResult }>> {
  const pieces = { taskIds: [] as number[], indexes: [] as number[], texts: [] as string[] };
  const spoken = candidates.map((candidate) => {
    const segments = readTranscript(candidate.transcript) ?? [];
    const said = candidateSegments(
      segments,
      { speaker: query.speaker, window: null },
      roleReader(candidate.speakerRoles),
    );
    for (const { index, segment } of said) {
      pieces.taskIds.push(candidate.id);
      pieces.indexes.push(index);
      pieces.texts.push(segment.text);
    }
    return said;
  });
  const hits = await matchingPieces(db, phrase, pieces);
  const words = phraseWords(phrase);
  return candidates.flatMap((candidate, i) => {
    const matching = spoken[i]!.filter(({ index }) => hits.has(`${candidate.id}:${index}`));
    if (matching.length === 0) return [];
    const result: SearchResult = {
      task_id: candidate.id,
      title: candidate.title,
      conversation_at: candidate.conversationAt.toISOString(),
      representative: candidate.representative,
      department: candidate.department,
      matches: matching.length,
      snippets: matching.slice(0, SEARCH.snippetsMax).map(({ index, segment, role }) => ({
        segment: index,
        seconds: segment.start,
        role,
        ...snippet(segment.text, words),
      })),
    };
    return [{ candidate, result }];
  });
}

/**
 * A page of the project's conversations whose transcript holds the phrase, newest conversation first, after
 * the cursor. `total` counts the candidates (conversations whose text holds the phrase, within the filters) up
 * to SEARCH.countMax from the indexes, as the analyses list counts its search; the page's results are exact.
 */
export async function searchTranscripts(db: Executor, access: ProjectAccess, query: Query): Promise<Page> {
  const after = query.cursor === undefined ? null : decodeCursor(query.cursor);
  // NUL and unpaired surrogates never get here (http/text-guard.ts answers 400); phraseto_tsquery reads the
  // rest as words, so operators and quotes are no syntax.
  const phrase = query.q;
  await requirePhraseWords(db, phrase);
  if (query.tracker_id) await requireTracker(db, access.project.id, query.tracker_id);
  const searched = searchedCondition(access, query);
  const holds = holdsPhrase(phrase);
  const where = and(searched, holds)!;
  const { found, walked } = await countCandidates(db, searched, holds);
  const results: SearchResult[] = [];
  let last: CursorKey | null = after;
  let scanned = 0;
  let exhausted = found === 0;
  while (!exhausted && results.length <= SEARCH.pageSize && scanned < SCAN_MAX) {
    const limit = Math.min(scanned === 0 ? FIRST_BATCH : NEXT_BATCH, SCAN_MAX - scanned);
    const keyset = last
      ? sql`(${tasks.conversationAt}, ${tasks.id}) < (${last[0]}::timestamptz, ${last[1]})`
      : undefined;
    const batch = await readCandidates(db, and(where, keyset)!, limit, walked ? null : found);
    scanned += batch.length;
    exhausted = batch.length < limit;
    for (const { candidate, result } of await resultsOf(db, batch, query, phrase)) {
      if (results.length === SEARCH.pageSize) {
        // One more result than the page: the page ends at the one before it.
        return page(query, results, found, encodeCursor(last!));
      }
      results.push(result);
      last = [candidate.key, candidate.id];
    }
    const end = batch.at(-1);
    // Candidates read past the last result: the next page starts after them.
    if (end && results.length < SEARCH.pageSize) last = [end.key, end.id];
  }
  return page(query, results, found, exhausted ? null : last && encodeCursor(last));
}

const page = (query: Query, results: SearchResult[], found: number, nextCursor: string | null): Page => ({
  results,
  total: Math.min(found, SEARCH.countMax),
  total_capped: found > SEARCH.countMax,
  total_at_most: query.speaker !== 'anyone',
  next_cursor: nextCursor,
});
