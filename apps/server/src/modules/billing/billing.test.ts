import { adminRoutes, billingRoutes, projectRoutes, type RouteDefinition, TEXTS } from '@parley/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type CallArguments, prepare } from '../../../test/client.ts';
import {
  addMember,
  type Client,
  createProject,
  signUp,
  startTestApp,
  type TestApp,
} from '../../../test/harness.ts';
import { dayTotalsMismatches } from './day-totals.ts';
import { ledgerMismatches } from './ledger.ts';

let t: TestApp;
let superAdmin: Client;
let owner: Client;
let projectAdmin: Client;
let teamleader: Client;
let member: Client;
let stranger: Client;
let projectId: number;
let plans: Record<string, { id: number; price: number; included_minutes: number; public: boolean }>;

const jsonOf = (response: LightMyRequestResponse) => ({ status: response.statusCode, body: response.json() });
const json = async <R extends RouteDefinition>(client: Client, route: R, ...options: CallArguments<R>) =>
  jsonOf(await client.call(route, ...options));
const project = async (client: Client = owner, id = projectId) =>
  (await json(client, projectRoutes.get, { params: { id } })).body.data;
const topUp = (client: Client, amount: unknown, id = projectId) =>
  json(client, billingRoutes.requestTopUp, {
    unchecked: true,
    body: {
      amount,
      reference_id: `manual_${Date.now()}`,
      description: 'Balance top-up',
      type: 'credit',
      project_id: id,
      approval_required: true,
      status: 'pending',
    },
  });
const adjust = (id: number, type: 'credit' | 'debit', amount: number, reason = 'Correction') =>
  json(superAdmin, adminRoutes.adjust, { params: { id }, body: { type, amount, reason } });

beforeAll(async () => {
  t = await startTestApp();
  superAdmin = await signUp(t.app); // the first account
  owner = await signUp(t.app);
  projectAdmin = await signUp(t.app);
  teamleader = await signUp(t.app);
  member = await signUp(t.app);
  stranger = await signUp(t.app);
  projectId = await createProject(owner, 'Billing API');
  await addMember(t, projectId, projectAdmin, 'admin');
  await addMember(t, projectId, teamleader, 'teamleader');
  await addMember(t, projectId, member, 'user');
  const all = (await json(superAdmin, adminRoutes.tariffs)).body.data as Array<{
    id: number;
    name: string;
    price: number;
    included_minutes: number;
    public: boolean;
  }>;
  plans = Object.fromEntries(all.map((plan) => [plan.name, plan]));
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect(await ledgerMismatches(t.ctx.db)).toEqual([]);
  expect(await dayTotalsMismatches(t.ctx.db)).toEqual([]);
});

describe('the project billing view', () => {
  it('GET /projects/{id} carries balance, currency, switch and plan for every member role', async () => {
    for (const client of [owner, projectAdmin, teamleader, member]) {
      expect(await project(client)).toMatchObject({
        current_balance: 0,
        currency: 'USD',
        use_balance_for_analysis: true,
        tariff_plan_id: plans['Pay as you go']!.id,
        tariff_plan: {
          name: 'Pay as you go',
          price: 0,
          price_per_minute: 0.05,
          included_minutes: 0,
          validity_period: null,
          is_default: true,
          public: true,
          currency: 'USD',
        },
      });
    }
    const list = await json(member, projectRoutes.list);
    expect(list.body.data[0]).toMatchObject({ current_balance: 0, tariff_plan: { name: 'Pay as you go' } });
  });

  it('PUT /projects/{id} saves use_balance_for_analysis for admins and owners only', async () => {
    const off = await json(projectAdmin, projectRoutes.update, {
      params: { id: projectId },
      body: {
        use_balance_for_analysis: false,
      },
    });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ use_balance_for_analysis: false, name: 'Billing API' });
    expect(
      (
        await json(member, projectRoutes.update, {
          params: { id: projectId },
          body: { use_balance_for_analysis: true },
        })
      ).status,
    ).toBe(403);
    await json(owner, projectRoutes.update, {
      params: { id: projectId },
      body: { use_balance_for_analysis: true },
    });
    expect((await project()).use_balance_for_analysis).toBe(true);
  });
});

