import { AGREEMENT, AGREEMENT_TYPES, type ResultValues, reviewRoutes } from '@parley/contracts';
import { eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysed,
  type ScoredPrompt,
  scoredPrompt,
  startChangeRequestApp,
  VALUES,
} from '../../../test/change-requests.ts';
import type { Client } from '../../../test/harness.ts';
import { insertPromptVersion } from '../../../test/prompt-versions.ts';
import { projects, reviewAgreementAnswers, reviews, tasks, users } from '../../db/schema/index.ts';
import { ledgerRows } from './agreement.ts';
import { recordAgreementAnswers } from './agreement-answers.ts';

/**
 * The ledger counts review_agreement_answers (written at submission); these tests hold it to what counting the
 * reviews' own answers (review_answers, as the ledger did before) gives, for every filter, group and caller.
 */
let s: Awaited<ReturnType<typeof startChangeRequestApp>>;
let prompt: ScoredPrompt;
const TIME_ZONE = 'Asia/Tokyo';

type Answers = Array<{ path: string; value?: string | number | boolean }>;

beforeAll(async () => {
  s = await startChangeRequestApp();
  const { db } = s.t.ctx;
  await db.update(projects).set({ timezone: TIME_ZONE }).where(eq(projects.id, s.projectId));
  prompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
  const second = {
    ...prompt,
    versionId: await insertPromptVersion(db, {
      projectId: s.projectId,
      promptId: prompt.id,
      data: {
        id: prompt.id,
        projectId: s.projectId,
        scriptName: 'QA second',
        content: prompt.content,
        finalScore: 'sum',
        maxScore: null,
        model: 'claude-sonnet-4-5',
      },
      hash: 'second',
    }),
  };
  // The AI's answers vary: an untrimmed option, a missing mark.
  const { Tone: _tone, ...withoutTone } = VALUES;
  const aiValues: ResultValues[] = [
    VALUES,
    { ...VALUES, Greeting: true, Outcome: 'Won ' },
    withoutTone,
    { ...VALUES, Objections: 4 },
  ];
  const people = [
    { department: 'Sales', representative: 'Ann' },
    { department: 'Support', representative: 'Bob' },
    { department: 'Sales', representative: ' ' },
  ];
  const reviewers: Client[] = [s.owner, s.admin];
  const submittedAt = ['2026-03-09T14:59:00Z', '2026-03-09T15:00:00Z', '2026-04-30T16:00:00Z'];
  let n = 0;
  for (const version of [prompt, second]) {
    for (const [p, person] of people.entries()) {
      for (const [v, values] of aiValues.entries()) {
        const taskId = await analysed(s.t, s.projectId, version, person, undefined, values);
        for (const [r, reviewer] of reviewers.entries()) {
          n += 1;
          if ((n + r) % 3 === 0) continue;
          const answers: Answers = [
            { path: 'Greeting', value: (n + v) % 2 === 0 },
            { path: 'Tone', value: (n * 7 + r) % 4 },
            { path: 'Outcome', value: n % 5 === 0 ? 'Won' : 'Lost' },
            { path: 'Discovery.Budget', value: ['ok', 'not ok', 'n/a'][(n + p) % 3] },
            { path: 'Objections', value: n % 4 },
          ].filter((_, k) => (n + k) % 4 !== 0);
          const response = await reviewer.call(reviewRoutes.save, {
            params: { id: s.projectId, taskId },
            body: { answers, submit: n % 7 !== 0 },
          });
          if (response.statusCode !== 200) throw new Error(response.body);
          if (n % 7 === 0) continue;
          // Submitted on other days (both copies, as if it had been submitted then).
          const at = new Date(submittedAt[n % submittedAt.length]!);
          const id = response.json().data.id as number;
          await db.update(reviews).set({ submittedAt: at }).where(eq(reviews.id, id));
          await db
            .update(reviewAgreementAnswers)
            .set({ submittedAt: at })
            .where(eq(reviewAgreementAnswers.reviewId, id));
        }
      }
    }
  }
}, 240_000);
afterAll(() => s?.t.close());

