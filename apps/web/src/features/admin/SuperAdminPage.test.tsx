import type { AdminInvoice, AdminProject, TariffPlanInput, TariffPlanResponse } from '@parley/contracts';
import { adminRoutes, authRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { INVOICE_APPROVED_STORAGE_KEY } from '../../shared/hooks/approvalEvent';
import { calls, planFixture, plans, requests } from '../../test/billing';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeKey,
  sessionAnswer,
  testUser,
} from '../../test/utils';
import SuperAdminPage from './SuperAdminPage';

const routes = [{ path: '/admin/super', element: <SuperAdminPage /> }];

const pending: AdminInvoice = {
  id: 31,
  project_id: 5,
  amount: 120.5,
  currency: 'USD',
  description: 'Balance refill request',
  process_date: '2026-03-01T10:00:00.000Z',
  minutes_used: 0,
  unit_amount: 0,
  free_units: 0,
  type: 'credit',
  status: 'pending',
  reference: 'topup',
  reference_id: 'manual_1',
  approval_required: true,
  created_at: '2026-03-01T10:00:00.000Z',
  project_name: 'Sales Calls',
  project_deleted_at: null,
  created_by_email: 'owner@example.com',
  decided_at: null,
  decision_note: null,
};

const adminProjects: AdminProject[] = [
  {
    id: 5,
    name: 'Sales Calls',
    created_at: '2026-01-01T00:00:00.000Z',
    current_balance: 2.5,
    currency: 'USD',
    use_balance_for_analysis: true,
    tariff_plan_id: 1,
    tariff_plan_name: 'Pay as you go',
    units_left: 0,
    pending_invoices: 1,
  },
  {
    id: 6,
    name: 'Support QA',
    created_at: '2026-01-01T00:00:00.000Z',
    current_balance: 80,
    currency: 'USD',
    use_balance_for_analysis: false,
    tariff_plan_id: 2,
    tariff_plan_name: 'Starter',
    units_left: 1000,
    pending_invoices: 0,
  },
];

/** What the server answers for a saved plan form: the plan with its money as numbers. */
function savedPlan(id: number, init: RequestInit | undefined): z.input<typeof TariffPlanResponse> {
  const form = JSON.parse(String(init?.body)) as Required<TariffPlanInput>;
  return {
    data: planFixture({
      ...form,
      id,
      price: Number(form.price),
      price_per_minute: Number(form.price_per_minute),
      included_minutes: Number(form.included_minutes),
    }),
  };
}

function mockAdminApi(overrides: Record<string, Handler> = {}, superAdmin = true) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer({ ...testUser, is_super_admin: superAdmin }),
    [routeKey(adminRoutes.invoices)]: () => jsonResponse(200, { data: [pending] }),
    [routeKey(adminRoutes.tariffs)]: () => jsonResponse(200, { data: plans }),
    [routeKey(adminRoutes.projects)]: () => jsonResponse(200, { data: adminProjects }),
    ...overrides,
  });
}

async function pickProject(section: HTMLElement, name: string) {
  const input = within(section).getByRole('combobox', { name: 'Project' });
  fireEvent.change(input, { target: { value: name.slice(0, 4) } });
  fireEvent.click(await screen.findByRole('option', { name: new RegExp(name) }));
}

const section = (title: string) =>
  screen.getByRole('heading', { name: title }).closest('.MuiCard-root') as HTMLElement;

