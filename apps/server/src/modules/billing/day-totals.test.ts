import { milliUnits } from '@parley/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Client, createProject, signUp, startTestApp, type TestApp } from '../../../test/harness.ts';
import { invoiceDayTotalsZones, projects, users } from '../../db/schema/index.ts';
import type { ProjectRow } from '../projects/access.ts';
import type { UserRow } from '../users/dto.ts';
import { adjustBalance } from './adjustments.ts';
import { charge } from './charge.ts';
import { dayTotalsMismatches } from './day-totals.ts';
import { ledgerMismatches } from './ledger.ts';
import { dailySummary, monthlySummary } from './summaries.ts';
import { decideTopUp, requestTopUp } from './top-ups.ts';

let t: TestApp;
let admin: UserRow;
let ownerClient: Client;
let owner: UserRow;

const userRow = async (id: number) => (await t.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const projectRow = async (id: number): Promise<ProjectRow> =>
  (await t.ctx.db.select().from(projects).where(eq(projects.id, id)))[0]!;
const setTimezone = (id: number, timezone: string) =>
  t.ctx.db.update(projects).set({ timezone }).where(eq(projects.id, id));
const credit = (projectId: number, amount: number, now: Date) =>
  adjustBalance(t.ctx, projectId, admin, { type: 'credit', amount, reason: 'Test credit' }, now);
const topUpRequest = (projectId: number, amount: number, now: Date) =>
  requestTopUp(
    t.ctx,
    owner,
    { project_id: projectId, amount, type: 'credit', approval_required: true, status: 'pending' },
    now,
  );

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
  expect(await ledgerMismatches(t.ctx.db)).toEqual([]);
  expect(await dayTotalsMismatches(t.ctx.db)).toEqual([]);
});

describe('day totals', () => {
  it('equal the ledger after concurrent charges, their retries and top-up approvals', async () => {
    const id = await createProject(ownerClient, 'Day totals');
    // Local midnight of 10 March 2026 in Kolkata (UTC+5:30) is 18:30 UTC on 9 March.
    await setTimezone(id, 'Asia/Kolkata');
    const now = new Date('2026-03-15T12:00:00Z');
    await credit(id, 10, new Date('2026-03-01T12:00:00Z'));
    const before = await monthlySummary(t.ctx.db, await projectRow(id), 1, now); // builds the totals
    expect(before.total_summary).toMatchObject({ total_credit: 10, credit_count: 1, debit_count: 0 });
    const requests = [
      await topUpRequest(id, 2, now),
      await topUpRequest(id, 3, now),
      await topUpRequest(id, 4, now),
    ];

    // 20 tasks charged twice each at once (retried jobs), minutes either side of local midnight, while the
    // top-ups are approved, each twice (the second approval is refused).
    const charges = Array.from({ length: 40 }, (_, i) => {
      const task = 1000 + (i % 20);
      const at = new Date(Date.parse('2026-03-09T18:20:00Z') + (task % 20) * 60_000);
      return charge(t.ctx, id, task, milliUnits(1000), { now: at });
    });
    const approvals = [...requests, ...requests].map((request) =>
      decideTopUp(t.ctx, request.id, admin, 'approve', null, new Date('2026-03-09T18:29:30Z')),
    );
    const [charged, approved] = await Promise.all([Promise.all(charges), Promise.allSettled(approvals)]);
    expect(charged.filter((result) => result.status === 'charged')).toHaveLength(20);
    expect(approved.filter((result) => result.status === 'fulfilled')).toHaveLength(3);

    const project = await projectRow(id);
    expect((await monthlySummary(t.ctx.db, project, 1, now)).total_summary).toEqual({
      total_credit: 19,
      credit_count: 4,
      total_debit: 1,
      debit_count: 20,
      total_minutes: 20,
      free_minutes: 0,
    });
    // Charges at 18:20-18:29 UTC and the approvals fall on 9 March, those from 18:30 UTC on 10 March.
    expect((await dailySummary(t.ctx.db, project, '2026-03')).days).toEqual([
      expect.objectContaining({ period: '2026-03-10', debit_count: 10, total_credit: 0 }),
      expect.objectContaining({ period: '2026-03-09', debit_count: 10, total_credit: 9, credit_count: 3 }),
      expect.objectContaining({ period: '2026-03-01', debit_count: 0, total_credit: 10, credit_count: 1 }),
    ]);
  });

  it('are rebuilt in the new timezone when the project timezone changes', async () => {
    const id = await createProject(ownerClient, 'Moving');
    const now = new Date('2026-03-15T12:00:00Z');
    // 03:00 UTC on 1 March: March in UTC, still 28 February in New York.
    await credit(id, 5, new Date('2026-03-01T03:00:00Z'));
    const zone = async () =>
      (await t.ctx.db.select().from(invoiceDayTotalsZones).where(eq(invoiceDayTotalsZones.projectId, id)))[0]
        ?.timezone;
    expect(await zone()).toBeUndefined(); // built by the first summary, from the ledger
    const utc = await monthlySummary(t.ctx.db, await projectRow(id), 3, now);
    expect(utc.months.map((month) => [month.period, month.credit_count])).toEqual([['2026-03', 1]]);
    expect(await zone()).toBe('UTC');

    await setTimezone(id, 'America/New_York');
    // Written while the totals are still of UTC days.
    await charge(t.ctx, id, 1, milliUnits(1000), { now: new Date('2026-03-10T12:00:00Z') });
    const newYork = await monthlySummary(t.ctx.db, await projectRow(id), 3, now);
    expect(newYork.months.map((month) => [month.period, month.credit_count, month.debit_count])).toEqual([
      ['2026-03', 0, 1],
      ['2026-02', 1, 0],
    ]);
    expect(await zone()).toBe('America/New_York');
  });
});
