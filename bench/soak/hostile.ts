import { ALL_ROUTES, type RouteDefinition } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { tasks, users } from '../../apps/server/src/db/schema/index.ts';
import { enqueueTask } from '../../apps/server/src/modules/tasks/queue.ts';
import { type Variant, variantsOf } from '../../apps/server/test/hostile-walk.ts';
import { waitUntil } from '../../apps/server/test/tasks.ts';
import { addAnalysisPrompt, createTextTask } from '../support/analysis.ts';
import type { Figure } from './report.ts';
import { eachLimited, exampleRequest, idOfSoak, isMultipart, jsonBodyOf, send } from './requests.ts';
import type { Scale } from './scale.ts';
import { type Credentials, createProject, createUser, type Stack } from './stack.ts';

/** The issue's oversized body: 10 MB of JSON. */
const HUGE_JSON = JSON.stringify({ padding: 'x'.repeat(10 * 1024 * 1024) });
const HUGE = 'body 10 MB JSON';
const CONCURRENCY = 8;

/**
 * Hostile input on every operation with a path parameter, query or body (hostile-walk's variants: NUL, lone
 * surrogates, huge, non-finite and loose numbers, odd days, deep nesting, wrong types, oversized and malformed
 * bodies; and here 10 MB of JSON), each on the route's example input made from its schemas, sent to the API
 * process as its owner (the super admin under /admin and /support). No answer may be 500 or above. Reads,
 * then writes, then deletions (the project is this scenario's own).
 */
export async function hostileInput(stack: Stack, scale: Scale): Promise<Figure[]> {
  const { ctx, origin } = stack;
  const owner = await createUser(ctx);
  const superAdmin = await createUser(ctx);
  await ctx.db.update(users).set({ isSuperAdmin: true }).where(eq(users.id, superAdmin.id));
  const projectId = await createProject(ctx, 'Hostile', owner.id);
  const project = await addAnalysisPrompt(ctx, projectId, 100_000_000, []);
  const taskId = await createTextTask(ctx, project, {
    name: 'hostile.txt',
    contentType: 'text/plain',
    text: 'Agent: Hello.\nCustomer: Hi.\n',
  });
  await enqueueTask(ctx, taskId);
  await waitUntil(
    async () => (await ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.status,
    (status) => status === 'completed' || status === 'failed',
    120_000,
  );
  const ids = { projectId, promptId: project.promptId, taskId, userId: owner.id };
  const callerOf = (route: RouteDefinition): Credentials => {
    if (route.access === 'public') return null;
    return { cookie: /^\/(admin|support)\//.test(route.path) ? superAdmin.cookie : owner.cookie };
  };

  const rank = (route: RouteDefinition) => (route.method === 'DELETE' ? 1 : 0);
  const routes = [...ALL_ROUTES].sort((a, b) => rank(a) - rank(b));
  const all: Variant[] = routes.flatMap((route) => {
    const valid = exampleRequest(route, ids);
    const body = jsonBodyOf(route);
    const huge: Variant[] =
      body || isMultipart(route)
        ? [
            {
              route,
              place: HUGE,
              input: valid.input,
              raw: { payload: HUGE_JSON, contentType: 'application/json' },
            },
          ]
        : [];
    return [...variantsOf(body ? { ...route, body } : route, valid.input, idOfSoak(ids)), ...huge];
  });
  // The small form: an even spread over every route's variants, every 10 MB body kept.
  const stride = Math.max(1, Math.ceil(all.length / scale.hostileRequests));
  const variants = all.filter((variant, i) => i % stride === 0 || variant.place === HUGE);

  const failures: string[] = [];
  /** 502 and 504 of a route that documents them: the server it was asked to fetch a link from failed. */
  let upstream = 0;
  let unanswered = 0;
  /** 10 MB bodies whose early answer (413) the closing connection's reset took away before it was read. */
  let reset = 0;
  await eachLimited(variants, CONCURRENCY, async (variant) => {
    const where = `${variant.route.method} ${variant.route.path} ${variant.place}`;
    try {
      const { status } = await send(origin, callerOf(variant.route), variant);
      if ((status === 502 || status === 504) && variant.route.errors.includes(status)) upstream += 1;
      else if (status >= 500 && failures.push(`${status} ${where}`) <= 20)
        console.log(`  ${status} ${where}: ${JSON.stringify(variant.input).slice(0, 300)}`);
    } catch (error) {
      if (variant.place === HUGE) reset += 1;
      else {
        unanswered += 1;
        if (unanswered <= 5) console.log(`  no answer: ${where}: ${(error as Error).message}`);
      }
    }
  });
  const operations = new Set(variants.map((variant) => variant.route.operationId)).size;
  const scenario = 'hostile input';
  return [
    {
      scenario,
      figure: `answers ≥ 500 (${variants.length} requests${variants.length < all.length ? ` of ${all.length}` : ''}, ${operations} operations)`,
      value: String(failures.length),
      goal: '0',
      met: failures.length === 0,
    },
    {
      scenario,
      figure: "502/504 of a link's server (documented, not counted above)",
      value: String(upstream),
      goal: '-',
      met: true,
    },
    {
      scenario,
      figure: '10 MB bodies answered by closing the connection (answer lost to the reset)',
      value: String(reset),
      goal: '-',
      met: true,
    },
    {
      scenario,
      figure: 'other requests without an answer',
      value: String(unanswered),
      goal: '0',
      met: unanswered === 0,
    },
  ];
}