describe('roles', () => {
  const managerRoutes = () => {
    const params = { id: projectId };
    return [
      prepare(billingRoutes.units, { params }),
      prepare(billingRoutes.invoices, { params, query: { period: 'all' } }),
      prepare(billingRoutes.monthlySummary, { params, query: { months: 12 } }),
      prepare(billingRoutes.dailySummary, { params, query: { month: '2026-01' } }),
      prepare(billingRoutes.dayDetails, { params, query: { day: '2026-01-05' } }),
      prepare(billingRoutes.purchase, { params, body: { tariff_id: plans['Pay as you go']!.id } }),
    ];
  };

  it('user and teamleader get 403 on project billing, a non-member 404, admins and owners get in', async () => {
    for (const { method, url, by } of managerRoutes()) {
      for (const client of [member, teamleader]) {
        const response = jsonOf(await by(client));
        expect({ url, status: response.status }).toEqual({ url, status: 403 });
      }
      const outsider = jsonOf(await by(stranger));
      expect({ url, status: outsider.status, message: outsider.body.error.message }).toEqual({
        url,
        status: 404,
        message: TEXTS.guard.notFound,
      });
      if (method === 'GET') {
        for (const client of [owner, projectAdmin]) {
          expect({ url, status: (await by(client)).statusCode }).toEqual({ url, status: 200 });
        }
      }
    }
  });

  it('every member may ask whether the project can process content (pre-upload check)', async () => {
    for (const client of [member, teamleader, owner]) {
      const response = await json(client, billingRoutes.canProcess, {
        params: { id: projectId },
        query: { units: '1' },
      });
      expect(response).toEqual({ status: 200, body: { data: { can_process: false } } });
    }
    expect(
      (await json(stranger, billingRoutes.canProcess, { params: { id: projectId }, query: { units: '1' } }))
        .status,
    ).toBe(404);
    expect(
      (await json(owner, billingRoutes.canProcess, { params: { id: projectId }, query: { units: '0' } }))
        .status,
    ).toBe(400);
  });

  it('top-up requests need admin or owner of the project', async () => {
    expect((await topUp(member, 10)).status).toBe(403);
    expect((await topUp(teamleader, 10)).status).toBe(403);
    expect((await topUp(stranger, 10)).status).toBe(404);
  });

  it('super-admin routes answer 403 to everyone else', async () => {
    const routes = [
      prepare(adminRoutes.invoices, { query: { status: 'pending' } }),
      prepare(adminRoutes.approve, { params: { invoiceId: 1 } }),
      prepare(adminRoutes.reject, { params: { invoiceId: 1 }, body: {} }),
      prepare(adminRoutes.tariffs),
      prepare(adminRoutes.createTariff, { body: { name: 'Mine', price: 0, price_per_minute: 0 } }),
      prepare(adminRoutes.updateTariff, { params: { tariffId: plans.Trial!.id }, body: { public: true } }),
      prepare(adminRoutes.assignTariff, { params: { id: projectId }, body: { tariff_id: plans.Trial!.id } }),
      prepare(adminRoutes.adjust, {
        params: { id: projectId },
        body: { type: 'credit', amount: 100, reason: 'me' },
      }),
      prepare(adminRoutes.projects),
    ];
    for (const { url, by } of routes) {
      for (const client of [owner, stranger]) {
        const response = jsonOf(await by(client));
        expect({ url, status: response.status }).toEqual({ url, status: 403 });
      }
    }
    expect((await project()).current_balance).toBe(0);
  });
});