/** The ledger's rows as counted from the reviews' own answers (review_answers), the way it was before. */
async function fromReviewAnswers(visibleDepartment: string | null, query: Record<string, string | number>) {
  const conditions: SQL[] = [
    sql`r.project_id = ${s.projectId}`,
    sql`r.status = 'submitted'`,
    sql`v.prompt_id = ${prompt.id}`,
    sql`a.field_type IN (${sql.join(
      AGREEMENT_TYPES.map((type) => sql`${type}`),
      sql`, `,
    )})`,
  ];
  if (visibleDepartment) conditions.push(sql`lower(t.department) = ${visibleDepartment}`);
  if (query.prompt_version) conditions.push(sql`v.number = ${query.prompt_version}`);
  if (query.from) {
    conditions.push(sql`r.submitted_at >= (${query.from}::date)::timestamp AT TIME ZONE ${TIME_ZONE}`);
  }
  if (query.to) {
    conditions.push(sql`r.submitted_at < (${query.to}::date + 1)::timestamp AT TIME ZONE ${TIME_ZONE}`);
  }
  if (query.department) {
    conditions.push(sql`lower(t.department) = ${String(query.department).toLowerCase()}`);
  }
  if (query.representative) {
    conditions.push(sql`lower(t.representative) = ${String(query.representative).toLowerCase()}`);
  }
  const group = {
    representative: sql`nullif(btrim(t.representative), '')`,
    reviewer: sql`r.reviewer_name`,
    month: sql`to_char(r.submitted_at AT TIME ZONE ${TIME_ZONE}, 'YYYY-MM')`,
  }[String(query.group)];
  const { rows } = await s.t.ctx.db.execute<{
    path: string;
    type: (typeof AGREEMENT_TYPES)[number];
    version: number;
    group: string | null;
    ai: unknown;
    human: unknown;
    count: number;
  }>(sql`
    SELECT a.path, a.field_type AS type, v.number AS version, ${group ?? sql`null`} AS "group",
           a.ai_value AS ai, a.value AS human, count(*)::int AS count
    FROM review_answers a JOIN reviews r ON r.id = a.review_id JOIN tasks t ON t.id = r.task_id
    JOIN prompt_versions v ON v.id = r.prompt_version_id
    WHERE ${sql.join(conditions, sql` AND `)}
    GROUP BY 1, 2, 3, 4, 5, 6`);
  return ledgerRows(rows, Number(query.kappa_flag ?? AGREEMENT.defaultKappaFlag));
}

const QUERIES: Array<Record<string, string | number>> = [
  {},
  { group: 'representative' },
  { group: 'reviewer' },
  { group: 'month' },
  { from: '2026-03-09', to: '2026-03-09' },
  { from: '2026-03-10' },
  { to: '2026-03-31', group: 'month' },
  { prompt_version: 2 },
  { prompt_version: 3, group: 'reviewer' },
  { department: 'SUPPORT' },
  { representative: 'ann', group: 'month' },
  { department: 'sales', group: 'representative', from: '2026-03-01' },
  { kappa_flag: 0.1 },
];

async function expectSameLedger() {
  const callers: Array<[string, Client, string | null]> = [
    ['owner', s.owner, null],
    ['leader of sales', s.leader, 'sales'],
    ['leader of support', s.otherLeader, 'support'],
    ['support staff', s.support, null],
  ];
  for (const [who, client, department] of callers) {
    for (const query of QUERIES) {
      const response = await client.call(reviewRoutes.agreement, {
        unchecked: true,
        params: { id: s.projectId },
        query: { prompt_id: prompt.id, ...query },
      });
      expect(response.statusCode, response.body).toBe(200);
      const expected = await fromReviewAnswers(department, query);
      expect(response.json().data.rows, `${who} ${JSON.stringify(query)}`).toEqual(expected);
    }
  }
}

describe('review_agreement_answers', () => {
  it('holds the measured answers of the submitted reviews, written at submission', async () => {
    const { rows } = await s.t.ctx.db.execute<{ copied: number; expected: number }>(sql`
      SELECT (SELECT count(*) FROM review_agreement_answers)::int AS copied,
             (SELECT count(*) FROM review_answers a JOIN reviews r ON r.id = a.review_id
              WHERE r.status = 'submitted' AND a.field_type <> 'string')::int AS expected`);
    expect(rows[0]!.copied).toBeGreaterThan(100);
    expect(rows[0]!.copied).toBe(rows[0]!.expected);
  });

  it('gives the ledger the answers counting the reviews’ own answers gives, for every filter, group and caller', async () => {
    await expectSameLedger();
    // The fixtures reach every part of the table: both versions, months, a kept and a changed answer.
    const rows = await fromReviewAnswers(null, { group: 'month' });
    expect(new Set(rows.map((row) => row.prompt_version))).toEqual(new Set([2, 3]));
    expect(new Set(rows.map((row) => row.group))).toEqual(new Set(['2026-03', '2026-05']));
    expect(rows.some((row) => row.agreement !== null && row.agreement > 0 && row.agreement < 1)).toBe(true);
  });

  it('stays the same after an analysis is deleted and a reviewer’s account goes', async () => {
    const { db } = s.t.ctx;
    const [reviewed] = await db
      .select({ taskId: reviews.taskId })
      .from(reviews)
      .where(eq(reviews.status, 'submitted'))
      .limit(1);
    await db.delete(tasks).where(eq(tasks.id, reviewed!.taskId));
    await db.delete(users).where(eq(users.id, s.admin.userId));
    await expectSameLedger();
  });

  it('is filled again by the same statement as migration 0045 backfilled it, once per review', async () => {
    const { db } = s.t.ctx;
    const count = async () =>
      (await db.select({ n: sql<number>`count(*)::int` }).from(reviewAgreementAnswers))[0]!.n;
    const before = await count();
    await recordAgreementAnswers(db, sql`true`);
    expect(await count()).toBe(before);
    await db.delete(reviewAgreementAnswers);
    await recordAgreementAnswers(db, sql`true`);
    expect(await count()).toBe(before);
  });
});
