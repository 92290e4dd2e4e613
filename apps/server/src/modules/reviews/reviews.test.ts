import { analysisRoutes, computeFinalScore, memberRoutes, repRoutes, reviewRoutes } from '@parley/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  analysed,
  CONTENT,
  field,
  type ScoredPrompt,
  scoredPrompt,
  startChangeRequestApp,
  VALUES,
} from '../../../test/change-requests.ts';
import { addMember, type Client, signUp } from '../../../test/harness.ts';
import { createKey, keyClient } from '../../../test/settings.ts';

let s: Awaited<ReturnType<typeof startChangeRequestApp>>;
let prompt: ScoredPrompt;
let salesTask: number;
let supportTask: number;
/** A user with the reviewer permission. */
let reviewer: Client;
/** The user the rep mapping names Ann, the representative of salesTask. */
let ann: Client;

beforeAll(async () => {
  s = await startChangeRequestApp();
  prompt = await scoredPrompt(s.t, s.owner, s.projectId, 'sum');
  salesTask = await analysed(s.t, s.projectId, prompt, { department: 'Sales', representative: 'Ann' });
  supportTask = await analysed(s.t, s.projectId, prompt, { department: 'Support', representative: 'Bob' });
  reviewer = await signUp(s.t.app);
  ann = await signUp(s.t.app);
  await addMember(s.t, s.projectId, reviewer, 'user');
  await addMember(s.t, s.projectId, ann, 'user');
  const mapped = await s.owner.call(repRoutes.createMapping, {
    params: { id: s.projectId },
    body: { identifier: ann.email, representative: 'ann' },
  });
  if (mapped.statusCode !== 201) throw new Error(mapped.body);
}, 120_000);
afterAll(() => s?.t.close());

const save = (
  client: Pick<Client, 'call'>,
  taskId: number,
  body: Record<string, unknown>,
  id = s.projectId,
) => client.call(reviewRoutes.save, { unchecked: true, params: { id, taskId }, body });
const reviewsOf = (client: Pick<Client, 'call'>, taskId: number) =>
  client.call(reviewRoutes.list, { params: { id: s.projectId, taskId } });

describe('the reviewer permission', () => {
  it('is set by admins and owners only', async () => {
    const set = (client: Pick<Client, 'call'>, reviewerFlag: boolean, id = s.projectId) =>
      client.call(reviewRoutes.setReviewer, {
        params: { id, userId: reviewer.userId },
        body: { reviewer: reviewerFlag },
      });
    expect((await set(s.user, true)).statusCode).toBe(403);
    expect((await set(s.leader, true)).statusCode).toBe(403);
    expect((await set(s.stranger, true)).statusCode).toBe(404);
    expect((await set(s.owner, true, s.otherProjectId)).statusCode).toBe(404);
    const response = await set(s.admin, true);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ user_id: reviewer.userId, reviewer: true });
    const members = await s.owner.call(memberRoutes.list, { params: { id: s.projectId } });
    const listed = members
      .json()
      .data.members.find((m: { user_id: number }) => m.user_id === reviewer.userId);
    expect(listed).toMatchObject({ role: 'user', reviewer: true });
  });
});