describe('top-up approval', () => {
  it('a pending request does not count; approval credits once; a second approval is refused', async () => {
    const requested = await topUp(owner, 25.5);
    expect(requested.status).toBe(201);
    expect(requested.body.data).toMatchObject({
      amount: 25.5,
      currency: 'USD',
      type: 'credit',
      status: 'pending',
      approval_required: true,
      reference: 'topup',
      description: 'Balance top-up',
    });
    expect(requested.body.data.reference_id).toMatch(/^manual_\d+$/);
    const invoiceId = requested.body.data.id;
    expect((await project()).current_balance).toBe(0);
    expect(
      (await json(owner, billingRoutes.invoices, { params: { id: projectId }, query: { period: 'all' } }))
        .body.data,
    ).toEqual([expect.objectContaining({ id: invoiceId, status: 'pending' })]);

    const pending = await json(superAdmin, adminRoutes.invoices, { query: { status: 'pending' } });
    expect(pending.body.data).toEqual([
      expect.objectContaining({ id: invoiceId, project_name: 'Billing API', created_by_email: owner.email }),
    ]);

    const approved = await json(superAdmin, adminRoutes.approve, { params: { invoiceId } });
    expect(approved.status).toBe(200);
    expect(approved.body.data).toMatchObject({ id: invoiceId, status: 'settled' });
    expect((await project()).current_balance).toBe(25.5);

    const twice = await json(superAdmin, adminRoutes.approve, { params: { invoiceId } });
    expect(twice.status).toBe(409);
    expect(twice.body.error.message).toBe('This top-up request was already approved.');
    expect((await project()).current_balance).toBe(25.5);
    expect(
      (await json(superAdmin, adminRoutes.invoices, { query: { status: 'pending' } })).body.data,
    ).toEqual([]);
  });

  it('a rejected request never counts and cannot be approved afterwards', async () => {
    const requested = await topUp(projectAdmin, '100');
    const invoiceId = requested.body.data.id;
    const rejected = await json(superAdmin, adminRoutes.reject, {
      params: { invoiceId },
      body: {
        reason: 'No payment received',
      },
    });
    expect(rejected.body.data).toMatchObject({ status: 'rejected' });
    const late = await json(superAdmin, adminRoutes.approve, { params: { invoiceId } });
    expect(late.status).toBe(409);
    expect(late.body.error.message).toBe('This top-up request was already rejected.');
    expect((await project()).current_balance).toBe(25.5);
    expect((await json(superAdmin, adminRoutes.approve, { params: { invoiceId: 999999 } })).status).toBe(404);
  });

  it('refuses invalid amounts (not a number, 0 or below once rounded to cents) and anything but a pending credit', async () => {
    for (const amount of [0, -5, 'abc', 0.001, '0.004']) {
      expect((await topUp(owner, amount)).status).toBe(400);
    }
    const debit = await json(owner, billingRoutes.requestTopUp, {
      unchecked: true,
      body: {
        amount: 5,
        type: 'debit',
        project_id: projectId,
      },
    });
    expect(debit.status).toBe(400);
  });

  it('refuses a top-up above MAX_TOP_UP_AMOUNT (default 100000) when it is requested and when it is approved', async () => {
    const id = await createProject(owner, 'Bounded top-ups');
    expect(t.ctx.config.billing.maxTopUpMicros).toBe(100_000_000_000);
    const absurd = await topUp(owner, 1_000_000, id);
    expect(absurd.status).toBe(400);
    expect(absurd.body.error).toMatchObject({
      code: 'top_up_too_large',
      message:
        'A top-up can be at most 100000.00 USD (1000000.00 USD was asked). Split a larger payment or ask the operator to raise MAX_TOP_UP_AMOUNT.',
    });
    expect((await topUp(owner, 100_000, id)).status).toBe(201);
    const pending = await topUp(owner, '2500.50', id);
    expect(pending.status).toBe(201);

    // The bound lowered while the request waits: approval checks it again and credits nothing.
    t.ctx.config.billing.maxTopUpMicros = 1_000_000_000;
    try {
      const approval = await json(superAdmin, adminRoutes.approve, {
        params: { invoiceId: pending.body.data.id },
      });
      expect(approval.status).toBe(400);
      expect(approval.body.error.message).toMatch(
        /^A top-up can be at most 1000\.00 USD \(2500\.50 USD was asked\)/,
      );
      expect((await project(owner, id)).current_balance).toBe(0);
    } finally {
      t.ctx.config.billing.maxTopUpMicros = 100_000_000_000;
    }
    const approved = await json(superAdmin, adminRoutes.approve, {
      params: { invoiceId: pending.body.data.id },
    });
    expect(approved.body.data.status).toBe('settled');
  });

  it('rounds an amount with more decimals to cents, half-up, as the dialog shows it', async () => {
    const id = await createProject(owner, 'Rounded top-ups');
    const precise = await topUp(owner, 12.3456789, id);
    expect(precise.status).toBe(201);
    expect(precise.body.data).toMatchObject({ amount: 12.35, status: 'pending' });
    expect((await topUp(owner, '0.125', id)).body.data.amount).toBe(0.13);
  });
});