describe('super admin page', () => {
  it('is for super admins only', async () => {
    const fetch = mockAdminApi({}, false);
    renderRoutes(routes, '/admin/super');
    expect(await screen.findByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(screen.getByText('Only platform administrators can open this page.')).toBeInTheDocument();
    expect(calls(fetch, routeKey(adminRoutes.projects))).toBe(0);
  });

  it('approves a pending top-up and tells other tabs of the project', async () => {
    const fetch = mockAdminApi({
      [routeKey(adminRoutes.approve, { invoiceId: 31 })]: () =>
        jsonResponse(200, { data: { ...pending, status: 'settled' } }),
    });
    renderRoutes(routes, '/admin/super');
    const row = within(await screen.findByTestId('pending-31'));
    expect(row.getByText('Sales Calls')).toBeInTheDocument();
    expect(row.getByText('owner@example.com')).toBeInTheDocument();
    expect(row.getByText('$120.50')).toBeInTheDocument();
    expect(requests(fetch, routeKey(adminRoutes.invoices))[0]!.url.searchParams.get('status')).toBe(
      'pending',
    );

    // Approval asks first, naming the amount, project and requester; cancelling sends nothing.
    fireEvent.click(row.getByRole('button', { name: 'Approve' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Approve top-up?' }));
    expect(
      dialog.getByText(
        '$120.50 will be credited to Sales Calls (requested by owner@example.com). This cannot be undone.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetch, routeKey(adminRoutes.approve, { invoiceId: 31 }))).toBe(0);

    fireEvent.click(row.getByRole('button', { name: 'Approve' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Approve top-up?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Approve and credit' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Top-up approved: $120.50 credited to Sales Calls.',
    );
    expect(calls(fetch, routeKey(adminRoutes.approve, { invoiceId: 31 }))).toBe(1);
    const event = JSON.parse(localStorage.getItem(INVOICE_APPROVED_STORAGE_KEY)!);
    expect(event.projectId).toBe(5);
    expect(typeof event.at).toBe('number');
    // the lists reload
    await waitFor(() => expect(calls(fetch, routeKey(adminRoutes.invoices))).toBe(2));
  });

  it('rejects with a reason, without the approval event', async () => {
    const fetch = mockAdminApi({
      [routeKey(adminRoutes.reject, { invoiceId: 31 })]: () =>
        jsonResponse(200, { data: { ...pending, status: 'rejected' } }),
    });
    renderRoutes(routes, '/admin/super');
    fireEvent.click(within(await screen.findByTestId('pending-31')).getByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject top-up?' }));
    expect(dialog.getByText('The top-up of $120.50 for Sales Calls will be rejected.')).toBeInTheDocument();
    fireEvent.change(dialog.getByLabelText('Reason (optional)'), {
      target: { value: 'No payment received' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Reject' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('The top-up request has been rejected.');
    expect(requests(fetch, routeKey(adminRoutes.reject, { invoiceId: 31 }))[0]!.body).toEqual({
      reason: 'No payment received',
    });
    expect(localStorage.getItem(INVOICE_APPROVED_STORAGE_KEY)).toBeNull();
  });

  it("labels a deleted project's top-up request, which can be rejected but not approved", async () => {
    const orphan: AdminInvoice = {
      ...pending,
      id: 32,
      project_id: 9,
      project_name: 'Closed Team',
      project_deleted_at: '2026-03-02T09:00:00.000Z',
      created_by_email: null,
    };
    mockAdminApi({ [routeKey(adminRoutes.invoices)]: () => jsonResponse(200, { data: [pending, orphan] }) });
    renderRoutes(routes, '/admin/super');
    const row = within(await screen.findByTestId('pending-32'));
    expect(row.getByText('Closed Team')).toBeInTheDocument();
    expect(row.getByText('Project deleted')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Approve' })).toBeDisabled();
    expect(row.getByRole('button', { name: 'Reject' })).toBeEnabled();
    const live = within(screen.getByTestId('pending-31'));
    expect(live.queryByText('Project deleted')).not.toBeInTheDocument();
    expect(live.getByRole('button', { name: 'Approve' })).toBeEnabled();
  });

  it('lists projects with balances', async () => {
    mockAdminApi();
    renderRoutes(routes, '/admin/super');
    const row = within(await screen.findByTestId('admin-project-6'));
    expect(row.getByText('$80.00')).toBeInTheDocument();
    expect(row.getByText('Starter')).toBeInTheDocument();
    expect(row.getByText('1,000')).toBeInTheDocument();
  });

  it('assigns a plan to a project picked from the admin project list', async () => {
    const fetch = mockAdminApi({
      [routeKey(adminRoutes.assignTariff, { id: 6 })]: () => jsonResponse(200, { data: adminProjects[1] }),
    });
    renderRoutes(routes, '/admin/super');
    await screen.findByTestId('admin-project-6');
    const assign = section('Assign a tariff plan');
    await pickProject(assign, 'Support QA');
    fireEvent.mouseDown(within(assign).getByRole('combobox', { name: 'Tariff plan' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: /Trial/ }));
    fireEvent.click(within(assign).getByRole('button', { name: 'Assign plan' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Trial has been assigned to Support QA.');
    expect(requests(fetch, routeKey(adminRoutes.assignTariff, { id: 6 }))[0]!.body).toEqual({ tariff_id: 4 });
  });

  it('credits or debits a balance with a reason', async () => {
    const fetch = mockAdminApi({
      [routeKey(adminRoutes.adjust, { id: 5 })]: () => jsonResponse(201, { data: pending }),
    });
    renderRoutes(routes, '/admin/super');
    await screen.findByTestId('admin-project-5');
    const adjust = section('Manual credit or debit');
    await pickProject(adjust, 'Sales Calls');
    fireEvent.click(within(adjust).getByRole('button', { name: 'Debit' }));
    fireEvent.change(within(adjust).getByLabelText('Amount'), { target: { value: '0' } });
    fireEvent.click(within(adjust).getByRole('button', { name: 'Debit balance' }));
    expect(within(adjust).getByText('Please enter a valid amount greater than 0.')).toBeInTheDocument();
    fireEvent.change(within(adjust).getByLabelText('Amount'), { target: { value: '3.25' } });
    fireEvent.click(within(adjust).getByRole('button', { name: 'Debit balance' }));
    expect(within(adjust).getByText('Please give a reason.')).toBeInTheDocument();
    expect(calls(fetch, routeKey(adminRoutes.adjust, { id: 5 }))).toBe(0);

    fireEvent.change(within(adjust).getByLabelText(/Reason/), { target: { value: 'Duplicate upload' } });
    fireEvent.click(within(adjust).getByRole('button', { name: 'Debit balance' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'The balance of Sales Calls has been adjusted.',
    );
    expect(requests(fetch, routeKey(adminRoutes.adjust, { id: 5 }))[0]!.body).toEqual({
      type: 'debit',
      amount: '3.25',
      reason: 'Duplicate upload',
    });
  });

  it('creates and edits tariff plans', async () => {
    const fetch = mockAdminApi({
      [routeKey(adminRoutes.createTariff)]: (_url, init) => jsonResponse(201, savedPlan(9, init)),
      [routeKey(adminRoutes.updateTariff, { tariffId: 2 })]: (_url, init) =>
        jsonResponse(200, savedPlan(2, init)),
    });
    renderRoutes(routes, '/admin/super');
    const row = within(await screen.findByTestId('admin-plan-4'));
    expect(row.getByText('Assigned only')).toBeInTheDocument();
    expect(row.getByText('14 days')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'New plan' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'New tariff plan' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('The plan needs a name.')).toBeInTheDocument();
    expect(calls(fetch, routeKey(adminRoutes.createTariff))).toBe(0);
    fireEvent.change(dialog.getByLabelText(/Name/), { target: { value: 'Agency' } });
    fireEvent.change(dialog.getByLabelText('Price'), { target: { value: '99.5' } });
    fireEvent.change(dialog.getByLabelText('Included units'), { target: { value: '2500' } });
    fireEvent.change(dialog.getByLabelText('Validity (days)'), { target: { value: '60' } });
    fireEvent.click(dialog.getByRole('switch', { name: /Public/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent('Agency has been saved.');
    expect(requests(fetch, routeKey(adminRoutes.createTariff))[0]!.body).toEqual({
      name: 'Agency',
      description: '',
      price: '99.5',
      price_per_minute: '0.05',
      included_minutes: 2500,
      validity_period: 60,
      currency: 'USD',
      public: false,
      is_default: false,
    });

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Edit Starter' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Edit Starter' }));
    expect(dialog.getByLabelText(/Name/)).toHaveValue('Starter');
    fireEvent.change(dialog.getByLabelText('Validity (days)'), { target: { value: '' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(calls(fetch, routeKey(adminRoutes.updateTariff, { tariffId: 2 }))).toBe(1));
    expect(requests(fetch, routeKey(adminRoutes.updateTariff, { tariffId: 2 }))[0]!.body).toMatchObject({
      name: 'Starter',
      price: '49',
      validity_period: null,
    });
  });
});
