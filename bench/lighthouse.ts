/**
 * Lighthouse bench: the desktop performance score, Total Blocking Time, Cumulative Layout Shift and Largest
 * Contentful Paint of /login and of the signed-in pages (a project's dashboard, the analyses list, an
 * analysis, the analytics explorer, the manager dashboard, the checklist report, a transcript search, the
 * topics of a completed run, the profile's Security page and the single sign-on page), as Lighthouse's desktop preset measures them (simulated fast network, no CPU
 * slowdown) in headless Debian Chromium.
 *
 *   npm run bench:lighthouse                       (builds the app; embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench:lighthouse    (a fresh database there, dropped afterwards)
 *
 * The server starts as in the e2e tests, with a local fake of Anthropic's API. The bench signs a user up
 * (the installation's first account), creates a project, writes BENCH_ANALYSES analyses (default 100,000)
 * over two years with their analytics values through the analytics bench's generator, and uploads one chat
 * that the server analyses for real (the analysis page). Lighthouse sends the session cookie with every
 * request (extraHeaders).
 *
 * Options (environment): BENCH_ANALYSES; BENCH_RUNS (default 1: runs per page, the median is printed);
 * BENCH_PAGES (names or parts of names, comma-separated, e.g. `explorer,checklist`: only those pages);
 * BENCH_DIAGNOSTICS=1 also prints where the main thread went (bootup time by script, long tasks);
 * BENCH_PROFILE=1 also loads each page once more under Chromium's CPU profiler and prints the functions with the
 * most self time and the components with the most time in all (build the web app with `npx vite build --minify false` in apps/web first to read their names);
 * CHROME_PATH (default /usr/bin/chromium).
 */
import { chromium } from '@playwright/test';
import { launch } from 'chrome-launcher';
import { and, desc, eq, sql } from 'drizzle-orm';
import lighthouse, { desktopConfig, type Result } from 'lighthouse';
import type { PgBoss } from 'pg-boss';
import { loadConfig } from '../apps/server/src/config.ts';
import type { AppContext } from '../apps/server/src/context.ts';
import { connectDatabase, type Db } from '../apps/server/src/db/client.ts';
import { projects, tasks, topicExamples, topicRuns, topics } from '../apps/server/src/db/schema/index.ts';
import { createLogger } from '../apps/server/src/logger.ts';
import type { ProjectRow } from '../apps/server/src/modules/projects/access.ts';
import { startFakeAnthropic } from '../apps/server/test/fake-upstreams/anthropic.ts';
import { answer } from '../apps/server/test/fake-upstreams/scripted.ts';
import { benchPrompts, insertBenchAnalyses } from './support/analytics-data.ts';
import { type BenchUser, createProject, signUp, startAppServer } from './support/app-server.ts';
import { freshBenchDatabase } from './support/database.ts';
import { departmentName, representativeName } from './support/realistic-rows.ts';

const ANALYSES = Number(process.env.BENCH_ANALYSES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 1);
const DIAGNOSTICS = Boolean(process.env.BENCH_DIAGNOSTICS);
const PROFILE = Boolean(process.env.BENCH_PROFILE);
const PAGES = process.env.BENCH_PAGES?.split(',').filter(Boolean) ?? [];
const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const logger = createLogger({ logLevel: 'warn' });

const said = (value: unknown) => ({
  value,
  justification: 'The agent said so.',
  quote: 'Good morning',
  timestamp: null,
  unsure: false,
});
/** The fake model's answer to the analytics generator's scorecard (BENCH_CONTENT). */
const SCORECARD_ANSWER = {
  Summary: said('The customer asked about rooftop panels; a visit was booked for Tuesday.'),
  Title: said('Solar panels, visit booked'),
  Greeting: said(true),
  Discovery: { Budget: said('ok'), Timeline: said(true) },
  'Next Steps': said(true),
  Close: said('not ok'),
  Tone: said(4),
  'Product Knowledge': said(2),
  Outcome: said('Follow-up'),
  Objections: said(2),
  'Final Score': said(0),
};