describe('plans', () => {
  it('lists public plans, and a project’s assigned plan only for its members', async () => {
    const names = (await json(member, billingRoutes.tariffs)).body.data.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Pay as you go', 'Starter', 'Team']);
    const trialId = plans.Trial!.id;
    expect(
      (await json(member, billingRoutes.tariff, { params: { id: plans.Starter!.id } })).body.data,
    ).toMatchObject({
      name: 'Starter',
      price: 49,
      price_per_minute: 0.05,
      included_minutes: 1000,
      validity_period: 30,
      public: true,
    });
    expect((await json(member, billingRoutes.tariff, { params: { id: trialId } })).status).toBe(404);
    expect((await json(stranger, billingRoutes.tariffs, { query: { project_id: projectId } })).status).toBe(
      404,
    );

    const other = await createProject(stranger, 'Trial project');
    const assigned = await json(superAdmin, adminRoutes.assignTariff, {
      params: { id: other },
      body: {
        tariff_id: trialId,
      },
    });
    expect(assigned.body.data).toMatchObject({ id: other, tariff_plan_name: 'Trial', units_left: 60 });
    expect((await json(stranger, billingRoutes.tariff, { params: { id: trialId } })).body.data.name).toBe(
      'Trial',
    );
    const withAssigned = await json(stranger, billingRoutes.tariffs, { query: { project_id: other } });
    expect(withAssigned.body.data.map((p: { name: string }) => p.name)).toContain('Trial');
    const units = await json(stranger, billingRoutes.units, { params: { id: other } });
    expect(units.body.data).toEqual([
      expect.objectContaining({ left_amount: 60, free: true, tariff_plan: { id: trialId, name: 'Trial' } }),
    ]);
    expect(
      (await json(stranger, billingRoutes.canProcess, { params: { id: other }, query: { units: '1' } })).body
        .data,
    ).toEqual({
      can_process: true,
    });
  });

  it('a purchase the balance does not cover is refused with a clear error and changes nothing', async () => {
    const response = await json(owner, billingRoutes.purchase, {
      params: { id: projectId },
      body: {
        tariff_id: plans.Starter!.id,
        use_balance_for_analysis: false,
      },
    });
    expect(response.status).toBe(402);
    expect(response.body.error).toEqual({
      code: 'insufficient_balance',
      message:
        'The balance (25.50 USD) does not cover the price of Starter (49.00 USD). Please add balance first.',
    });
    expect(await project()).toMatchObject({
      current_balance: 25.5,
      use_balance_for_analysis: true,
      tariff_plan: { name: 'Pay as you go' },
    });
  });

  it('a non-public plan cannot be bought', async () => {
    const response = await json(owner, billingRoutes.purchase, {
      params: { id: projectId },
      body: {
        tariff_id: plans.Trial!.id,
      },
    });
    expect(response.status).toBe(403);
    expect(response.body.error.message).toBe(
      'This plan is assigned by an administrator and cannot be purchased.',
    );
    expect(
      (await json(owner, billingRoutes.purchase, { params: { id: projectId }, body: { tariff_id: 999 } }))
        .status,
    ).toBe(404);
  });

  it('a purchase debits the price, adds the bundle, switches the plan and sets the switch', async () => {
    expect((await adjust(projectId, 'credit', 30, 'Bank transfer 2026-03')).status).toBe(201);
    const before = Date.now();
    const response = await json(owner, billingRoutes.purchase, {
      params: { id: projectId },
      body: {
        tariff_id: plans.Starter!.id,
        use_balance_for_analysis: false,
      },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      invoice: { type: 'debit', status: 'settled', amount: 49, reference: 'purchase' },
      bundle: { left_amount: 1000, included_amount: 1000, free: false, tariff_plan: { name: 'Starter' } },
      tariff_plan: { name: 'Starter' },
      current_balance: 6.5,
      use_balance_for_analysis: false,
    });
    const expire = Date.parse(response.body.data.bundle.expire);
    expect(expire - before).toBeGreaterThanOrEqual(30 * 86_400_000);
    expect(expire - before).toBeLessThan(30 * 86_400_000 + 60_000);
    expect(await project(member)).toMatchObject({
      current_balance: 6.5,
      use_balance_for_analysis: false,
      tariff_plan_id: plans.Starter!.id,
    });
    const units = await json(owner, billingRoutes.units, { params: { id: projectId } });
    expect(units.body.data).toEqual([
      expect.objectContaining({ left_amount: 1000, tariff_plan: expect.anything() }),
    ]);

    const ledger = await json(owner, billingRoutes.invoices, {
      params: { id: projectId },
      query: { period: 'last7days' },
    });
    expect(
      ledger.body.data.map((row: { description: string; amount: number }) => [row.description, row.amount]),
    ).toEqual([
      ['Plan purchase: Starter (1,000 units)', 49],
      ['Bank transfer 2026-03', 30],
      ['Balance top-up', 100],
      ['Balance top-up', 25.5],
    ]);
    const summary = await json(owner, billingRoutes.monthlySummary, {
      params: { id: projectId },
      query: { months: '3' },
    });
    expect(summary.body.data.total_summary).toEqual({
      total_credit: 55.5,
      credit_count: 2,
      total_debit: 49,
      debit_count: 1,
      total_minutes: 0,
      free_minutes: 0,
    });
    expect(summary.body.data.months).toHaveLength(1);
    const month = summary.body.data.months[0].period;
    const daily = await json(owner, billingRoutes.dailySummary, {
      params: { id: projectId },
      query: { month },
    });
    expect(daily.body.data.month_summary).toMatchObject({ credit_count: 2, debit_count: 1 });
    const day = daily.body.data.days[0].period;
    const details = await json(owner, billingRoutes.dayDetails, {
      params: { id: projectId },
      query: { day },
    });
    expect(
      details.body.data.transactions.map((row: { amount: number; type: string }) => [row.type, row.amount]),
    ).toEqual([
      ['credit', 25.5],
      ['credit', 30],
      ['debit', 49],
    ]);
    expect(Object.keys(details.body.data.transactions[0]).sort()).toEqual(
      [
        'amount',
        'currency',
        'description',
        'id',
        'minutes_used',
        'process_date',
        'type',
        'unit_amount',
      ].sort(),
    );
  });

  it('validates summary and period parameters', async () => {
    const params = { id: projectId };
    const months = await json(owner, billingRoutes.monthlySummary, {
      unchecked: true,
      params,
      query: { months: 5 },
    });
    expect(months.status).toBe(400);
    expect((await json(owner, billingRoutes.monthlySummary, { params })).status).toBe(200);
    const month = await json(owner, billingRoutes.dailySummary, { params, query: { month: '2026-13' } });
    expect(month.status).toBe(400);
    expect(
      (await json(owner, billingRoutes.dayDetails, { params, query: { day: '2026-02-30' } })).status,
    ).toBe(400);
    const period = await json(owner, billingRoutes.invoices, {
      unchecked: true,
      params,
      query: { period: 'yesterday' },
    });
    expect(period.status).toBe(400);
    expect((await json(owner, billingRoutes.invoices, { params })).status).toBe(200);
  });
});

