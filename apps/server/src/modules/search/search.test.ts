import {
  analysisRoutes,
  repIdentifierKey,
  SEARCH,
  type SearchQuery,
  type SearchResponse,
  type SearchResult,
  searchRoutes,
  transcriptToText,
} from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { createKey, keyClient } from '../../../test/settings.ts';
import { completedAnalysis, createTracker, said } from '../../../test/trackers.ts';
import { mediaFiles, repMappings, tasks, teamLeaderAssignments } from '../../db/schema/index.ts';
import { applyTracker } from '../trackers/apply.ts';
import { SEARCH_TEXTS } from './search.ts';

let t: TestApp;
let owner: Client;
let leader: Client;
let otherLeader: Client;
let agent: Client;
let stranger: Client;
let projectId: number;
let otherProjectId: number;
/** The customer says the phrase (Sales, Ann, January). */
let customerSays: number;
/** The representative says it (Support, Bob, February). */
let representativeSays: number;
/** Its words in another order (Sales, Ann, February). */
let otherOrder: number;
/** Russian and Ukrainian (Sales, Cyril, March). */
let cyrillic: number;
/** Markup in the text, and 'refund' (Sales, Ann, March). */
let markup: number;
/** A long piece and five pieces with 'refund' (Support, Bob, March). */
let long: number;

const LONG_BEFORE = 'We talked about the weather for a while. '.repeat(10);
const LONG_AFTER = ' Then we said goodbye and hung up the phone.'.repeat(10);

beforeAll(async () => {
  t = await startTestApp();
  await signUp(t.app); // the super admin
  [owner, leader, otherLeader, agent, stranger] = [
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
    await signUp(t.app),
  ];
  projectId = await createProject(owner, 'Search');
  otherProjectId = await createProject(stranger, 'Elsewhere');
  await addMember(t, projectId, leader, 'teamleader');
  await addMember(t, projectId, otherLeader, 'teamleader');
  await addMember(t, projectId, agent, 'user');
  await t.ctx.db.insert(teamLeaderAssignments).values([
    { projectId, userId: leader.userId, departments: ['support'], representatives: [] },
    { projectId, userId: otherLeader.userId, departments: ['Billing'], representatives: [] },
  ]);
  // The plain user is Ann: the project shows agents their own analyses.
  await t.ctx.db.insert(repMappings).values({
    projectId,
    identifier: agent.email,
    identifierKey: repIdentifierKey(agent.email),
    representative: 'Ann',
  });
  customerSays = await completedAnalysis(
    t,
    projectId,
    said('I want to Cancel My Contract now.', {
      department: 'Sales',
      representative: 'Ann',
      at: '2026-01-15T12:00:00Z',
    }),
  );
  representativeSays = await completedAnalysis(
    t,
    projectId,
    said(
      'Thanks.',
      { department: 'Support', representative: 'Bob', at: '2026-02-10T12:00:00Z' },
      'Shall I cancel my contract for you?',
    ),
  );
  otherOrder = await completedAnalysis(
    t,
    projectId,
    said('My contract: cancel it.', {
      department: 'Sales',
      representative: 'Ann',
      at: '2026-02-20T12:00:00Z',
    }),
  );
  cyrillic = await completedAnalysis(t, projectId, {
    segments: [
      { start: 0, end: 4, speaker: 'A', text: 'Добрый день!' },
      { start: 4, end: 9, speaker: 'B', text: 'Я хочу расторгнуть ДОГОВОР сегодня.' },
      { start: 9, end: 14, speaker: 'B', text: 'Хочу скасувати договір, будь ласка.' },
    ],
    roles: { A: 'representative', B: 'customer' },
    department: 'Sales',
    representative: 'Cyril',
    at: '2026-03-01T12:00:00Z',
  });
  markup = await completedAnalysis(
    t,
    projectId,
    said('<b>Cancel</b> my <i>contract</i> &amp; a "refund" <script>alert(1)</script>', {
      department: 'Sales',
      representative: 'Ann',
      at: '2026-03-05T12:00:00Z',
    }),
  );
  long = await completedAnalysis(t, projectId, {
    segments: [
      { start: 0, end: 60, speaker: 'B', text: `${LONG_BEFORE}Please refund me.${LONG_AFTER}` },
      ...[1, 2, 3, 4].map((n) => ({ start: 60 + n, end: 61 + n, speaker: 'B', text: `Refund number ${n}.` })),
      { start: 70, end: 71, speaker: 'A', text: 'A refund, then.' },
    ],
    roles: { A: 'representative', B: 'customer' },
    department: 'Support',
    representative: 'Bob',
    at: '2026-03-10T12:00:00Z',
  });
}, 120_000);
afterAll(async () => {
  await t.close();
});