describe('who may review', () => {
  it('owners, admins, team leaders in scope, reviewers and full keys; not users, the representative, others', async () => {
    const draft = { answers: [{ path: 'Tone', value: 2 }] };
    const expected: Array<[string, Pick<Client, 'call'>, number]> = [
      ['owner', s.owner, 200],
      ['admin', s.admin, 200],
      ['leader of sales', s.leader, 200],
      ['leader of support', s.otherLeader, 404],
      ['user', s.user, 403],
      ['reviewer', reviewer, 200],
      ['representative', ann, 403],
      ['support staff', s.support, 403],
      ['stranger', s.stranger, 404],
      ['full key', s.fullKey, 200],
    ];
    for (const [who, client, status] of expected) {
      const response = await save(client, salesTask, draft);
      expect(response.statusCode, `${who}: ${response.body}`).toBe(status);
    }
    const media = keyClient(s.t.app, (await createKey(s.owner, s.projectId, 'media')).key);
    expect((await save(media, salesTask, draft)).statusCode).toBe(403);
    expect((await save(s.owner, salesTask, draft, s.otherProjectId)).statusCode).toBe(404);
    const seen = await reviewsOf(s.user, salesTask);
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ can_review: false, is_representative: false, draft: null });
    expect((await reviewsOf(ann, salesTask)).json().data).toMatchObject({
      can_review: false,
      is_representative: true,
    });
    expect((await reviewsOf(reviewer, salesTask)).json().data).toMatchObject({ can_review: true });
    expect((await reviewsOf(s.otherLeader, salesTask)).statusCode).toBe(404);
  });

  it('refuses answers that are not fields of the prompt, of the wrong type, or too long', async () => {
    const cases: Array<[unknown, number]> = [
      [{ answers: [{ path: 'Nope', value: true }] }, 422],
      [{ answers: [{ path: 'Final Score', value: 3 }] }, 422],
      [{ answers: [{ path: 'Greeting', value: 'yes' }] }, 422],
      [{ answers: [{ path: 'Tone', value: 5 }] }, 422],
      [{ answers: [{ path: 'Outcome', value: 'Maybe' }] }, 422],
      [{ answers: [{ path: 'Objections', value: 1.5 }] }, 422],
      [
        {
          answers: [
            { path: 'Tone', value: 1 },
            { path: 'Tone', value: 2 },
          ],
        },
        422,
      ],
      [{ answers: [{ path: 'Tone', comment: 'x'.repeat(2001) }] }, 400],
      [{ answers: [{ path: 'Tone', value: [1] }] }, 400],
      [{ moments: [{ seconds: 3, comment: ' ' }] }, 400],
      [{ moments: [{ seconds: -1, comment: 'Too early' }] }, 400],
      [{ comment: 'x'.repeat(2001) }, 400],
    ];
    for (const [body, status] of cases) {
      const response = await save(reviewer, supportTask, body as Record<string, unknown>);
      expect(response.statusCode, `${JSON.stringify(body).slice(0, 80)}: ${response.body}`).toBe(status);
    }
    const ok = await save(reviewer, supportTask, { answers: [{ path: 'Tone', comment: 'x'.repeat(2000) }] });
    expect(ok.statusCode, ok.body).toBe(200);
  });
});

