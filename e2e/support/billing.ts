import type { Invoice, TariffPlan, UnitBundle } from '@parley/contracts';
import type { APIRequestContext } from '@playwright/test';
import { SUPER_ADMIN } from './accounts.ts';
import { isolatedApi, signInViaApi } from './flows.ts';

/**
 * Billing set-up through the API (apps/server/src/modules/billing/routes.ts), for tests that need a
 * balance, a bought plan or a ledger without clicking through the screens the test is not about.
 */

/** The description the add-balance dialog gives a top-up request (billing.addBalance.requestDescription). */
export const REFILL_DESCRIPTION = 'Balance refill request';

async function data<T>(
  response: Awaited<ReturnType<APIRequestContext['get']>>,
  status: number,
  what: string,
) {
  if (response.status() !== status) {
    throw new Error(`${what}: expected HTTP ${status}, got ${response.status()}: ${await response.text()}`);
  }
  return ((await response.json()) as { data: T }).data;
}

/** An API client signed in as the installation's super admin (created by global setup). The caller disposes it. */
export async function superAdminApi(): Promise<APIRequestContext> {
  const api = await isolatedApi();
  await signInViaApi(api, SUPER_ADMIN);
  return api;
}

/** Runs `body` with a super admin API client and disposes it afterwards. */
export async function asSuperAdmin<T>(body: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const api = await superAdminApi();
  try {
    return await body(api);
  } finally {
    await api.dispose();
  }
}

/** POST /api/billing/invoices as the project admin or owner signed in on `api`: a pending credit. */
export async function requestTopUpViaApi(
  api: APIRequestContext,
  projectId: number,
  amount: string,
  description = REFILL_DESCRIPTION,
): Promise<Invoice> {
  const response = await api.post('/api/billing/invoices', {
    data: { project_id: projectId, amount, description, reference_id: `manual_${Date.now()}` },
  });
  return data<Invoice>(response, 201, `Requesting a top-up of ${amount} for project ${projectId}`);
}

export async function decideTopUpViaApi(
  admin: APIRequestContext,
  invoiceId: number,
  decision: 'approve' | 'reject',
): Promise<Invoice> {
  const response = await admin.post(`/api/admin/billing/invoices/${invoiceId}/${decision}`, { data: {} });
  return data<Invoice>(response, 200, `${decision} of invoice ${invoiceId}`);
}

/** Requests a top-up as the user of `api` and lets the super admin approve it: the balance grows by `amount`. */
export async function fundProjectViaApi(
  api: APIRequestContext,
  projectId: number,
  amount: string,
  description = REFILL_DESCRIPTION,
): Promise<Invoice> {
  const request = await requestTopUpViaApi(api, projectId, amount, description);
  return asSuperAdmin((admin) => decideTopUpViaApi(admin, request.id, 'approve'));
}

/** A super admin's settled credit or debit with a reason. */
export async function adjustBalanceViaApi(
  projectId: number,
  type: 'credit' | 'debit',
  amount: string,
  reason: string,
): Promise<Invoice> {
  return asSuperAdmin(async (admin) =>
    data<Invoice>(
      await admin.post(`/api/admin/projects/${projectId}/adjustments`, { data: { type, amount, reason } }),
      201,
      `Adjusting the balance of project ${projectId}`,
    ),
  );
}

/** The public plans (plus the project's own) as GET /api/billing/tariffs lists them. */
export async function plansViaApi(api: APIRequestContext, projectId: number): Promise<TariffPlan[]> {
  return data<TariffPlan[]>(
    await api.get(`/api/billing/tariffs?project_id=${projectId}`),
    200,
    `Listing the plans of project ${projectId}`,
  );
}

export async function planViaApi(
  api: APIRequestContext,
  projectId: number,
  name: string,
): Promise<TariffPlan> {
  const plan = (await plansViaApi(api, projectId)).find((candidate) => candidate.name === name);
  if (!plan) throw new Error(`No plan named ${name} (the migrations seed Pay as you go, Starter and Team)`);
  return plan;
}

export async function purchasePlanViaApi(
  api: APIRequestContext,
  projectId: number,
  tariffId: number,
): Promise<unknown> {
  return data<unknown>(
    await api.post(`/api/projects/${projectId}/billing/purchase`, { data: { tariff_id: tariffId } }),
    200,
    `Buying plan ${tariffId} for project ${projectId}`,
  );
}

export async function bundlesViaApi(api: APIRequestContext, projectId: number): Promise<UnitBundle[]> {
  return data<UnitBundle[]>(
    await api.get(`/api/projects/${projectId}/billing/units`),
    200,
    `Listing the bundles of project ${projectId}`,
  );
}

export async function invoicesViaApi(api: APIRequestContext, projectId: number): Promise<Invoice[]> {
  return data<Invoice[]>(
    await api.get(`/api/projects/${projectId}/billing/invoices?period=all`),
    200,
    `Listing the invoices of project ${projectId}`,
  );
}

/** The local date of `iso` in `timeZone`: 'YYYY-MM-DD' (the summaries' day keys). */
export function localDay(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', {
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    timeZone,
  }).format(new Date(iso));
}

/** A date as the billing screens show it in English ('Jun 12, 2026'). */
export function shownDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone }).format(new Date(iso));
}
