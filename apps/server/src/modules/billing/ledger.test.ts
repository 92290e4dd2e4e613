import { milliUnits } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { invoices, projects, tariffPlans, unitBundles, users } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';
import { adjustBalance } from './adjustments.ts';
import { charge } from './charge.ts';
import { dayTotalsMismatches } from './day-totals.ts';
import { canProcess } from './holds.ts';
import { ledgerMismatches } from './ledger.ts';
import { assignPlan } from './plan-purchases.ts';
import { dailySummary, dayTransactions, listInvoices, monthlySummary } from './summaries.ts';
import { decideTopUp, requestTopUp } from './top-ups.ts';

let t: TestApp;
let admin: UserRow;
let ownerClient: Client;
let owner: UserRow;

const userRow = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const projectRow = async (id: number): Promise<ProjectRow> =>
  (await t.ctx.db.select().from(projects).where(eq(projects.id, id)))[0]!;
const balance = async (id: number) => (await projectRow(id)).balanceMicros;
const credit = (projectId: number, amount: number | string, now?: Date) =>
  adjustBalance(t.ctx, projectId, admin, { type: 'credit', amount, reason: 'Test credit' }, now);
const newProject = () => createProject(ownerClient, 'Billing');
const bundleLeft = async (id: number) =>
  (await t.ctx.db.select().from(unitBundles).where(eq(unitBundles.id, id)))[0]!.leftMilli;

async function addBundle(projectId: number, leftMilli: number, expiresAt: Date | null, isFree = false) {
  const [row] = await t.ctx.db
    .insert(unitBundles)
    .values({ projectId, planName: 'Test', includedMilli: leftMilli, leftMilli, isFree, expiresAt })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await startTestApp();
  admin = await userRow((await signUp(t.app)).userId); // the first account is the super admin
  ownerClient = await signUp(t.app);
  owner = await userRow(ownerClient.userId);
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  // The ledger invariant: every project's balance equals the sum of its settled invoices.
  expect(await ledgerMismatches(t.ctx.db)).toEqual([]);
  expect(await dayTotalsMismatches(t.ctx.db)).toEqual([]);
});

const DAY = 86_400_000;

describe('charges', () => {
  it('new projects start on the default plan with a zero balance', async () => {
    const project = await projectRow(await newProject());
    const [plan] = await t.ctx.db.select().from(tariffPlans).where(eq(tariffPlans.isDefault, true));
    expect(plan!.name).toBe('Pay as you go');
    expect(project).toMatchObject({ tariffPlanId: plan!.id, balanceMicros: 0, useBalanceForAnalysis: true });
  });

  it('use bundles earliest expiry first, skip expired ones, then the balance', async () => {
    const id = await newProject();
    const now = new Date();
    const later = await addBundle(id, 1000, new Date(now.getTime() + 20 * DAY));
    const sooner = await addBundle(id, 1000, new Date(now.getTime() + 5 * DAY));
    const expired = await addBundle(id, 1000, new Date(now.getTime() - DAY));
    const unlimited = await addBundle(id, 1000, null);

    const first = await charge(t.ctx, id, 1, milliUnits(1500));
    expect(first.status).toBe('charged');
    expect([await bundleLeft(sooner), await bundleLeft(later), await bundleLeft(unlimited)]).toEqual([
      0, 500, 1000,
    ]);
    expect(await bundleLeft(expired)).toBe(1000);

    await charge(t.ctx, id, 2, milliUnits(1000));
    expect([await bundleLeft(later), await bundleLeft(unlimited)]).toEqual([0, 500]);
    expect(await balance(id)).toBe(0);

    // 500 left in bundles, 500 more would cost 0.025 from an empty balance: refused, nothing consumed.
    expect((await charge(t.ctx, id, 3, milliUnits(1000))).status).toBe('insufficient');
    expect(await bundleLeft(unlimited)).toBe(500);

    await credit(id, '0.025');
    const paid = await charge(t.ctx, id, 3, milliUnits(1000), { minutesMilli: 800 });
    expect(paid.status === 'charged' && paid.invoice).toMatchObject({
      type: 'debit',
      status: 'settled',
      amountMicros: 25_000,
      unitsMilli: 1000,
      minutesMilli: 800,
      reference: 'analysis',
      referenceId: 'task:3',
    });
    expect(await bundleLeft(unlimited)).toBe(0);
    expect(await balance(id)).toBe(0);
  });

  it('report units of free plans as free units', async () => {
    const id = await newProject();
    const [trial] = await t.ctx.db.select().from(tariffPlans).where(eq(tariffPlans.name, 'Trial'));
    const { bundle } = await assignPlan(t.ctx, id, trial!.id);
    expect(bundle).toMatchObject({ includedMilli: 60_000, leftMilli: 60_000, isFree: true });
    await credit(id, 1);
    const result = await charge(t.ctx, id, 4, milliUnits(61_000));
    expect(result.status === 'charged' && result.invoice).toMatchObject({
      unitsMilli: 61_000,
      freeUnitsMilli: 60_000,
      amountMicros: 50_000,
    });
    const summary = await monthlySummary(t.ctx.db, await projectRow(id), 3);
    expect(summary.total_summary).toMatchObject({ total_minutes: 61, free_minutes: 60, total_debit: 0.05 });
  });

  it('are idempotent by task, also when the retries race', async () => {
    const id = await newProject();
    await credit(id, 1);
    const first = await charge(t.ctx, id, 42, milliUnits(2000));
    const again = await charge(t.ctx, id, 42, milliUnits(2000));
    expect(first.status).toBe('charged');
    expect(again.status).toBe('already_charged');
    expect(again.status === 'already_charged' && first.status === 'charged' && again.invoice.id).toBe(
      first.status === 'charged' && first.invoice.id,
    );
    expect(await balance(id)).toBe(900_000);

    const racing = await Promise.all(
      Array.from({ length: 10 }, () => charge(t.ctx, id, 43, milliUnits(1000))),
    );
    expect(racing.filter((r) => r.status === 'charged')).toHaveLength(1);
    expect(racing.filter((r) => r.status === 'already_charged')).toHaveLength(9);
    expect(await balance(id)).toBe(850_000);
  });

  it('100 concurrent charges against a balance for 60 charge exactly 60 and never go below zero', async () => {
    const id = await newProject();
    await credit(id, 3); // 60 units at 0.05
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) => charge(t.ctx, id, 1000 + i, milliUnits(1000))),
    );
    expect(results.filter((r) => r.status === 'charged')).toHaveLength(60);
    expect(results.filter((r) => r.status === 'insufficient')).toHaveLength(40);
    expect(await balance(id)).toBe(0);
    const debits = await t.ctx.db.select().from(invoices).where(eq(invoices.projectId, id));
    expect(debits.filter((row) => row.type === 'debit')).toHaveLength(60);
  });
});

