import type {
  ProjectInput,
  Project as ProjectModel,
  Prompt,
  PromptInput,
  UiLanguage,
  User,
} from '@parley/contracts';
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type Page,
  request,
  test,
} from '@playwright/test';
import { confirmLinkFromLog, E2E_BASE_URL } from './server.ts';
import { watchContentSecurityPolicy } from './test.ts';

export const DEFAULT_PASSWORD = 'correct horse battery';

export interface TestUser {
  email: string;
  password: string;
  name: string;
}

export type Project = ProjectModel;

let counter = 0;

/** A unique, readable email for the running test: `<test title>-<worker>-<time>-<n>@example.com`. */
export function uniqueEmail(label?: string): string {
  const info = test.info();
  const base = (label ?? info.title)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40);
  counter += 1;
  return `${base || 'user'}-w${info.workerIndex}-${Date.now()}-${counter}@example.com`;
}

/** A new user's credentials (not yet registered). */
export function newUser(label?: string, overrides: Partial<TestUser> = {}): TestUser {
  const email = overrides.email ?? uniqueEmail(label);
  return {
    email,
    password: overrides.password ?? DEFAULT_PASSWORD,
    name: overrides.name ?? `Test ${email.split('@')[0]!.slice(0, 30)}`,
  };
}

/** A unique name for a project created by the running test. */
export function uniqueName(prefix: string): string {
  counter += 1;
  return `${prefix} ${Date.now().toString(36)}${counter}`;
}

async function expectStatus(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  status: number,
  what: string,
): Promise<void> {
  if (response.status() !== status) {
    throw new Error(`${what}: expected HTTP ${status}, got ${response.status()}: ${await response.text()}`);
  }
}

/**
 * Signs a user up through the API and follows the emailed confirmation link, as the user would. With
 * `page.request` (or `context.request`) the session cookie lands in that browser context, so the page is signed
 * in afterwards.
 */
export async function signUpViaApi(
  api: APIRequestContext,
  user: TestUser,
  options: { language?: UiLanguage } = {},
): Promise<User> {
  const response = await api.post('/api/auth/signup', {
    data: { email: user.email, password: user.password, name: user.name, language: options.language },
  });
  await expectStatus(response, 202, `Sign-up of ${user.email}`);
  return confirmViaApi(api, user.email);
}

/** Confirms an account with the link of its confirmation email (read from the server log); signs `api` in. */
export async function confirmViaApi(api: APIRequestContext, email: string): Promise<User> {
  const token = new URL(await confirmLinkFromLog(email)).searchParams.get('token');
  const response = await api.post('/api/auth/confirm', { data: { token } });
  await expectStatus(response, 200, `Confirming the email of ${email}`);
  return ((await response.json()) as { data: User }).data;
}

export async function signInViaApi(api: APIRequestContext, user: Pick<TestUser, 'email' | 'password'>) {
  const response = await api.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  await expectStatus(response, 200, `Sign-in of ${user.email}`);
  return ((await response.json()) as { data: User }).data;
}

/** Creates a project through `POST /api/projects` as the user signed in on `api`. */
export async function createProjectViaApi(
  api: APIRequestContext,
  input: Partial<ProjectInput> & { name: string },
): Promise<Project> {
  const response = await api.post('/api/projects', {
    data: { description: '', role: 'Sales', timezone: 'UTC', ...input },
  });
  await expectStatus(response, 201, `Creating project ${input.name}`);
  return ((await response.json()) as { data: Project }).data;
}

export async function getProjectViaApi(api: APIRequestContext, id: number): Promise<Project> {
  const response = await api.get(`/api/projects/${id}`);
  await expectStatus(response, 200, `Loading project ${id}`);
  return ((await response.json()) as { data: Project }).data;
}

/** Creates an analysis prompt through `POST /api/projects/{id}/prompts` as the user signed in on `api`. */
export async function createPromptViaApi(
  api: APIRequestContext,
  projectId: number,
  input: PromptInput,
): Promise<Prompt> {
  const response = await api.post(`/api/projects/${projectId}/prompts`, { data: input });
  await expectStatus(response, 201, `Creating prompt ${input.scriptName}`);
  return ((await response.json()) as { data: Prompt }).data;
}

/** The prompts of a project through `GET /api/projects/{id}/prompts`. */
export async function listPromptsViaApi(api: APIRequestContext, projectId: number): Promise<Prompt[]> {
  const response = await api.get(`/api/projects/${projectId}/prompts`);
  await expectStatus(response, 200, `Listing the prompts of project ${projectId}`);
  return ((await response.json()) as { data: Prompt[] }).data;
}

/** An API client with its own cookie jar (not tied to any browser context): "another person". */
export async function isolatedApi(): Promise<APIRequestContext> {
  return request.newContext({ baseURL: E2E_BASE_URL });
}

/** Registers a user from an isolated API client, so no browser context is signed in by it. */
export async function registerUser(label?: string, options: { language?: UiLanguage } = {}) {
  const user = newUser(label);
  const api = await isolatedApi();
  try {
    await signUpViaApi(api, user, options);
  } finally {
    await api.dispose();
  }
  return user;
}

/** Signs up a new user in the page's browser context (via the API) and opens `path`. */
export async function signedInPage(
  page: Page,
  options: { label?: string; language?: UiLanguage; path?: string } = {},
): Promise<TestUser> {
  const user = newUser(options.label);
  await signUpViaApi(page.request, user, { language: options.language });
  if (options.path) await page.goto(options.path);
  return user;
}

/**
 * A fresh browser context (empty cookies and storage) on the same browser: "the same person on another
 * computer". The caller closes `context`.
 */
export async function freshPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: E2E_BASE_URL, viewport: { width: 1366, height: 860 } });
  watchContentSecurityPolicy(context);
  return { context, page: await context.newPage() };
}

/** Escapes text for use inside a RegExp. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
