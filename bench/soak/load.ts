import { ALL_ROUTES, type RouteDefinition } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { projects } from '../../apps/server/src/db/schema/index.ts';
import type { ProjectRow } from '../../apps/server/src/modules/projects/access.ts';
import { createRealisticPrompts, insertRealisticAnalyses } from '../support/realistic-rows.ts';
import type { Figure } from './report.ts';
import { exampleRequest, send } from './requests.ts';
import type { Scale } from './scale.ts';
import { createProject, createUser, type Stack } from './stack.ts';

/** Analyses of the loaded project (realistic rows: transcripts and results as the pipeline writes them). */
const ANALYSES = 5000;
/** The soak's own goal (the issue names none): p99 of the list routes under load, on 2 cores. */
const P99_GOAL_MS = 2000;

/** The list operations of a project (and the project list) that its owner calls with nothing but its id. */
function listRoutes(): RouteDefinition[] {
  return ALL_ROUTES.filter(
    (route) =>
      route.method === 'GET' &&
      route.operationId.startsWith('list') &&
      !route.produces &&
      /^\/projects(\/:id\/|$)/.test(route.path) &&
      [...route.path.matchAll(/:(\w+)/g)].every(([, name]) => name === 'id'),
  );
}

/**
 * Load: `scale.connections` clients, each calling the list routes in turn (as the project's owner, on a project
 * of ANALYSES realistic analyses) for `scale.loadSeconds`; request rate, p50 and p99 latency and errors (answers
 * other than 2xx, and failed requests).
 */
export async function listLoad(stack: Stack, scale: Scale): Promise<Figure[]> {
  const { ctx, origin } = stack;
  const owner = await createUser(ctx);
  const projectId = await createProject(ctx, 'Load', owner.id);
  const [project] = await ctx.db.select().from(projects).where(eq(projects.id, projectId));
  const prompts = await createRealisticPrompts(ctx, { project: project as ProjectRow, role: 'owner' });
  await insertRealisticAnalyses(ctx.db, { project: { id: projectId }, prompts, rows: ANALYSES });
  const ids = { projectId, promptId: prompts[0]!.id, taskId: 0, userId: owner.id };
  const requests = listRoutes().map((route) => exampleRequest(route, ids));

  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const until = performance.now() + scale.loadSeconds * 1000;
  let turn = 0;
  const client = async () => {
    while (performance.now() < until) {
      const request = requests[turn++ % requests.length]!;
      const started = performance.now();
      const outcome = await send(origin, { cookie: owner.cookie }, request).then(
        ({ status }) => (status >= 200 && status < 300 ? null : String(status)),
        (error: Error) => error.message,
      );
      latencies.push(performance.now() - started);
      if (outcome) {
        const key = `${request.route.operationId} ${outcome}`;
        errors.set(key, (errors.get(key) ?? 0) + 1);
      }
    }
  };
  await Promise.all(Array.from({ length: scale.connections }, client));
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))]!;
  const failed = [...errors.values()].reduce((sum, n) => sum + n, 0);
  if (failed) console.log(`  errors: ${[...errors].map(([key, n]) => `${n}× ${key}`).join(', ')}`);
  const scenario = `load ${scale.connections} conn × ${scale.loadSeconds} s`;
  return [
    {
      scenario,
      figure: `requests (${requests.length} list routes, ${ANALYSES} analyses), per second`,
      value: `${latencies.length}, ${(latencies.length / scale.loadSeconds).toFixed(0)}/s`,
      goal: '-',
      met: true,
    },
    {
      scenario,
      figure: 'latency p50 / p99, ms',
      value: `${at(0.5).toFixed(0)} / ${at(0.99).toFixed(0)}`,
      goal: `p99 ≤ ${P99_GOAL_MS}`,
      met: at(0.99) <= P99_GOAL_MS,
      timing: true,
    },
    { scenario, figure: 'errors', value: String(failed), goal: '0', met: failed === 0 },
  ];
}