const TURNS: Array<[string, string]> = [
  ['Agent', 'Good morning, this is Lena from Acme Solar. Thanks for calling, how can I help you today?'],
  ['Client', 'Hi, I saw your advert and I am thinking about putting solar panels on my roof.'],
  ['Agent', 'Great. Can you tell me a bit about your house and how much electricity you use in a year?'],
  ['Client', 'It is a detached house, about 140 square metres, and we use around 4,500 kilowatt hours.'],
  ['Agent', 'Which way does the roof face, and is there anything shading it, like trees or a chimney?'],
  ['Client', 'Mostly south, a little bit of shade from the neighbour’s tree in the late afternoon.'],
  ['Agent', 'Do you have a budget in mind, and would you pay at once or prefer financing?'],
  ['Client', 'Honestly, it seems expensive. A friend paid 20,000 euros and I am not sure it pays off.'],
  ['Agent', 'With your usage a 9 kilowatt system pays for itself in about eleven years, I can show you.'],
  ['Client', 'My wife would want to see the numbers as well.'],
  ['Agent', 'Of course. Shall we book a visit next Tuesday at five so both of you can see the offer?'],
  ['Client', 'Tuesday works. Please send me an email with the details beforehand.'],
];

/** Uploads a chat with the scorecard prompt and waits until the server has analysed it; returns its task. */
async function analysedChat(
  user: BenchUser,
  base: string,
  projectId: number,
  promptId: number,
): Promise<number> {
  const form = new FormData();
  form.set('prompt_id', String(promptId));
  form.set(
    'metadata',
    JSON.stringify({ Department: departmentName(1), Representative: representativeName(1) }),
  );
  const chat = TURNS.map(([speaker, text]) => `${speaker}: ${text}`).join('\n');
  form.set('file', new Blob([chat], { type: 'text/plain' }), 'chat.txt');
  const upload = await fetch(`${base}/api/projects/${projectId}/uploads`, {
    method: 'POST',
    headers: { Cookie: user.cookies.join('; '), Origin: base },
    body: form,
  });
  if (upload.status !== 201) throw new Error(`Upload: ${upload.status} ${await upload.text()}`);
  const taskId = ((await upload.json()) as { data: { task_id: number } }).data.task_id;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const detail = await user.api('GET', `/projects/${projectId}/analyses/${taskId}`);
    const { status } = ((await detail.json()) as { data: { status: string } }).data;
    if (status === 'completed') return taskId;
    if (status === 'failed' || Date.now() > deadline) throw new Error(`The chat's analysis ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

interface Figures {
  score: number;
  tbt: number;
  cls: number;
  lcp: number;
  lhr: Result;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

function diagnostics(lhr: Result): string[] {
  const lines: string[] = [];
  const items = (id: string) =>
    (lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? [];
  for (const item of items('bootup-time').slice(0, 5)) {
    const url = String(item.url).replace(/^https?:\/\/[^/]+/, '');
    lines.push(
      `      bootup ${url.padEnd(48)} scripting ${Number(item.scripting).toFixed(0).padStart(5)} ms`,
    );
  }
  for (const item of items('mainthread-work-breakdown').slice(0, 4)) {
    lines.push(
      `      main thread ${String(item.groupLabel).padEnd(36)} ${Number(item.duration).toFixed(0).padStart(5)} ms`,
    );
  }
  for (const item of items('long-tasks').slice(0, 5)) {
    const url = String(item.url).replace(/^https?:\/\/[^/]+/, '');
    lines.push(
      `      long task ${url.padEnd(45)} ${Number(item.duration).toFixed(0).padStart(5)} ms at ${Number(item.startTime).toFixed(0)} ms`,
    );
  }
  return lines;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

/**
 * Loads the page under the CPU profiler until the network is quiet; prints the 15 functions with most self time
 * and the 15 React components (capitalised names) with most time including what they call.
 */
async function profileOf(port: number, url: string, cookies: string[]): Promise<string[]> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  const context = await browser.newContext();
  await context.setExtraHTTPHeaders({ Cookie: cookies.join('; ') });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'],
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
  const { profile } = (await cdp.send('Profiler.stop')) as {
    profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
  };
  await context.close();
  const byNode = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const nameOf = (node: ProfileNode) => {
    const frame = node.callFrame;
    return `${frame.functionName || '(anonymous)'} ${frame.url.replace(/^https?:\/\/[^/]+/, '')}:${frame.lineNumber + 1}`;
  };
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  profile.samples.forEach((id, index) => {
    const ms = (profile.timeDeltas[index] ?? 0) / 1000;
    const node = byNode.get(id)!;
    self.set(nameOf(node), (self.get(nameOf(node)) ?? 0) + ms);
    // Each component once per sample, however deep it recurses.
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = byNode.get(at)!;
      if (!/^[A-Z]/.test(frame.callFrame.functionName)) continue;
      const name = nameOf(frame);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + ms);
    }
  });
  const top = (totals: Map<string, number>, label: string) =>
    [...totals]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([key, ms]) => `      ${label} ${ms.toFixed(0).padStart(5)} ms  ${key}`);
  return [...top(self, 'self'), ...top(inclusive, 'component'), ...longTasks(trace.traceEvents)];
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  tid: number;
  pid: number;
}

/** The main thread's tasks over 50 ms and what they were made of (script, style, layout ...). */
function longTasks(events: TraceEvent[]): string[] {
  const tasks = events.filter((event) => event.name === 'RunTask' && (event.dur ?? 0) > 50_000);
  const start = Math.min(...events.filter((event) => event.ts > 0).map((event) => event.ts));
  const parts = [
    'FunctionCall',
    'EvaluateScript',
    'v8.compile',
    'UpdateLayoutTree',
    'Layout',
    'ParseHTML',
    'Paint',
  ];
  return tasks.map((task) => {
    const end = task.ts + (task.dur ?? 0);
    const inside = events.filter(
      (event) =>
        event.tid === task.tid &&
        event.pid === task.pid &&
        event.ts >= task.ts &&
        event.ts < end &&
        event.dur,
    );
    const sums = parts
      .map(
        (part) =>
          [part, inside.filter((event) => event.name === part).reduce((sum, e) => sum + e.dur!, 0)] as const,
      )
      .filter(([, dur]) => dur > 2_000)
      .map(([part, dur]) => `${part} ${(dur / 1000).toFixed(0)}`);
    return `      task ${((task.dur ?? 0) / 1000).toFixed(0).padStart(5)} ms at ${((task.ts - start) / 1000).toFixed(0)} ms: ${sums.join(', ')}`;
  });
}

/** Topics a run can have at most (k-means' k, TOPICS' cap) and examples each keeps. */
const TOPICS_SHOWN = 30;
const EXAMPLES_PER_TOPIC = 10;

/**
 * A completed topic run of the last 30 days as the topics job stores it, at its largest (30 topics of 10
 * examples each, the newest completed analyses): the Topics page's content without a model to name them.
 */
async function completedTopicRun(db: Db, projectId: number): Promise<void> {
  const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
  const [run] = await db
    .insert(topicRuns)
    .values({
      projectId,
      trigger: 'manual',
      status: 'completed',
      stage: 'done',
      startDate: day(29),
      endDate: day(0),
      previousStartDate: day(59),
      previousEndDate: day(30),
      conversations: 4_000,
      previousConversations: 3_800,
      provider: 'anthropic',
      model: 'claude-sonnet-4-5-20250929',
      unitsMilli: 10_000,
      completedAt: new Date(),
    })
    .returning({ id: topicRuns.id });
  const examples = await db
    .select({ id: tasks.id })
    .from(tasks)
    .where(and(eq(tasks.projectId, projectId), eq(tasks.status, 'completed')))
    .orderBy(desc(tasks.id))
    .limit(TOPICS_SHOWN * EXAMPLES_PER_TOPIC);
  const rows = await db
    .insert(topics)
    .values(
      Array.from({ length: TOPICS_SHOWN }, (_, i) => ({
        runId: run!.id,
        position: i,
        name: `Rooftop panel question ${i + 1}`,
        description: 'Customers ask about rooftop panels, their price and when a visit can be booked.',
        count: 400 - i * 12,
        previousCount: 380 - i * 10,
        emerging: i < 3,
        phrases: ['rooftop panels', 'book a visit', 'price of panels'],
        terms: ['rooftop', 'panel', 'visit', 'price'],
      })),
    )
    .returning({ id: topics.id });
  await db
    .insert(topicExamples)
    .values(
      rows.flatMap((topic, i) =>
        examples
          .slice(i * EXAMPLES_PER_TOPIC, (i + 1) * EXAMPLES_PER_TOPIC)
          .map((example, rank) => ({ topicId: topic.id, taskId: example.id, rank })),
      ),
    );
}

async function main(): Promise<void> {
  const scratch = await freshBenchDatabase(logger);
  const database = connectDatabase(scratch.url, logger, 4);
  const anthropic = await startFakeAnthropic();
  anthropic.respondWith(answer(SCORECARD_ANSWER));
  const server = await startAppServer({
    DATABASE_URL: scratch.url,
    ANTHROPIC_API_KEY: 'sk-ant-bench-fake-key',
    ANTHROPIC_BASE_URL: `${anthropic.origin}/v1`,
  });
  const chrome = await launch({
    chromePath: CHROME_PATH,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-sync'],
  });
  try {
    const { base } = server;
    const user = await signUp(base);
    const projectId = await createProject(user, 'Europe/Berlin');
    // The first account is the super admin: it funds its project for the chat's analysis.
    await user.api('POST', `/admin/projects/${projectId}/adjustments`, {
      type: 'credit',
      amount: '100',
      reason: 'Lighthouse bench',
    });
    const { db } = database;
    const [project] = await db.select().from(projects).where(eq(projects.id, projectId));
    const ctx = { config: loadConfig({}), db, boss: {} as PgBoss, logger } as AppContext;
    const started = performance.now();
    const prompts = await benchPrompts(ctx, { project: project as ProjectRow, role: 'owner' });
    await insertBenchAnalyses(db, project!, prompts, ANALYSES);
    await db.execute(sql`VACUUM ANALYZE`);
    const taskId = await analysedChat(user, base, projectId, prompts[0]!.id);
    await completedTopicRun(db, projectId);
    const seedS = (performance.now() - started) / 1000;

    const project_ = `/projects/${projectId}`;
    const pages: Array<[string, string, boolean]> = [
      ['/login', '/login', false],
      ['project dashboard', `${project_}/dashboard`, true],
      ['analyses list', `${project_}/analyses`, true],
      ['an analysis', `${project_}/analysis/${taskId}`, true],
      ['analytics explorer', `${project_}/analytics`, true],
      ['manager dashboard', `${project_}/analytics/manager-dashboard`, true],
      ['checklist report', `${project_}/analytics/checklist-report`, true],
      // The seeded transcripts say "renewal" in half the conversations (realistic-rows.ts).
      ['transcript search', `${project_}/search?q=renewal`, true],
      ['topics', `${project_}/analytics/topics`, true],
      ['profile security', '/profile/security', true],
      // The bench's user is the installation's first account, the super admin, who manages single sign-on.
      ['single sign-on', '/sso', true],
    ];
    console.log(
      `\nLighthouse bench (desktop preset, Chromium ${CHROME_PATH}): ${ANALYSES.toLocaleString('en-US')} analyses ` +
        `seeded in ${seedS.toFixed(0)} s; ${RUNS} run(s) a page, median.\n`,
    );
    console.log(
      `${'page'.padEnd(22)}${'score'.padStart(7)}${'TBT'.padStart(10)}${'CLS'.padStart(8)}${'LCP'.padStart(10)}`,
    );
    const chosen = pages.filter(([name]) => PAGES.length === 0 || PAGES.some((part) => name.includes(part)));
    for (const [name, path, signedIn] of chosen) {
      const runs: Figures[] = [];
      // A trace Chromium failed to record (NO_NAVSTART on a busy machine) is a failed run: it is run again.
      for (let run = 0, failures = 0; run < RUNS; run += 1) {
        const result = await lighthouse(
          `${base}${path}`,
          {
            port: chrome.port,
            output: 'json',
            logLevel: 'error',
            onlyCategories: ['performance'],
            ...(signedIn && { extraHeaders: { Cookie: user.cookies.join('; ') } }),
          },
          desktopConfig,
        );
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        const { lhr } = result;
        if (lhr.runtimeError) {
          failures += 1;
          if (failures > 2) throw new Error(`${path}: ${lhr.runtimeError.message}`);
          run -= 1;
          continue;
        }
        const value = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        runs.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          tbt: value('total-blocking-time'),
          cls: value('cumulative-layout-shift'),
          lcp: value('largest-contentful-paint'),
          lhr,
        });
      }
      const pick = (key: 'score' | 'tbt' | 'cls' | 'lcp') => median(runs.map((run) => run[key]));
      console.log(
        `${name.padEnd(22)}${String(pick('score')).padStart(7)}${`${pick('tbt').toFixed(0)} ms`.padStart(10)}` +
          `${pick('cls').toFixed(3).padStart(8)}${`${pick('lcp').toFixed(0)} ms`.padStart(10)}`,
      );
      if (DIAGNOSTICS) console.log(diagnostics(runs[0]!.lhr).join('\n'));
      if (PROFILE) console.log((await profileOf(chrome.port, `${base}${path}`, user.cookies)).join('\n'));
    }
    console.log('');
  } finally {
    chrome.kill();
    await server.stop();
    await anthropic.close();
    await database.pool.end();
    await scratch.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