describe('canProcess', () => {
  it('is true for exactly enough balance and false for a milli-unit more', async () => {
    const id = await newProject();
    expect(await canProcess(t.ctx, id, milliUnits(1))).toBe(false);
    await credit(id, '0.05');
    expect(await canProcess(t.ctx, id, milliUnits(1000))).toBe(true);
    expect(await canProcess(t.ctx, id, milliUnits(1001))).toBe(false);
  });

  it('adds bundles and balance, and ignores the balance when the switch is off', async () => {
    const id = await newProject();
    await credit(id, '0.05');
    await addBundle(id, 1000, null);
    expect(await canProcess(t.ctx, id, milliUnits(2000))).toBe(true);
    expect(await canProcess(t.ctx, id, milliUnits(2001))).toBe(false);
    await t.ctx.db.update(projects).set({ useBalanceForAnalysis: false }).where(eq(projects.id, id));
    expect(await canProcess(t.ctx, id, milliUnits(1000))).toBe(true);
    expect(await canProcess(t.ctx, id, milliUnits(1001))).toBe(false);
    expect((await charge(t.ctx, id, 5, milliUnits(1001))).status).toBe('insufficient');
    expect((await charge(t.ctx, id, 6, milliUnits(1000))).status).toBe('charged');
    expect(await canProcess(t.ctx, id, milliUnits(1))).toBe(false);
  });

  it('skips expired bundles', async () => {
    const id = await newProject();
    await addBundle(id, 5000, new Date(Date.now() - 1000));
    expect(await canProcess(t.ctx, id, milliUnits(1))).toBe(false);
  });
});

