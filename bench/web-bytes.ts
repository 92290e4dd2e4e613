/**
 * Web bytes bench: what a browser with an empty cache downloads to show the site's address to an anonymous
 * visitor (sent on to /login), /login, a project's analyses page and its dashboard, as the real server sends it. Builds nothing: run `npm run build` first (it serves apps/web/dist).
 *
 *   npm run build && npm run bench:web                        (embedded PostgreSQL in a temporary folder)
 *   DATABASE_URL=postgres://... npm run bench:web             (a fresh database there, dropped afterwards)
 *
 * The server starts as in the e2e tests; the bench signs a user up, creates a project and opens each page
 * in headless Chromium (CHROMIUM_PATH, default /usr/bin/chromium) asking for `Accept-Encoding: br, gzip`.
 * Bytes on the wire are Chromium's own count per response (headers included). For the JS and CSS files the
 * bench also prints their size on disk and brotli-compressed (quality 11, as a build would precompress them),
 * so the figure is known even where the server sends them uncompressed. BENCH_FILES=1 lists the JS files.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlib } from 'node:zlib';
import { type BrowserContext, chromium, type Page } from '@playwright/test';
import { CHROMIUM_LAUNCH_OPTIONS } from '../e2e/support/chromium.ts';
import { createProject, REPO_ROOT, signUp, startAppServer } from './support/app-server.ts';
import { createDatabaseOn } from './support/database.ts';

const distDir = path.join(REPO_ROOT, 'apps/web/dist');

interface Download {
  url: string;
  eventStream: boolean;
  wire: number;
  encoding: string;
  done: boolean;
}

/**
 * Opens `url` in `context` and collects every response until the page is quiet (nothing loading, the
 * server-sent event stream aside, for one second) after `ready` resolved.
 */
async function load(context: BrowserContext, url: string, ready: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const downloads = new Map<string, Download>();
  let lastActivity = Date.now();
  cdp.on('Network.requestWillBeSent', (event) => {
    lastActivity = Date.now();
    downloads.set(event.requestId, {
      url: event.request.url,
      eventStream: event.type === 'EventSource',
      wire: 0,
      encoding: '',
      done: false,
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const download = downloads.get(event.requestId);
    const headers = Object.fromEntries(
      Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]),
    );
    if (download) download.encoding = String(headers['content-encoding'] ?? '');
  });
  const finish = (requestId: string, wire: number) => {
    lastActivity = Date.now();
    const download = downloads.get(requestId);
    if (download) Object.assign(download, { wire, done: true });
  };
  cdp.on('Network.loadingFinished', (event) => finish(event.requestId, event.encodedDataLength));
  cdp.on('Network.loadingFailed', (event) => finish(event.requestId, 0));
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.setExtraHTTPHeaders', { headers: { 'Accept-Encoding': 'br, gzip' } });

  await page.goto(url);
  await ready(page);
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const busy = [...downloads.values()].some((d) => !d.done && !d.eventStream);
    if (!busy && Date.now() - lastActivity >= 1000) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await page.close();
  return [...downloads.values()].filter((d) => d.done);
}

const brotliCache = new Map<string, { raw: number; br: number }>();
/** Size on disk and brotli-compressed of a built asset. */
async function assetSizes(url: string): Promise<{ raw: number; br: number }> {
  const pathname = new URL(url).pathname;
  let sizes = brotliCache.get(pathname);
  if (!sizes) {
    const content = await readFile(path.join(distDir, pathname));
    const br = brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }).length;
    sizes = { raw: content.length, br };
    brotliCache.set(pathname, sizes);
  }
  return sizes;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function report(route: string, downloads: Download[]) {
  const of = (extension: string) => downloads.filter((d) => new URL(d.url).pathname.endsWith(extension));
  const sum = (list: Download[]) => list.reduce((total, d) => total + d.wire, 0);
  const js = of('.js');
  const css = of('.css');
  let jsRaw = 0;
  let jsBr = 0;
  const files: string[] = [];
  for (const d of js) {
    const sizes = await assetSizes(d.url);
    jsRaw += sizes.raw;
    jsBr += sizes.br;
    files.push(`    ${kb(d.wire).padStart(10)} ${kb(sizes.br).padStart(10)} br  ${new URL(d.url).pathname}`);
  }
  const plain = [...js, ...css].filter((d) => !d.encoding).length;
  console.log(`${route}`);
  console.log(
    `  JS     ${String(js.length).padStart(3)} files  ${kb(sum(js)).padStart(10)} on the wire  (${kb(jsRaw)} raw, ${kb(jsBr)} brotli)`,
  );
  console.log(`  CSS    ${String(css.length).padStart(3)} files  ${kb(sum(css)).padStart(10)} on the wire`);
  console.log(
    `  total  ${String(downloads.length).padStart(3)} files  ${kb(sum(downloads)).padStart(10)} on the wire (page, scripts, styles, fonts, API)`,
  );
  if (plain > 0) console.log(`  (${plain} of the JS and CSS files came uncompressed)`);
  if (process.env.BENCH_FILES) console.log(files.join('\n'));
}

async function main() {
  if (!existsSync(path.join(distDir, 'index.html'))) {
    throw new Error('No web build in apps/web/dist: run `npm run build` first');
  }
  const scratch = process.env.DATABASE_URL ? await createDatabaseOn(process.env.DATABASE_URL) : null;
  const server = await startAppServer(scratch ? { DATABASE_URL: scratch.url } : {});
  const base = server.base;
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    const user = await signUp(base);
    const { cookies } = user;
    const projectId = await createProject(user);

    const anonymous = await browser.newContext({ baseURL: base });
    const signInButton = (page: Page) => page.getByRole('button', { name: 'Sign In', exact: true }).waitFor();
    // A first visit to the site's address: the signed-in area sends the visitor to /login.
    const firstVisit = await load(anonymous, '/', signInButton);
    const login = await load(anonymous, '/login', signInButton);
    await anonymous.close();

    const signedIn = await browser.newContext({ baseURL: base });
    await signedIn.addCookies(
      cookies.map((cookie) => {
        const [name = '', ...value] = cookie.split('=');
        return { name, value: value.join('='), url: base };
      }),
    );
    const analysesPath = `/projects/${projectId}/analyses`;
    const analyses = await load(signedIn, analysesPath, (page) =>
      page.getByRole('heading', { level: 1, name: 'Analyses' }).waitFor(),
    );
    const dashboardPath = `/projects/${projectId}/dashboard`;
    const dashboard = await load(signedIn, dashboardPath, (page) =>
      page.getByRole('heading', { level: 1, name: 'Bench project' }).waitFor(),
    );
    await signedIn.close();

    await report('/ (anonymous, redirected to /login)', firstVisit);
    await report('/login', login);
    await report(analysesPath.replace(String(projectId), '{id}'), analyses);
    await report(dashboardPath.replace(String(projectId), '{id}'), dashboard);
  } finally {
    await browser.close();
    await server.stop();
    await scratch?.close();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
