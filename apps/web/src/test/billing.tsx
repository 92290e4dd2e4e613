import type {
  Invoice,
  InvoiceListResponse,
  Project,
  PurchaseResponse,
  TariffPlan,
  TariffPlanListResponse,
  UnitBundle,
  UnitBundlesResponse,
} from '@parley/contracts';
import { billingRoutes as billingApiRoutes, projectRoutes } from '@parley/contracts';
import type { RouteObject } from 'react-router';
import type { z } from 'zod';
import BillingPage from '../features/billing/BillingPage';
import { ProjectGuard } from '../shared/app/ProjectGuard';
import { type Handler, jsonResponse, mockFetch, routeKey, testProject } from './utils';

/** Test helpers for the billing page (not used by the app). */

export const billingRoutes: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [{ path: 'billing', element: <BillingPage /> }],
  },
];

export function planFixture(overrides: Partial<TariffPlan> = {}): TariffPlan {
  return {
    id: 1,
    name: 'Pay as you go',
    description: 'Every unit from the balance.',
    price: 0,
    price_per_minute: 0.05,
    included_minutes: 0,
    validity_period: null,
    is_default: true,
    public: true,
    currency: 'USD',
    ...overrides,
  };
}

export const plans = [
  planFixture(),
  planFixture({
    id: 2,
    name: 'Starter',
    description: '1,000 units for 30 days',
    price: 49,
    included_minutes: 1000,
    validity_period: 30,
    is_default: false,
  }),
  planFixture({
    id: 4,
    name: 'Trial',
    description: 'Assigned by an administrator',
    price: 0,
    included_minutes: 60,
    validity_period: 14,
    is_default: false,
    public: false,
  }),
];

export function billingProject(overrides: Partial<z.input<typeof Project>> = {}): z.input<typeof Project> {
  return {
    ...testProject(),
    current_balance: 25.5,
    currency: 'USD',
    use_balance_for_analysis: true,
    tariff_plan_id: 1,
    tariff_plan: plans[0],
    ...overrides,
  };
}

export function invoiceFixture(id: number, overrides: Partial<Invoice> = {}): Invoice {
  return {
    id,
    project_id: 5,
    amount: 1.5,
    currency: 'USD',
    description: `Invoice ${id}`,
    process_date: new Date(Date.UTC(2026, 2, 1, 10, 0) - id * 60_000).toISOString(),
    minutes_used: 2,
    unit_amount: 3,
    free_units: 0,
    type: 'debit',
    status: 'settled',
    reference: 'analysis',
    reference_id: `task-${id}`,
    approval_required: false,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

export function bundleFixture(id: number, overrides: Partial<UnitBundle> = {}): UnitBundle {
  return {
    id,
    left_amount: 1000,
    included_amount: 1000,
    expire: '2026-04-01T00:00:00.000Z',
    free: false,
    created_at: '2026-03-01T00:00:00.000Z',
    tariff_plan: { id: 2, name: 'Starter' },
    ...overrides,
  };
}

/** The answer of POST /projects/5/billing/purchase for a plan bought from a balance of 50. */
export function purchaseAnswer(plan: TariffPlan): z.input<typeof PurchaseResponse> {
  return {
    data: {
      invoice: invoiceFixture(50, {
        amount: plan.price,
        description: plan.name,
        reference: 'purchase',
        reference_id: String(plan.id),
      }),
      bundle:
        plan.included_minutes > 0
          ? bundleFixture(7, { left_amount: plan.included_minutes, included_amount: plan.included_minutes })
          : null,
      tariff_plan: plan,
      current_balance: 50 - plan.price,
      use_balance_for_analysis: true,
    },
  };
}

/** The API the billing page calls, answering from fixtures; override any route. */
export function mockBillingApi(overrides: Record<string, Handler> = {}, project = billingProject()) {
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => jsonResponse(200, { data: project }),
    [routeKey(billingApiRoutes.units, { id: 5 })]: () =>
      jsonResponse(200, { data: [] } satisfies z.input<typeof UnitBundlesResponse>),
    [routeKey(billingApiRoutes.invoices, { id: 5 })]: () =>
      jsonResponse(200, { data: [] } satisfies z.input<typeof InvoiceListResponse>),
    [routeKey(billingApiRoutes.tariffs)]: () =>
      jsonResponse(200, { data: plans } satisfies z.input<typeof TariffPlanListResponse>),
    ...overrides,
  });
}

export function calls(fetch: ReturnType<typeof mockFetch>, key: string): number {
  const [method, path] = key.split(' ');
  return fetch.mock.calls.filter(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return (init?.method ?? 'GET') === method && url.pathname === path;
  }).length;
}

export function requests(fetch: ReturnType<typeof mockFetch>, key: string) {
  const [method, path] = key.split(' ');
  return fetch.mock.calls
    .filter(([input, init]) => {
      const url = new URL(String(input), 'http://localhost');
      return (init?.method ?? 'GET') === method && url.pathname === path;
    })
    .map(([input, init]) => ({
      url: new URL(String(input), 'http://localhost'),
      body: init?.body ? JSON.parse(String(init.body)) : undefined,
    }));
}
