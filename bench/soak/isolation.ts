import { randomBytes } from 'node:crypto';
import { ALL_ROUTES, apiKeyRoutes, pathOf, type RouteDefinition, supportRoutes } from '@parley/contracts';
import { eq, sql } from 'drizzle-orm';
import { sessions, tasks, teamLeaderAssignments } from '../../apps/server/src/db/schema/index.ts';
import { createSession } from '../../apps/server/src/modules/auth/sessions.ts';
import { enqueueTask } from '../../apps/server/src/modules/tasks/queue.ts';
import { waitUntil } from '../../apps/server/test/tasks.ts';
import { addAnalysisPrompt, createTextTask } from '../support/analysis.ts';
import type { Figure } from './report.ts';
import { eachLimited, exampleRequest, send } from './requests.ts';
import type { Scale } from './scale.ts';
import { addMember, type Credentials, callApi, createProject, createUser, type Stack } from './stack.ts';

/** What a caller may do with a route: nothing (any 2xx is a leak), read it (a 2xx write is a leak), or all. */
type Right = 'none' | 'read' | 'all';

interface Caller {
  name: string;
  credentials: Credentials;
  right: (route: RouteDefinition) => Right;
  /** Text of the target project this caller must never be answered: its name, its analysis's file name. */
  secrets: string[];
}

const isProjectRoute = (route: RouteDefinition) => route.path.startsWith('/projects/:id');
const isAdminRoute = (route: RouteDefinition) => route.path.startsWith('/admin/');
const publicOnly = (route: RouteDefinition): Right => (route.access === 'public' ? 'all' : 'none');
/** A signed-in account outside the target project: everything but the project's routes and the admin's. */
const outsider = (route: RouteDefinition): Right =>
  isProjectRoute(route) || isAdminRoute(route) ? 'none' : 'all';
/** Writes only an admin or owner of the project makes (keys, people, outbound connections, the project itself). */
const ADMIN_WRITES =
  /^\/projects\/:id(\/(api-keys|members|invites|webhooks|receivers|support-access|automations|integrations|team-leaders|settings)(\/|$)|$)/;
const member = (route: RouteDefinition): Right => {
  if (isAdminRoute(route)) return 'none';
  return route.method !== 'GET' && ADMIN_WRITES.test(route.path) ? 'read' : 'all';
};

/** The walk's order: reads, then writes, then deletions, then signing out (so a caller keeps its session). */
function ordered(routes: readonly RouteDefinition[]): RouteDefinition[] {
  const rank = (route: RouteDefinition) =>
    route.operationId === 'signOut' ? 3 : route.method === 'DELETE' ? 2 : route.method === 'GET' ? 0 : 1;
  return [...routes].sort((a, b) => rank(a) - rank(b));
}

/**
 * Tenant isolation: every operation of the route table (but the live event stream's body), with its example
 * input and the target project's real ids, called by each kind of caller that has no right to the target's
 * data. A leak is a 2xx where the caller has no right (a write where it may only read), or an answer carrying
 * the target project's name or its analysis's file name to a caller that must not see them.
 */
