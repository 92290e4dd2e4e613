import { enqueueTask } from '../../apps/server/src/modules/tasks/queue.ts';
import { waitUntil } from '../../apps/server/test/tasks.ts';
import { createChatTasks, seedAnalysisProject } from '../support/analysis.ts';
import { settled } from './outcomes.ts';
import type { Figure } from './report.ts';
import type { Scale } from './scale.ts';
import type { Stack } from './stack.ts';

/** The goal: a killed worker's analyses resume within this many seconds. */
const RESUME_GOAL_SECONDS = 15;
/** The provider's answer time while analyses are in flight: longer than it takes to put them all in flight. */
const IN_FLIGHT_DELAY_MS = 20_000;

/**
 * kill -9 of a worker process with `scale.inFlight` analyses in flight (waiting on the provider, shared by the
 * two worker processes), `scale.kills` times; a new worker process is started in its place, as a supervisor
 * would. Lost: tasks that never completed; charged twice: tasks with two charges; resume: seconds from the kill
 * until the provider was called again for every analysis the killed process had in flight.
 */
export async function workerKills(stack: Stack, scale: Scale): Promise<Figure[]> {
  const { ctx, calls } = stack;
  const project = await seedAnalysisProject(ctx, 100_000_000, []);
  const allIds: number[] = [];
  /** Seconds from each kill until the first and the last of its analyses called the provider again. */
  const resumes: Array<{ first: number; last: number }> = [];
  let interruptedTotal = 0;
  let inFlightAtKills = 0;
  stack.providerDelayMs = IN_FLIGHT_DELAY_MS;
  try {
    for (let round = 0; round < scale.kills; round += 1) {
      const tag = `kill-${round}-call`;
      const ids = await createChatTasks(ctx, project, scale.inFlight, tag);
      allIds.push(...ids);
      const before = calls.length;
      const ofTask = (text: string) => {
        const match = text.match(new RegExp(`${tag} (\\d+)\\.`));
        return match ? Number(match[1]) : null;
      };
      for (const id of ids) await enqueueTask(ctx, id);
      // In flight: every analysis has called the provider (which answers only after IN_FLIGHT_DELAY_MS).
      await waitUntil(
        async () => new Set(calls.slice(before).map((call) => ofTask(call.text))).size,
        (n) => n >= scale.inFlight,
        IN_FLIGHT_DELAY_MS - 2000,
      ).catch(() => undefined);
      const victim = stack.workers.shift()!;
      const killedAt = performance.now();
      const interrupted = new Set(
        calls
          .slice(before)
          .filter((call) => call.process === victim.key && call.at > killedAt - IN_FLIGHT_DELAY_MS)
          .map((call) => ofTask(call.text)),
      );
      inFlightAtKills += calls
        .slice(before)
        .filter((call) => call.at > killedAt - IN_FLIGHT_DELAY_MS && ofTask(call.text) !== null).length;
      await victim.process.kill();
      interruptedTotal += interrupted.size;
      const replacement = stack.startWorker();
      // Resumed: the provider was called again, after the kill, for each analysis the dead process had.
      const firstCalls = await waitUntil(
        async () => {
          const first = new Map<number | null, number>();
          for (const call of calls) {
            const task = ofTask(call.text);
            if (call.at > killedAt && interrupted.has(task) && !first.has(task)) first.set(task, call.at);
          }
          return first;
        },
        (first) => first.size === interrupted.size,
        180_000,
      ).catch(() => null);
      const seconds = firstCalls ? [...firstCalls.values()].map((at) => (at - killedAt) / 1000) : [];
      resumes.push({
        first: firstCalls ? Math.min(...seconds) : Number.POSITIVE_INFINITY,
        last: firstCalls ? Math.max(...seconds) : Number.POSITIVE_INFINITY,
      });
      await replacement;
      await settled(ctx, ids, 180_000);
    }
  } finally {
    stack.providerDelayMs = 3000;
  }
  const outcomes = await settled(ctx, allIds, 60_000);
  const lost = allIds.length - outcomes.completed;
  const worst = Math.max(...resumes.map((resume) => resume.last));
  const scenario = `worker kill -9 (${scale.kills}×)`;
  return [
    {
      scenario,
      figure: 'analyses in flight at the kills',
      value: String(inFlightAtKills),
      goal: `${scale.inFlight * scale.kills}`,
      met: inFlightAtKills >= scale.inFlight * scale.kills,
      timing: true,
    },
    {
      scenario,
      figure: 'of them in the killed process',
      value: String(interruptedTotal),
      goal: '> 0',
      met: interruptedTotal > 0,
    },
    { scenario, figure: 'lost (not completed)', value: String(lost), goal: '0', met: lost === 0 },
    {
      scenario,
      figure: 'charged twice',
      value: String(outcomes.chargedTwice),
      goal: '0',
      met: outcomes.chargedTwice === 0,
    },
    {
      scenario,
      figure: 'resume after the kill, s: first–last analysis (each kill)',
      value: resumes.map(({ first, last }) => `${first.toFixed(1)}–${last.toFixed(1)}`).join(', '),
      goal: `≤ ${RESUME_GOAL_SECONDS}`,
      met: worst <= RESUME_GOAL_SECONDS,
      timing: true,
    },
  ];
}
