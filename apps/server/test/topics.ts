import { type TopicModelAnswer, type TopicRunDetail, topicRoutes } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { mediaFiles, projects, tasks, users } from '../src/db/schema/index.ts';
import { QUEUES } from '../src/jobs/boss.ts';
import { adjustBalance } from '../src/modules/billing/adjustments.ts';
import { topicJob } from '../src/modules/topics/job.ts';
import { startFakeAnthropic } from './fake-upstreams/anthropic.ts';
import type { RecordedRequest } from './fake-upstreams/scripted.ts';
import { type Client, startTestApp, type TestApp } from './harness.ts';
import { waitUntil } from './tasks.ts';

/** The prompt text of a recorded model request (every string of its messages). */
function promptOf(request: RecordedRequest): string {
  const strings: string[] = [];
  const walk = (value: unknown) => {
    if (typeof value === 'string') strings.push(value);
    else if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(request.body?.messages);
  return strings.join('\n');
}

export interface ShownCluster {
  cluster: number;
  conversations: number;
  previous_period: number;
  words: string[];
  samples: string[];
}

/** The clusters a topic run showed the model (modules/topics/name.ts topicPrompt). */
export function shownClusters(request: RecordedRequest): ShownCluster[] {
  const prompt = promptOf(request);
  const start = prompt.indexOf('<clusters>');
  return JSON.parse(prompt.slice(start + '<clusters>'.length, prompt.indexOf('</clusters>', start)));
}

/** Every cluster a topic of its own, named by its words: a model that keeps answering (bench). */
export function oneTopicPerCluster(request: RecordedRequest): TopicModelAnswer {
  return {
    topics: shownClusters(request).map((cluster) => ({
      name: cluster.words.slice(0, 3).join(' '),
      description: `Customers talk about ${cluster.words.slice(0, 3).join(', ')}.`,
      clusters: [cluster.cluster],
      phrases: cluster.words.slice(0, 3),
    })),
  };
}

/** A completed analysis with a summary (null: none) and optionally a transcript, at `at`. */
export async function insertSummarised(
  t: TestApp,
  projectId: number,
  conversation: {
    summary: string | null;
    at: string;
    promptId?: number | null;
    department?: string | null;
    transcript?: Array<{ speaker: string; text: string }>;
    customer?: string;
  },
): Promise<number> {
  const [media] = await t.ctx.db
    .insert(mediaFiles)
    .values({
      projectId,
      storageKey: `test/topics/${Math.random()}`,
      fileName: 'call.wav',
      contentType: 'audio/wav',
      sizeBytes: 1,
      sha256: String(Math.random()),
      kind: 'audio',
    })
    .returning({ id: mediaFiles.id });
  const segments = conversation.transcript?.map((piece, i) => ({ ...piece, start: i * 5, end: i * 5 + 4 }));
  const [task] = await t.ctx.db
    .insert(tasks)
    .values({
      projectId,
      mediaId: media!.id,
      promptId: conversation.promptId ?? null,
      status: 'completed',
      title: conversation.summary?.slice(0, 40) ?? 'Call',
      department: conversation.department ?? null,
      result: {
        values: conversation.summary === null ? { Title: 'Call' } : { Summary: conversation.summary },
        evidence: {},
      } as never,
      transcript: segments ?? null,
      transcriptText: segments?.map((piece) => `${piece.speaker}: ${piece.text}`).join('\n') ?? null,
      speakerRoles: conversation.customer
        ? ({
            roles: { [conversation.customer]: 'customer' },
            source: 'model',
            check: null,
            metrics: {},
          } as never)
        : null,
      conversationAt: new Date(conversation.at),
      createdAt: new Date(conversation.at),
    })
    .returning({ id: tasks.id });
  return task!.id;
}

/** A test app whose topic runs go to a fake Anthropic (the default AI generation provider) and its worker. */
export async function startTopicsApp(label: string) {
  const anthropic = await startFakeAnthropic();
  const t = await startTestApp(
    {},
    {
      ANTHROPIC_API_KEY: `sk-ant-${label}`,
      ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
      AI_MAX_RETRIES: '0',
    },
  );
  await topicJob.work(t.ctx);
  return {
    t,
    anthropic,
    /** Adds money to a project's balance (default plan: 0.05 per unit, so a run of 10 units is 0.5). */
    credit: async (projectId: number, amount: number) => {
      const [superAdmin] = await t.ctx.db.select().from(users).where(eq(users.isSuperAdmin, true));
      await adjustBalance(t.ctx, projectId, superAdmin!, { type: 'credit', amount, reason: 'Test' });
    },
    timezone: (projectId: number, zone: string) =>
      t.ctx.db.update(projects).set({ timezone: zone }).where(eq(projects.id, projectId)),
    close: async () => {
      await t.ctx.boss.offWork(QUEUES.topics);
      await t.close();
      await anthropic.close();
    },
  };
}

/** Polls the run until it is completed or failed. */
export function settledRun(client: Pick<Client, 'call'>, projectId: number, runId: number) {
  return waitUntil(
    async () =>
      (await client.call(topicRoutes.getRun, { params: { id: projectId, runId } })).json()
        .data as TopicRunDetail,
    (run) => run.status === 'completed' || run.status === 'failed',
    20_000,
  );
}
