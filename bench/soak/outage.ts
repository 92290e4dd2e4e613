import { analysisRoutes, pathOf } from '@parley/contracts';
import { enqueueTask } from '../../apps/server/src/modules/tasks/queue.ts';
import { waitUntil } from '../../apps/server/test/tasks.ts';
import { addAnalysisPrompt, createChatTasks } from '../support/analysis.ts';
import { settled } from './outcomes.ts';
import type { Figure } from './report.ts';
import type { Scale } from './scale.ts';
import { createProject, createUser, headersOf, type Stack } from './stack.ts';

/** The goal: the API answers again within this many seconds of the database's return. */
const RECOVERY_GOAL_SECONDS = 5;
/** Analyses in flight when the database goes. */
const IN_FLIGHT = 20;

/**
 * The database cut for `scale.outageSeconds` (the TCP proxy every process reaches it through drops its
 * connections and refuses new ones) while analyses wait on the provider: every API answer meanwhile must be a
 * 503 with Retry-After; after the cut the API must answer within RECOVERY_GOAL_SECONDS, and every analysis
 * complete (none failed for the outage).
 */
export async function databaseOutage(stack: Stack, scale: Scale): Promise<Figure[]> {
  const { ctx, calls, origin, proxy } = stack;
  const owner = await createUser(ctx);
  const projectId = await createProject(ctx, 'Outage', owner.id);
  const project = await addAnalysisPrompt(ctx, projectId, 100_000_000, []);
  const ids = await createChatTasks(ctx, project, IN_FLIGHT, 'outage-call');
  const before = calls.length;
  for (const id of ids) await enqueueTask(ctx, id);
  await waitUntil(
    async () => calls.length - before,
    (n) => n >= IN_FLIGHT,
    60_000,
  ).catch(() => undefined);

  const list = `${origin}/api${pathOf(analysisRoutes.list, { id: projectId })}`;
  const ask = async () => {
    try {
      const response = await fetch(list, { headers: headersOf({ cookie: owner.cookie }) });
      await response.arrayBuffer();
      return { status: response.status, retryAfter: response.headers.get('retry-after') };
    } catch {
      return { status: 0, retryAfter: null };
    }
  };
  await proxy.cut();
  const until = performance.now() + scale.outageSeconds * 1000;
  const during: string[] = [];
  let answers = 0;
  while (performance.now() < until) {
    const { status, retryAfter } = await ask();
    answers += 1;
    if (status !== 503 || !retryAfter) during.push(`${status}${retryAfter ? '' : ' without Retry-After'}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await proxy.restore();
  const restoredAt = performance.now();
  const recovered = await waitUntil(
    async () => (await ask()).status,
    (status) => status === 200,
    60_000,
  )
    .then(() => (performance.now() - restoredAt) / 1000)
    .catch(() => Number.POSITIVE_INFINITY);
  const outcomes = await settled(ctx, ids, 180_000);
  const notCompleted = ids.length - outcomes.completed;
  if (during.length) console.log(`  other answers during the cut: ${[...new Set(during)].join(', ')}`);
  const scenario = `database cut ${scale.outageSeconds} s`;
  return [
    {
      scenario,
      figure: 'API answers during the cut: 503 with Retry-After',
      value: `${answers - during.length} of ${answers}`,
      goal: 'all',
      met: during.length === 0 && answers > 0,
    },
    {
      scenario,
      figure: 'recovery after the cut, s',
      value: recovered.toFixed(1),
      goal: `≤ ${RECOVERY_GOAL_SECONDS}`,
      met: recovered <= RECOVERY_GOAL_SECONDS,
      timing: true,
    },
    {
      scenario,
      figure: `analyses in flight (${IN_FLIGHT}) failed or lost`,
      value: String(notCompleted),
      goal: '0',
      met: notCompleted === 0,
    },
    {
      scenario,
      figure: 'charged twice',
      value: String(outcomes.chargedTwice),
      goal: '0',
      met: outcomes.chargedTwice === 0,
    },
  ];
}