async function search(client: Pick<Client, 'call'>, query: SearchQuery, project = projectId) {
  const response = await client.call(searchRoutes.search, { params: { id: project }, query });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as SearchResponse).data;
}
const ids = async (client: Pick<Client, 'call'>, query: SearchQuery) =>
  (await search(client, query)).results.map((result) => result.task_id);

describe('search across transcripts', () => {
  it('finds the words in their order, in any case, newest first', async () => {
    expect(await ids(owner, { q: 'cancel my contract' })).toEqual([markup, representativeSays, customerSays]);
    expect(await ids(owner, { q: 'CANCEL my Contract' })).toEqual([markup, representativeSays, customerSays]);
    expect(await ids(owner, { q: 'contract my cancel' })).toEqual([]);
    expect(await ids(owner, { q: 'my contract: cancel' })).toEqual([otherOrder]);
    const page = await search(owner, { q: 'cancel my contract' });
    expect(page).toMatchObject({ total: 3, total_capped: false, total_at_most: false, next_cursor: null });
    // Said by the customer: two results, but the count is of the conversations that hold the phrase at all.
    const said = await search(owner, { q: 'cancel my contract', speaker: 'customer' });
    expect(said).toMatchObject({ total: 3, total_at_most: true });
    expect(said.results).toHaveLength(2);
  });

  it('finds non-Latin words, word for word and in any case', async () => {
    expect(await ids(owner, { q: 'расторгнуть договор' })).toEqual([cyrillic]);
    expect(await ids(owner, { q: 'ДОГОВІР' })).toEqual([cyrillic]);
    // No stemming: another form of the word is another word.
    expect(await ids(owner, { q: 'договора' })).toEqual([]);
    const [result] = (await search(owner, { q: 'договор' })).results;
    expect(result!.snippets).toEqual([
      {
        segment: 1,
        seconds: 4,
        role: 'customer',
        text: 'Я хочу расторгнуть ДОГОВОР сегодня.',
        highlights: [{ start: 19, length: 7 }],
      },
    ]);
  });

  it('answers each conversation with its people, its matches and exact snippets', async () => {
    const [result] = (
      await search(owner, { q: 'cancel my contract', speaker: 'customer', department: 'Sales' })
    ).results;
    expect(result).toEqual<SearchResult>({
      task_id: markup,
      title: null,
      conversation_at: '2026-03-05T12:00:00.000Z',
      representative: 'Ann',
      department: 'Sales',
      matches: 1,
      snippets: [
        {
          segment: 1,
          seconds: 5,
          role: 'customer',
          // Markup is text: it comes back as it was said, and the marks count its characters.
          text: '<b>Cancel</b> my <i>contract</i> &amp; a "refund" <script>alert(1)</script>',
          highlights: [
            { start: 3, length: 6 },
            { start: 14, length: 2 },
            { start: 20, length: 8 },
          ],
        },
      ],
    });
  });

  it('counts every matching piece, answers three, and cuts a long piece around its hit', async () => {
    const [result] = (await search(owner, { q: 'refund', speaker: 'customer', department: 'Support' }))
      .results;
    expect(result!.task_id).toBe(long);
    expect(result!.matches).toBe(5);
    expect(result!.snippets.map((snippet) => snippet.segment)).toEqual([0, 1, 2]);
    const cut = result!.snippets[0]!;
    expect(cut.text.length).toBeLessThanOrEqual(SEARCH.snippetMax);
    expect(cut.text.startsWith('…')).toBe(true);
    expect(cut.text.endsWith('…')).toBe(true);
    expect(cut.highlights).toHaveLength(1);
    const [mark] = cut.highlights;
    expect(cut.text.slice(mark!.start, mark!.start + mark!.length)).toBe('refund');
    expect(result!.snippets[1]).toEqual({
      segment: 1,
      seconds: 61,
      role: 'customer',
      text: 'Refund number 1.',
      highlights: [{ start: 0, length: 6 }],
    });
    const anyone = (await search(owner, { q: 'refund', department: 'Support' })).results[0]!;
    expect(anyone.matches).toBe(6);
  });

  it('takes the speaker from the roles the analysis has now', async () => {
    expect(await ids(owner, { q: 'cancel my contract', speaker: 'representative' })).toEqual([
      representativeSays,
    ]);
    expect(await ids(owner, { q: 'cancel my contract', speaker: 'customer' })).toEqual([
      markup,
      customerSays,
    ]);
    const swapped = await owner.call(analysisRoutes.speakerRoles, {
      params: { id: projectId, taskId: representativeSays },
      body: { roles: { A: 'customer', B: 'representative' } },
    });
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect(await ids(owner, { q: 'cancel my contract', speaker: 'representative' })).toEqual([]);
    expect(await ids(owner, { q: 'cancel my contract', speaker: 'customer' })).toEqual([
      markup,
      representativeSays,
      customerSays,
    ]);
    const back = await owner.call(analysisRoutes.speakerRoles, {
      params: { id: projectId, taskId: representativeSays },
      body: { roles: { A: 'representative', B: 'customer' } },
    });
    expect(back.statusCode, back.body).toBe(200);
  });

  it("filters by a tracker's hits, the conversation's day and its people", async () => {
    const tracker = await createTracker(owner, projectId, {
      name: 'Refunds',
      language: 'en',
      phrases: ['refund'],
    });
    await applyTracker(t.ctx, tracker.id);
    expect(await ids(owner, { q: 'cancel my contract', tracker_id: tracker.id })).toEqual([markup]);
    const elsewhere = await createTracker(stranger, otherProjectId, {
      name: 'Theirs',
      language: 'en',
      phrases: ['x'],
    });
    const foreign = await owner.call(searchRoutes.search, {
      params: { id: projectId },
      query: { q: 'cancel', tracker_id: elsewhere.id },
    });
    expect(foreign.statusCode).toBe(404);
    expect(await ids(owner, { q: 'cancel my contract', from: '2026-02-01', to: '2026-02-28' })).toEqual([
      representativeSays,
    ]);
    expect(await ids(owner, { q: 'cancel my contract', to: '2026-01-15' })).toEqual([customerSays]);
    expect(await ids(owner, { q: 'cancel my contract', department: ' support ' })).toEqual([
      representativeSays,
    ]);
    expect(await ids(owner, { q: 'cancel my contract', representative: 'ann' })).toEqual([
      markup,
      customerSays,
    ]);
  });

  it('leaves out analyses without a transcript or not completed', async () => {
    const gone = await completedAnalysis(
      t,
      projectId,
      said('cancel my contract', { at: '2026-04-01T12:00:00Z' }),
    );
    const redone = await completedAnalysis(
      t,
      projectId,
      said('cancel my contract', { at: '2026-04-02T12:00:00Z' }),
    );
    expect(await ids(owner, { q: 'cancel my contract', from: '2026-04-01' })).toEqual([redone, gone]);
    await t.ctx.db
      .update(tasks)
      .set({ transcript: null, transcriptText: null, expiredAt: new Date() })
      .where(eq(tasks.id, gone));
    await t.ctx.db.update(tasks).set({ status: 'processing' }).where(eq(tasks.id, redone));
    expect(await ids(owner, { q: 'cancel my contract', from: '2026-04-01' })).toEqual([]);
  });

  it('shows each caller the analyses the list shows them; other projects and media keys get nothing', async () => {
    expect(await ids(leader, { q: 'cancel my contract' })).toEqual([representativeSays]);
    expect(await ids(otherLeader, { q: 'cancel my contract' })).toEqual([]);
    expect(await ids(agent, { q: 'cancel my contract' })).toEqual([markup, customerSays]);
    const full = keyClient(t.app, (await createKey(owner, projectId, 'full')).key);
    expect(await ids(full, { q: 'cancel my contract' })).toEqual([markup, representativeSays, customerSays]);
    const media = keyClient(t.app, (await createKey(owner, projectId, 'media')).key);
    const refused = await media.call(searchRoutes.search, {
      params: { id: projectId },
      query: { q: 'cancel' },
    });
    expect(refused.statusCode).toBe(403);
    const outsider = await stranger.call(searchRoutes.search, {
      params: { id: projectId },
      query: { q: 'cancel' },
    });
    expect(outsider.statusCode).toBe(404);
    expect((await search(stranger, { q: 'cancel my contract' }, otherProjectId)).results).toEqual([]);
  });

  it('pages newest first with a cursor, without repeating or skipping a conversation', async () => {
    const paging = await createProject(owner, 'Paging');
    const made: number[] = [];
    for (let i = 0; i < 2 * SEARCH.pageSize + 5; i += 1) {
      // Pairs of conversations at the same time: the id decides between them.
      const at = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 2) * 3_600_000 + 0.25).toISOString();
      made.push(
        await completedAnalysis(
          t,
          paging,
          said(i % 3 === 0 ? 'Hello there, world.' : 'Hello world!', { at }),
        ),
      );
    }
    const seen: number[] = [];
    let cursor: string | null | undefined;
    let pages = 0;
    do {
      const page = await search(owner, { q: 'hello world', ...(cursor ? { cursor } : {}) }, paging);
      expect(page.total).toBe(made.filter((_, i) => i % 3 !== 0).length);
      seen.push(...page.results.map((result) => result.task_id));
      cursor = page.next_cursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBeGreaterThanOrEqual(2);
    const expected = made.filter((_, i) => i % 3 !== 0).sort((a, b) => b - a);
    expect(seen).toEqual(expected);
  });

  it('reads a bounded number of candidates a page, and its cursor goes on after them', async () => {
    const many = await createProject(owner, 'Many');
    const [media] = await t.ctx.db
      .insert(mediaFiles)
      .values({
        projectId: many,
        storageKey: 'test/search-many',
        fileName: 'call.wav',
        contentType: 'audio/wav',
        sizeBytes: 1,
        sha256: `search-many-${Math.random()}`,
        kind: 'audio',
      })
      .returning({ id: mediaFiles.id });
    // 700 calls where only the representative says it, then (newest) one where the customer does.
    const row = (i: number, customer: string) => {
      const segments = [
        { start: 0, end: 5, speaker: 'A', text: 'Your renewal of my plan, you mean?' },
        { start: 5, end: 9, speaker: 'B', text: customer },
      ];
      return {
        projectId: many,
        mediaId: media!.id,
        status: 'completed' as const,
        transcript: segments,
        transcriptText: transcriptToText(segments),
        speakerRoles: {
          roles: { A: 'representative' as const, B: 'customer' as const },
          source: 'model' as const,
          check: null,
          metrics: {},
        },
        conversationAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
      };
    };
    await t.ctx.db.insert(tasks).values(Array.from({ length: 700 }, (_, i) => row(i, 'Yes.')));
    const [said] = await t.ctx.db
      .insert(tasks)
      .values(row(700, 'The renewal of my plan.'))
      .returning({ id: tasks.id });
    const query = { q: 'renewal of my', speaker: 'customer' } as const;
    const first = await search(owner, query, many);
    expect(first.results.map((result) => result.task_id)).toEqual([said!.id]);
    expect(first).toMatchObject({ total: 701, total_capped: false });
    expect(first.next_cursor).not.toBeNull();
    // The first page read 300 candidates; the other 401 hold none: 300 more (an empty page), then the last.
    const second = await search(owner, { ...query, cursor: first.next_cursor! }, many);
    expect(second.results).toEqual([]);
    expect(second.next_cursor).not.toBeNull();
    const third = await search(owner, { ...query, cursor: second.next_cursor! }, many);
    expect(third).toMatchObject({ results: [], next_cursor: null });
  });

  it('refuses a malformed cursor and a phrase without words; hostile phrases never fail', async () => {
    const bad = async (query: SearchQuery) => {
      const response = await owner.call(searchRoutes.search, { params: { id: projectId }, query });
      expect(response.statusCode, response.body).toBe(400);
      return response.json().error.message as string;
    };
    expect(await bad({ q: 'cancel', cursor: 'not a cursor' })).toBe(SEARCH_TEXTS.badCursor);
    const forged = Buffer.from(JSON.stringify(['2026-02-30T00:00:00.000000Z', 1])).toString('base64url');
    expect(await bad({ q: 'cancel', cursor: forged })).toBe(SEARCH_TEXTS.badCursor);
    expect(await bad({ q: '&|!:*()<>' })).toBe(SEARCH_TEXTS.noWords);
    expect(await bad({ q: '\u0000' })).toMatch(/NUL/);
    expect(await bad({ q: 'cancel\u0000my contract' })).toMatch(/NUL/);
    await bad({ q: '   ' });
    expect(await ids(owner, { q: "cancel & my | contract:* !(<->)'" })).toEqual([
      markup,
      representativeSays,
      customerSays,
    ]);
  });
});