describe('a review from draft to acknowledgement', () => {
  let reviewId: number;

  it('keeps a draft to the reviewer, then submits it with the human score', async () => {
    const draft = (await reviewsOf(reviewer, salesTask)).json().data.draft;
    expect(draft).toMatchObject({ status: 'draft', submitted_at: null });
    expect((await reviewsOf(s.admin, salesTask)).json().data.reviews).toEqual([]);
    const response = await save(reviewer, salesTask, {
      answers: [
        { path: 'Greeting', value: true, comment: 'She did greet at 0:04.' },
        { path: 'Tone', comment: 'Fair.' },
      ],
      moments: [
        { seconds: 30, comment: 'Budget asked here.' },
        { seconds: 4.5, comment: 'Greeting.' },
      ],
      comment: 'Good call overall.',
      submit: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const review = response.json().data;
    reviewId = review.id;
    const values = { ...VALUES, Greeting: true };
    const expected = computeFinalScore('sum', prompt.content, values, null);
    const ai = computeFinalScore('sum', prompt.content, VALUES, null);
    expect(review).toMatchObject({
      status: 'submitted',
      reviewer: { id: reviewer.userId },
      prompt_version_id: prompt.versionId,
      ai_score: ai.score,
      score: { mode: 'sum', score: expected.score },
      comment: 'Good call overall.',
      moments: [
        { seconds: 4.5, comment: 'Greeting.' },
        { seconds: 30, comment: 'Budget asked here.' },
      ],
      acknowledged_at: null,
    });
    expect(review.score.score).toBe((ai.score ?? 0) + 1);
    const greeting = review.answers.find((a: { path: string }) => a.path === 'Greeting');
    expect(greeting).toMatchObject({
      ai_value: false,
      value: true,
      changed: true,
      comment: 'She did greet at 0:04.',
    });
    const tone = review.answers.find((a: { path: string }) => a.path === 'Tone');
    expect(tone).toMatchObject({ ai_value: 1, value: 1, changed: false, comment: 'Fair.' });
    expect(review.answers.map((a: { path: string }) => a.path)).not.toContain('Final Score');
    const again = await save(reviewer, salesTask, { answers: [], submit: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('review_submitted');
  });

  it('shows the submitted review to whoever sees the analysis, drafts to their authors only', async () => {
    const seen = (await reviewsOf(s.user, salesTask)).json().data;
    expect(seen.reviews.map((r: { id: number }) => r.id)).toEqual([reviewId]);
    expect(seen.human_score).toBe(seen.reviews[0].score.score);
    expect((await reviewsOf(s.owner, salesTask)).json().data.draft).toMatchObject({ status: 'draft' });
  });

  it('lets only the representative acknowledge, once', async () => {
    const acknowledge = (client: Pick<Client, 'call'>, id = s.projectId) =>
      client.call(reviewRoutes.acknowledge, { params: { id, reviewId } });
    expect((await acknowledge(s.user)).statusCode).toBe(403);
    expect((await acknowledge(reviewer)).statusCode).toBe(403);
    expect((await acknowledge(s.owner, s.otherProjectId)).statusCode).toBe(404);
    expect((await acknowledge(s.stranger)).statusCode).toBe(404);
    const response = await acknowledge(ann);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ acknowledged_by: { id: ann.userId } });
    expect(response.json().data.acknowledged_at).toEqual(expect.any(String));
    expect((await acknowledge(ann)).statusCode).toBe(409);
  });

  it('filters the analyses list by review and shows the human score', async () => {
    const list = (reviewed: 'yes' | 'no') =>
      s.owner.call(analysisRoutes.list, { params: { id: s.projectId }, query: { reviewed } });
    const yes = (await list('yes')).json().data.items;
    expect(yes.map((item: { id: number }) => item.id)).toEqual([salesTask]);
    expect(yes[0].human_score).toBe((await reviewsOf(s.owner, salesTask)).json().data.human_score);
    const no = (await list('no')).json().data.items;
    expect(no.map((item: { id: number }) => item.id)).toEqual([supportTask]);
    expect(no[0].human_score).toBeNull();
  });

  it('discards a draft, and only a draft', async () => {
    const discard = (client: Pick<Client, 'call'>) =>
      client.call(reviewRoutes.discard, { params: { id: s.projectId, taskId: salesTask } });
    expect((await discard(s.owner)).statusCode).toBe(200);
    expect((await discard(s.owner)).statusCode).toBe(404);
    expect((await discard(reviewer)).statusCode).toBe(404);
  });
});

describe('knockouts', () => {
  it('score the human answers as the AI answers: a knockout answer fails the review', async () => {
    const content = CONTENT.map((f) =>
      f.key === 'Greeting' ? field('Greeting', 'bool', { knockout: [false] }) : f,
    );
    const knockoutPrompt = await scoredPrompt(
      s.t,
      s.owner,
      s.projectId,
      'sum',
      null,
      'claude-sonnet-4-5',
      content,
    );
    const taskId = await analysed(
      s.t,
      s.projectId,
      knockoutPrompt,
      { department: 'Sales', representative: 'Cid' },
      '2026-03-09T15:00:00Z',
      { ...VALUES, Greeting: true },
    );
    const response = await save(s.admin, taskId, {
      answers: [{ path: 'Greeting', value: false }],
      submit: true,
    });
    expect(response.statusCode, response.body).toBe(200);
    const review = response.json().data;
    expect(review.score).toMatchObject({ score: 0, knockouts: [{ path: 'Greeting', answer: false }] });
    expect(review.ai_score).toBeGreaterThan(0);
  });
});
