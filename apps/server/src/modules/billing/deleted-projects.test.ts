import {
  adminRoutes,
  billingRoutes,
  milliUnits,
  projectRoutes,
  type RouteDefinition,
  type RouteQuery,
} from '@parley/contracts';
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
import { charge } from './charge.ts';
import { dayTotalsMismatches } from './day-totals.ts';
import { ledgerMismatches } from './ledger.ts';

/**
 * A deleted project's billing records (its whole ledger: top-up requests, purchases, charges, adjustments)
 * stay for the platform's accounts, under the project's id and name, for the super admin only.
 */

let t: TestApp;
let superAdmin: Client;

beforeAll(async () => {
  t = await startTestApp();
  superAdmin = await signUp(t.app); // the first account
});
afterAll(async () => {
  await t.close();
});
afterEach(async () => {
  expect(await ledgerMismatches(t.ctx.db)).toEqual([]);
  expect(await dayTotalsMismatches(t.ctx.db)).toEqual([]);
});

const json = async <R extends RouteDefinition>(client: Client, route: R, ...options: CallArguments<R>) => {
  const response = await client.call(route, ...options);
  return { status: response.statusCode, body: response.json() };
};
const requestTopUp = async (client: Client, projectId: number, amount: number, description: string) =>
  (
    await json(client, billingRoutes.requestTopUp, {
      body: {
        amount,
        reference_id: `manual_${amount}`,
        description,
        type: 'credit',
        project_id: projectId,
        approval_required: true,
        status: 'pending',
      },
    })
  ).body.data.id as number;
const deleteProject = (client: Client, projectId: number, name: string) =>
  client.call(projectRoutes.remove, { params: { id: projectId }, body: { confirm_name: name } });
const adminInvoices = async (query?: RouteQuery<typeof adminRoutes.invoices>) =>
  (await json(superAdmin, adminRoutes.invoices, { query })).body.data as Array<Record<string, unknown>>;

describe("a deleted project's billing records", () => {
  it('stay, under the project id and name, for the super admin, and no member reaches them', async () => {
    const owner = await signUp(t.app);
    const member = await signUp(t.app);
    const projectId = await createProject(owner, 'Acme Sales');
    await addMember(t, projectId, member, 'admin');
    const paid = await requestTopUp(owner, projectId, 40, 'Wire from Jane Doe');
    expect((await json(superAdmin, adminRoutes.approve, { params: { invoiceId: paid } })).status).toBe(200);
    const pending = await requestTopUp(member, projectId, 15, 'Card of John Roe');
    const charged = await charge(t.ctx, projectId, 7, milliUnits(2000), {
      description: 'Analysis #7: call with Mary Major.mp3',
    });
    expect(charged.status).toBe('charged');
    const kept = new Set([paid, pending, charged.status === 'charged' ? charged.invoice.id : 0]);

    expect((await deleteProject(owner, projectId, 'Acme Sales')).statusCode).toBe(200);

    // The super admin finds every record, labelled as a deleted project's, with no member data left.
    const settled = (await adminInvoices({ status: 'settled' })).filter((row) => kept.has(row.id as number));
    const topUps = (await adminInvoices()).filter((row) => kept.has(row.id as number));
    const records = [...settled, ...topUps.filter((row) => row.status !== 'settled')];
    expect(records).toHaveLength(3);
    for (const record of records) {
      expect(record).toMatchObject({
        project_id: projectId,
        project_name: 'Acme Sales',
        project_deleted_at: expect.any(String),
        created_by_email: null,
      });
    }
    const byId = new Map(records.map((row) => [row.id, row]));
    expect(byId.get(paid)).toMatchObject({ type: 'credit', status: 'settled', amount: 40 });
    expect(byId.get(pending)).toMatchObject({ type: 'credit', status: 'pending', amount: 15 });
    expect(JSON.stringify(records)).not.toMatch(/Jane Doe|John Roe|Mary Major|@example\.com/);
    expect(byId.get(charged.status === 'charged' ? charged.invoice.id : 0)).toMatchObject({
      type: 'debit',
      unit_amount: 2,
      description: 'Analysis #7',
    });

    const projects = await json(superAdmin, adminRoutes.projects);
    expect(projects.status).toBe(200);
    expect(projects.body.data.map((row: { id: number }) => row.id)).not.toContain(projectId);

    // Nobody else reaches them: the project's billing routes answer 404 to its former members.
    for (const client of [owner, member]) {
      const params = { id: projectId };
      for (const call of [
        prepare(billingRoutes.invoices, { params, query: { period: 'all' } }),
        prepare(billingRoutes.monthlySummary, { params, query: { months: 12 } }),
        prepare(billingRoutes.units, { params }),
      ]) {
        expect((await call.by(client)).statusCode).toBe(404);
      }
      expect((await json(client, adminRoutes.invoices)).status).toBe(403);
      expect((await json(client, projectRoutes.list)).body.data).toEqual([]);
    }
  });

  it('a pending top-up of a deleted project can be rejected, not approved', async () => {
    const owner = await signUp(t.app);
    const projectId = await createProject(owner, 'Gone');
    const pending = await requestTopUp(owner, projectId, 25, 'Balance top-up');
    expect((await deleteProject(owner, projectId, 'Gone')).statusCode).toBe(200);

    const approved = await json(superAdmin, adminRoutes.approve, { params: { invoiceId: pending } });
    expect(approved.status).toBe(409);
    expect(approved.body.error).toMatchObject({ code: 'project_deleted', message: expect.any(String) });
    const rejected = await json(superAdmin, adminRoutes.reject, {
      params: { invoiceId: pending },
      body: { reason: 'Project deleted; nothing was paid' },
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body.data).toMatchObject({ status: 'rejected', project_id: projectId });
    const [listed] = (await adminInvoices()).filter((row) => row.id === pending);
    expect(listed).toMatchObject({
      status: 'rejected',
      project_name: 'Gone',
      decision_note: expect.any(String),
    });
  });

  it('a live project keeps its own name and no deleted date in the lists', async () => {
    const owner = await signUp(t.app);
    const projectId = await createProject(owner, 'Alive');
    const pending = await requestTopUp(owner, projectId, 5, 'Balance top-up');
    const [listed] = (await adminInvoices({ status: 'pending' })).filter((row) => row.id === pending);
    expect(listed).toMatchObject({
      project_id: projectId,
      project_name: 'Alive',
      project_deleted_at: null,
      created_by_email: owner.email,
    });
  });
});
