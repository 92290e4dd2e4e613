import type { Insight, InsightAnswer, InsightRequestInput } from '@parley/contracts';
import { insightRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { users } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { adjustBalance } from '../src/modules/billing/adjustments.ts';
import { insightJob } from '../src/modules/insights/jobs.ts';
import { startAnalyticsApp } from './analytics.ts';
import { startFakeAnthropic } from './fake-upstreams/anthropic.ts';
import type { Client } from './harness.ts';
import { waitUntil } from './tasks.ts';

/**
 * The analytics app (test/analytics.ts: the hand-checked data set, a team leader of Sales, keys ...) whose
 * insights go to a fake Anthropic (the default AI generation provider) and are answered by its insight worker.
 */
export async function startInsightsApp(label: string) {
  const anthropic = await startFakeAnthropic();
  const s = await startAnalyticsApp({
    ANTHROPIC_API_KEY: `sk-ant-${label}`,
    ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
    AI_MAX_RETRIES: '0',
  });
  await insightJob.work(s.t.ctx);
  const [superAdmin] = await s.t.ctx.db.select().from(users).where(eq(users.isSuperAdmin, true));
  return {
    ...s,
    anthropic,
    /** Adds money to a project's balance (default plan: 0.05 per unit, so an insight of 5 units is 0.25). */
    credit: (projectId: number, amount: number) =>
      adjustBalance(s.t.ctx, projectId, superAdmin!, { type: 'credit', amount, reason: 'Test' }),
    close: async () => {
      await s.t.ctx.boss.offWork(QUEUES.insights);
      await s.t.close();
      await anthropic.close();
    },
  };
}

export function askInsight(
  client: Pick<Client, 'call'>,
  projectId: number,
  body: InsightRequestInput,
): Promise<LightMyRequestResponse> {
  return client.call(insightRoutes.create, { params: { id: projectId }, body: body });
}

/** Polls the insight until it is completed or failed. */
export async function settledInsight(
  client: Pick<Client, 'call'>,
  projectId: number,
  insightId: number,
): Promise<Insight> {
  return waitUntil(
    async () =>
      (await client.call(insightRoutes.get, { params: { id: projectId, insightId } })).json().data as Insight,
    (insight) => insight.status === 'completed' || insight.status === 'failed',
    20_000,
  );
}

/** A model answer with one finding whose citation is `citation` (defaults: nothing narrowed). */
export function modelAnswer(citation: Partial<InsightAnswer['findings'][number]['citations'][number]> = {}) {
  return {
    summary: 'Budgets are rarely discussed.',
    findings: [
      {
        title: 'Budget is missed',
        detail: 'Half of the answered budget items were missed.',
        figures: [{ label: 'Pass rate of Discovery.Budget', value: '66.7 %' }],
        citations: [
          {
            label: 'Missed budgets',
            analysis_ids: [],
            representative: null,
            department: null,
            field: null,
            field_outcome: null,
            moments: [],
            ...citation,
          },
        ],
      },
    ],
    actions: [{ title: 'Coach budget questions', detail: 'Practise asking about budget early.' }],
  } satisfies InsightAnswer;
}

type Message = { content: string | Array<{ text?: string }> };

/** What is between <tag> and </tag> in the user message of a request sent to the fake Anthropic. */
export function promptSection(body: { messages: Message[] }, tag: string): string {
  const text = body.messages
    .flatMap((message) =>
      typeof message.content === 'string'
        ? [message.content]
        : message.content.map((part) => part.text ?? ''),
    )
    .join('\n');
  const match = new RegExp(`<${tag}>\\n([\\s\\S]*?)\\n</${tag}>`).exec(text);
  if (!match) throw new Error(`No <${tag}> in the request`);
  return match[1]!;
}