describe('super admin', () => {
  it('adjusts balances through the ledger and never below zero', async () => {
    const debit = await adjust(projectId, 'debit', 1.5, 'Refund correction');
    expect(debit.status).toBe(201);
    expect(debit.body.data).toMatchObject({
      type: 'debit',
      status: 'settled',
      reference: 'adjustment',
      amount: 1.5,
    });
    expect((await project()).current_balance).toBe(5);
    const overdraw = await adjust(projectId, 'debit', 5.01);
    expect(overdraw.status).toBe(402);
    expect((await project()).current_balance).toBe(5);
    expect(
      (
        await json(superAdmin, adminRoutes.adjust, {
          unchecked: true,
          params: { id: projectId },
          body: {
            type: 'credit',
            amount: 1,
          },
        })
      ).status,
    ).toBe(400);
    expect((await adjust(999_999, 'credit', 1)).status).toBe(404);
  });

  it('lists every project with balance and plan', async () => {
    const response = await json(superAdmin, adminRoutes.projects);
    expect(response.body.data).toContainEqual(
      expect.objectContaining({
        id: projectId,
        name: 'Billing API',
        current_balance: 5,
        currency: 'USD',
        tariff_plan_name: 'Starter',
        units_left: 1000,
        pending_invoices: 0,
      }),
    );
  });

  it('creates and changes plans; one plan stays the default and new projects get it', async () => {
    const created = await json(superAdmin, adminRoutes.createTariff, {
      body: {
        name: 'Promo',
        description: 'Launch promotion',
        price: 0,
        price_per_minute: 0.045,
        included_minutes: 100,
        validity_period: 7,
        public: false,
      },
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Promo',
      price_per_minute: 0.045,
      is_default: false,
      currency: 'USD',
    });
    const promoId = created.body.data.id;
    const duplicate = await json(superAdmin, adminRoutes.createTariff, {
      body: {
        name: 'Promo',
        price: 0,
        price_per_minute: 0,
      },
    });
    expect(duplicate.status).toBe(409);

    const madeDefault = await json(superAdmin, adminRoutes.updateTariff, {
      params: { tariffId: promoId },
      body: {
        is_default: true,
      },
    });
    expect(madeDefault.body.data.is_default).toBe(true);
    const fresh = await createProject(owner, 'Promo project');
    expect(await project(owner, fresh)).toMatchObject({ tariff_plan: { name: 'Promo' }, current_balance: 0 });
    const units = await json(owner, billingRoutes.units, { params: { id: fresh } });
    expect(units.body.data).toEqual([expect.objectContaining({ left_amount: 100, free: true })]);

    const unset = await json(superAdmin, adminRoutes.updateTariff, {
      params: { tariffId: promoId },
      body: {
        is_default: false,
      },
    });
    expect(unset.status).toBe(400);
    await json(superAdmin, adminRoutes.updateTariff, {
      params: { tariffId: plans['Pay as you go']!.id },
      body: {
        is_default: true,
      },
    });
    const all = (await json(superAdmin, adminRoutes.tariffs)).body.data;
    expect(
      all.filter((plan: { is_default: boolean }) => plan.is_default).map((p: { name: string }) => p.name),
    ).toEqual(['Pay as you go']);
  });
});