describe('periods and summaries (project timezone America/New_York)', () => {
  // Sunday 15 March 2026, 08:00 in New York (UTC-4 since 8 March).
  const now = new Date('2026-03-15T12:00:00Z');
  let project: ProjectRow;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const id = await newProject();
    await t.ctx.db.update(projects).set({ timezone: 'America/New_York' }).where(eq(projects.id, id));
    ids.dec = (await credit(id, 1, new Date('2025-12-20T12:00:00Z'))).id;
    ids.jan = (await credit(id, 10, new Date('2026-01-10T12:00:00Z'))).id;
    // 03:00 UTC on 1 March is still 28 February in New York.
    ids.feb28 = (await credit(id, 5, new Date('2026-03-01T03:00:00Z'))).id;
    const c = await charge(t.ctx, id, 7, milliUnits(2000), { now: new Date('2026-03-01T06:00:00Z') });
    const d = await charge(t.ctx, id, 8, milliUnits(1000), { now: new Date('2026-03-10T12:00:00Z') });
    ids.mar1 = c.status === 'charged' ? c.invoice.id : 0;
    ids.mar10 = d.status === 'charged' ? d.invoice.id : 0;
    const rejected = await requestTopUp(
      t.ctx,
      owner,
      { project_id: id, amount: 7, type: 'credit', approval_required: true, status: 'pending' },
      new Date('2026-03-12T12:00:00Z'),
    );
    await decideTopUp(t.ctx, rejected.id, admin, 'reject', 'No payment received');
    ids.rejected = rejected.id;
    ids.pending = (
      await requestTopUp(
        t.ctx,
        owner,
        { project_id: id, amount: 20, type: 'credit', approval_required: true, status: 'pending' },
        new Date('2026-03-14T12:00:00Z'),
      )
    ).id;
    project = await projectRow(id);
  });

  const listed = async (period: Parameters<typeof listInvoices>[2]) =>
    (await listInvoices(t.ctx.db, project, period, 1000, now)).map((row) => row.id);

  it('filter invoices by period in the project timezone, every status, newest first', async () => {
    expect(await listed('last7days')).toEqual([ids.pending, ids.rejected, ids.mar10]);
    expect(await listed('last30days')).toEqual([ids.pending, ids.rejected, ids.mar10, ids.mar1, ids.feb28]);
    expect(await listed('thismonth')).toEqual([ids.pending, ids.rejected, ids.mar10, ids.mar1]);
    expect(await listed('lastmonth')).toEqual([ids.feb28]);
    expect(await listed('all')).toEqual([
      ids.pending,
      ids.rejected,
      ids.mar10,
      ids.mar1,
      ids.feb28,
      ids.jan,
      ids.dec,
    ]);
    expect(await listInvoices(t.ctx.db, project, 'all', 2, now)).toHaveLength(2);
  });

  it('sum settled transactions per month of the window, newest first', async () => {
    expect(await monthlySummary(t.ctx.db, project, 3, now)).toEqual({
      total_summary: {
        total_credit: 15,
        credit_count: 2,
        total_debit: 0.15,
        debit_count: 2,
        total_minutes: 3,
        free_minutes: 0,
      },
      months: [
        {
          period: '2026-03',
          total_credit: 0,
          credit_count: 0,
          total_debit: 0.15,
          debit_count: 2,
          total_minutes: 3,
          free_minutes: 0,
        },
        {
          period: '2026-02',
          total_credit: 5,
          credit_count: 1,
          total_debit: 0,
          debit_count: 0,
          total_minutes: 0,
          free_minutes: 0,
        },
        {
          period: '2026-01',
          total_credit: 10,
          credit_count: 1,
          total_debit: 0,
          debit_count: 0,
          total_minutes: 0,
          free_minutes: 0,
        },
      ],
    });
    const six = await monthlySummary(t.ctx.db, project, 6, now);
    expect(six.months.map((m) => m.period)).toEqual(['2026-03', '2026-02', '2026-01', '2025-12']);
    expect(six.total_summary).toMatchObject({ total_credit: 16, credit_count: 3 });
  });

  it('sum a month per day and list the transactions of a day', async () => {
    const march = await dailySummary(t.ctx.db, project, '2026-03');
    expect(march.month_summary).toMatchObject({
      total_minutes: 3,
      free_minutes: 0,
      credit_count: 0,
      debit_count: 2,
    });
    expect(march.days).toEqual([
      expect.objectContaining({ period: '2026-03-10', total_debit: 0.05, debit_count: 1, total_minutes: 1 }),
      expect.objectContaining({ period: '2026-03-01', total_debit: 0.1, debit_count: 1, total_minutes: 2 }),
    ]);
    const february = await dailySummary(t.ctx.db, project, '2026-02');
    expect(february.days).toEqual([
      expect.objectContaining({ period: '2026-02-28', total_credit: 5, credit_count: 1 }),
    ]);
    expect((await dayTransactions(t.ctx.db, project, '2026-03-01')).map((row) => row.id)).toEqual([ids.mar1]);
    expect((await dayTransactions(t.ctx.db, project, '2026-02-28')).map((row) => row.id)).toEqual([
      ids.feb28,
    ]);
    expect(await dayTransactions(t.ctx.db, project, '2026-03-14')).toEqual([]); // pending only
    const empty = await dailySummary(t.ctx.db, project, '2024-01');
    expect(empty).toEqual({
      month_summary: {
        total_minutes: 0,
        free_minutes: 0,
        total_credit: 0,
        credit_count: 0,
        total_debit: 0,
        debit_count: 0,
      },
      days: [],
    });
  });
});