export async function tenantIsolation(stack: Stack, _scale: Scale): Promise<Figure[]> {
  const { ctx, origin } = stack;
  const secret = randomBytes(6).toString('hex');
  const projectSecret = `soak-project-${secret}`;
  const analysisSecret = `soak-analysis-${secret}`;

  const owner = await createUser(ctx);
  const projectId = await createProject(ctx, `Target ${projectSecret}`, owner.id);
  const project = await addAnalysisPrompt(ctx, projectId, 1_000_000, []);
  const taskId = await createTextTask(ctx, project, {
    name: `${analysisSecret}.txt`,
    contentType: 'text/plain',
    text: 'Agent: Hello.\nCustomer: Hi.\n',
    metadata: { Department: 'Marketing', Representative: 'Zed' },
  });
  await enqueueTask(ctx, taskId);
  await waitUntil(
    async () => (await ctx.db.select().from(tasks).where(eq(tasks.id, taskId)))[0]!.status,
    (status) => status === 'completed' || status === 'failed',
    120_000,
  );

  const other = await createUser(ctx);
  const otherProjectId = await createProject(ctx, 'Another project', other.id);
  const teamLeader = await createUser(ctx);
  await addMember(ctx, projectId, teamLeader.id, 'teamleader');
  await ctx.db
    .insert(teamLeaderAssignments)
    .values({ projectId, userId: teamLeader.id, departments: ['Sales'], representatives: [] });
  const plainUser = await createUser(ctx);
  await addMember(ctx, projectId, plainUser.id, 'user');
  const support = await createUser(ctx, 'support');

  const key = async (cookie: string, id: number, type: 'full' | 'media') => {
    const created = await callApi(origin, { cookie }, 'POST', pathOf(apiKeyRoutes.create, { id }), {
      name: `${type} key`,
      type,
    });
    if (created.status !== 201) throw new Error(`Creating a key: ${created.status}`);
    return (created.json as { data: { id: number; api_key: string } }).data;
  };
  const mediaKey = await key(owner.cookie, projectId, 'media');
  const otherKey = await key(other.cookie, otherProjectId, 'full');
  const revoked = await key(owner.cookie, projectId, 'full');
  const revoking = await callApi(
    origin,
    { cookie: owner.cookie },
    'POST',
    pathOf(apiKeyRoutes.revoke, { id: projectId, keyId: revoked.id }),
  );
  if (revoking.status >= 300) throw new Error(`Revoking a key: ${revoking.status}`);
  const expired = await createUser(ctx);
  await addMember(ctx, projectId, expired.id, 'owner');
  await ctx.db
    .update(sessions)
    .set({ createdAt: sql`now() - interval '366 days'` })
    .where(eq(sessions.userId, expired.id));

  const both = [projectSecret, analysisSecret];
  const callers: Caller[] = [
    { name: 'anonymous', credentials: null, right: publicOnly, secrets: both },
    {
      name: "another project's owner",
      credentials: { cookie: other.cookie },
      right: outsider,
      secrets: both,
    },
    {
      name: "another project's full key",
      credentials: { key: otherKey.api_key },
      right: (route) => (route.access === 'session' ? 'none' : outsider(route)),
      secrets: both,
    },
    {
      name: 'support staff, no grant',
      credentials: { cookie: support.cookie },
      right: outsider,
      secrets: both,
    },
    {
      name: 'media key',
      credentials: { key: mediaKey.api_key },
      right: (route) => (route.access === 'public' || route.access === 'media-key' ? 'all' : 'none'),
      secrets: [analysisSecret],
    },
    {
      name: 'team leader of another team',
      credentials: { cookie: teamLeader.cookie },
      right: member,
      secrets: [analysisSecret],
    },
    {
      name: 'plain user',
      credentials: { cookie: plainUser.cookie },
      right: member,
      secrets: [analysisSecret],
    },
    { name: 'revoked key', credentials: { key: revoked.api_key }, right: publicOnly, secrets: both },
    {
      name: 'expired session (an owner)',
      credentials: { cookie: expired.cookie },
      right: publicOnly,
      secrets: both,
    },
  ];
  const withGrant: Caller = {
    name: 'support staff, read-only grant',
    credentials: { cookie: support.cookie },
    right: (route) => (isAdminRoute(route) ? 'none' : isProjectRoute(route) ? 'read' : 'all'),
    secrets: [],
  };

  // A user id of the target project that is not the caller's own: its owner (leaving a project is no leak).
  const ids = { projectId, promptId: project.promptId, taskId, userId: owner.id };
  const routes = ordered(ALL_ROUTES);
  const leaks: string[] = [];
  let calls = 0;
  let errors = 0;
  const walk = async (caller: Caller) => {
    await eachLimited(routes, 4, async (route) => {
      const request = exampleRequest(route, ids);
      const { status, body } = await send(origin, caller.credentials, request);
      calls += 1;
      if (status >= 500) errors += 1;
      const right = caller.right(route);
      const success = status >= 200 && status < 300;
      const where = `${caller.name}: ${route.method} ${route.path} ${status}`;
      const leak =
        success && (right === 'none' || (right === 'read' && route.method !== 'GET'))
          ? where
          : caller.secrets.some((text) => body.includes(text))
            ? `${where} (carries the target's data)`
            : null;
      if (leak && leaks.push(leak) <= 30) console.log(`  leak: ${leak}`);
    });
  };
  for (const caller of callers) await walk(caller);
  const granted = await callApi(
    origin,
    { cookie: owner.cookie },
    'POST',
    pathOf(supportRoutes.grant, { id: projectId }),
    { duration: 1, unit: 'hours' },
  );
  if (granted.status >= 300) throw new Error(`Granting support access: ${granted.status}`);
  // A new session: the walk before signed the support account out.
  await walk({
    ...withGrant,
    credentials: { cookie: await createSession(ctx.db, support.id, { method: 'password' }) },
  });

  return [
    {
      scenario: 'tenant isolation',
      figure: `leaks (${ALL_ROUTES.length} operations × ${callers.length + 1} callers)`,
      value: String(leaks.length),
      goal: '0',
      met: leaks.length === 0,
    },
    {
      scenario: 'tenant isolation',
      figure: 'answers ≥ 500',
      value: `${errors} of ${calls}`,
      goal: '0',
      met: errors === 0,
    },
  ];
}
