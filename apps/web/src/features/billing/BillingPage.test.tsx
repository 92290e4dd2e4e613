import type {
  DailySummaryResponse,
  DayDetailsResponse,
  MonthlySummaryResponse,
  UnitBundlesResponse,
} from '@parley/contracts';
import { billingRoutes as billingApiRoutes, projectRoutes } from '@parley/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  billingProject,
  billingRoutes,
  bundleFixture,
  calls,
  invoiceFixture,
  mockBillingApi,
  planFixture,
  plans,
  purchaseAnswer,
  requests,
} from '../../test/billing';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

const location = () => screen.getByTestId('location').textContent;
const tab = (name: string) => screen.getByRole('tab', { name });
const projectLoads = (fetch: ReturnType<typeof mockBillingApi>) =>
  calls(fetch, routeKey(projectRoutes.get, { id: 5 }));

async function openBilling(path = '/projects/5/billing') {
  renderRoutes(billingRoutes, path);
  await screen.findByTestId('balance-amount');
}

describe('billing page', () => {
  it('has a title and the four tabs in order; the open tab is kept in ?tab=', async () => {
    mockBillingApi();
    await openBilling();
    expect(screen.getByRole('heading', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((element) => element.textContent)).toEqual([
      'Account balance',
      'Invoice summaries',
      'Invoice details',
      'Tariff plan',
    ]);
    expect(tab('Account balance')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(tab('Tariff plan'));
    expect(location()).toBe('/projects/5/billing?tab=tariff');
    expect(tab('Tariff plan')).toHaveAttribute('aria-selected', 'true');
    fireEvent.click(tab('Account balance'));
    expect(location()).toBe('/projects/5/billing');
  });

  it('opens the tab named in the URL', async () => {
    mockBillingApi();
    renderRoutes(billingRoutes, '/projects/5/billing?tab=invoices');
    expect(await screen.findByText('There are no invoices in this period.')).toBeInTheDocument();
    expect(tab('Invoice details')).toHaveAttribute('aria-selected', 'true');
  });

  it('refreshes the balance card on mount, on returning to the first tab, on focus and when visible again', async () => {
    const fetch = mockBillingApi();
    await openBilling();
    await waitFor(() => expect(projectLoads(fetch)).toBe(1));

    fireEvent.click(tab('Invoice details'));
    await screen.findByText('There are no invoices in this period.');
    fireEvent.click(tab('Account balance'));
    await waitFor(() => expect(projectLoads(fetch)).toBe(2));

    fireEvent.focus(window);
    await waitFor(() => expect(projectLoads(fetch)).toBe(3));

    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'hidden' });
    fireEvent(document, new Event('visibilitychange'));
    Object.defineProperty(document, 'visibilityState', { configurable: true, value: 'visible' });
    fireEvent(document, new Event('visibilitychange'));
    await waitFor(() => expect(projectLoads(fetch)).toBe(4));
    expect(calls(fetch, routeKey(billingApiRoutes.units, { id: 5 }))).toBe(4);
  });

  it('shows the balance card: balance, plan, rate, units per bundle', async () => {
    mockBillingApi({
      [routeKey(billingApiRoutes.units, { id: 5 })]: () =>
        jsonResponse(200, {
          data: [
            bundleFixture(1, { left_amount: 120.5 }),
            bundleFixture(2, {
              left_amount: 1,
              included_amount: 60,
              expire: null,
              free: true,
              tariff_plan: { id: 4, name: 'Trial' },
            }),
          ],
        } satisfies z.input<typeof UnitBundlesResponse>),
    });
    await openBilling();
    const card = within(screen.getByTestId('balance-card'));
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('$25.50');
    expect(card.getByText('USD')).toBeInTheDocument();
    expect(card.getByText('Pay as you go')).toBeInTheDocument();
    expect(screen.getByTestId('balance-rate')).toHaveTextContent('$0.0500');
    expect(await screen.findByTestId('units-total')).toHaveTextContent('121.5 units left');
    const bundles = within(screen.getByTestId('bundle-list')).getAllByRole('listitem');
    expect(bundles[0]).toHaveTextContent('120.5 units left · Starter · expires Apr 1, 2026');
    // one unit reads in the singular
    expect(bundles[1]).toHaveTextContent('1 unit left · Trial · unlimited');
    expect(screen.queryByTestId('low-balance-warning')).not.toBeInTheDocument();
    // the explainer computes its examples from the real rate
    expect(screen.getByTestId('example-audio')).toHaveTextContent(
      '10 minutes of audio = 10 units × $0.0500 = $0.50',
    );
    expect(screen.getByTestId('example-text')).toHaveTextContent(
      '5,000 characters of text = 5 units × $0.0500 = $0.25',
    );
  });

  it('warns about a low balance below 5, not at 5', async () => {
    mockBillingApi({}, billingProject({ current_balance: 4.99 }));
    await openBilling();
    expect(screen.getByTestId('low-balance-warning')).toHaveTextContent(
      'Your balance is low. Add funds to keep analysing conversations.',
    );
    expect(screen.getByTestId('balance-amount-box')).toHaveAttribute('data-low', 'true');
  });

  it('shows no warning at exactly 5', async () => {
    mockBillingApi({}, billingProject({ current_balance: 5 }));
    await openBilling();
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('$5.00');
    expect(screen.queryByTestId('low-balance-warning')).not.toBeInTheDocument();
    expect(screen.getByTestId('balance-amount-box')).toHaveAttribute('data-low', 'false');
  });

  it('says how much is available when analyses in progress hold part of the balance', async () => {
    mockBillingApi({}, billingProject({ current_balance: 25.5, available_balance: 25.5 }));
    await openBilling();
    expect(screen.queryByTestId('balance-available')).not.toBeInTheDocument();
    cleanup();
    mockBillingApi({}, billingProject({ current_balance: 25.5, available_balance: 20.25 }));
    await openBilling();
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('$25.50');
    expect(screen.getByTestId('balance-available')).toHaveTextContent(
      '$20.25 available · the rest is reserved for analyses in progress',
    );
  });

  it('uses the project from the route when the billing view fails', async () => {
    mockBillingApi({
      [routeKey(projectRoutes.get, { id: 5 })]: () =>
        jsonResponse(500, { error: { code: 'internal', message: 'boom' } }),
    });
    await openBilling();
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('$25.50');
  });

  it('shows the loading error when neither the view nor the route project has billing data', async () => {
    mockBillingApi(
      {
        [routeKey(projectRoutes.get, { id: 5 })]: () =>
          jsonResponse(500, { error: { code: 'internal', message: 'boom' } }),
      },
      billingProject({ current_balance: undefined }),
    );
    renderRoutes(billingRoutes, '/projects/5/billing');
    expect(
      await screen.findByText('Failed to load the billing information of this project.'),
    ).toBeInTheDocument();
  });

  it('the switch saves only use_balance_for_analysis, and reverts with a message when saving fails', async () => {
    let fail = false;
    const fetch = mockBillingApi({
      [routeKey(projectRoutes.update, { id: 5 })]: (_url, init) => {
        if (fail) return jsonResponse(500, { error: { code: 'internal', message: 'nope' } });
        const body = JSON.parse(String(init?.body));
        return jsonResponse(200, { data: billingProject(body) });
      },
    });
    await openBilling();
    const toggle = screen.getByRole('switch', { name: 'Use balance for analysis' });
    expect(toggle).toBeChecked();

    fireEvent.click(toggle);
    expect(toggle).not.toBeChecked(); // optimistic
    await waitFor(() => expect(calls(fetch, routeKey(projectRoutes.update, { id: 5 }))).toBe(1));
    expect(requests(fetch, routeKey(projectRoutes.update, { id: 5 }))[0]!.body).toEqual({
      use_balance_for_analysis: false,
    });
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: 'Use balance for analysis' })).toBeEnabled(),
    );
    expect(screen.getByRole('switch', { name: 'Use balance for analysis' })).not.toBeChecked();

    fail = true;
    fireEvent.click(screen.getByRole('switch', { name: 'Use balance for analysis' }));
    expect(screen.getByRole('switch', { name: 'Use balance for analysis' })).toBeChecked(); // optimistic
    expect(await screen.findByTestId('setting-error')).toHaveTextContent(
      'The setting could not be saved. The previous value has been restored.',
    );
    expect(screen.getByRole('switch', { name: 'Use balance for analysis' })).not.toBeChecked(); // reverted
  });

  it('add balance: refuses 0, abc and -1 without a request, then sends a pending credit request', async () => {
    const fetch = mockBillingApi({
      [routeKey(billingApiRoutes.requestTopUp)]: () =>
        jsonResponse(201, {
          data: invoiceFixture(99, { type: 'credit', status: 'pending', reference: 'topup' }),
        }),
    });
    await openBilling();
    fireEvent.click(screen.getByRole('button', { name: 'Add balance' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add balance' }));
    expect(dialog.getByText(/reviewed by an administrator/)).toBeInTheDocument();
    expect(dialog.getByText('$')).toBeInTheDocument();
    const amount = dialog.getByLabelText('Amount');

    for (const value of ['0', 'abc', '-1', '']) {
      fireEvent.change(amount, { target: { value } });
      fireEvent.click(dialog.getByRole('button', { name: 'Request refill' }));
      expect(dialog.getByTestId('add-balance-error')).toHaveTextContent(
        'Please enter a valid amount greater than 0.',
      );
    }
    expect(calls(fetch, routeKey(billingApiRoutes.requestTopUp))).toBe(0);

    fireEvent.change(amount, { target: { value: '12.50' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Request refill' }));
    await waitFor(() => expect(calls(fetch, routeKey(billingApiRoutes.requestTopUp))).toBe(1));
    const { body } = requests(fetch, routeKey(billingApiRoutes.requestTopUp))[0]!;
    expect(body).toMatchObject({
      amount: 12.5,
      description: 'Balance refill request',
      type: 'credit',
      project_id: 5,
      approval_required: true,
      status: 'pending',
    });
    expect(body.reference_id).toMatch(/^manual_\d+$/);
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'Refill request sent. The balance is credited once an administrator approves it.',
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('add balance: rounds to cents, shows the rounded amount and sends it; what rounds to 0.00 is refused', async () => {
    const fetch = mockBillingApi({
      [routeKey(billingApiRoutes.requestTopUp)]: () =>
        jsonResponse(201, {
          data: invoiceFixture(99, { type: 'credit', status: 'pending', reference: 'topup' }),
        }),
    });
    await openBilling();
    fireEvent.click(screen.getByRole('button', { name: 'Add balance' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add balance' }));
    const amount = dialog.getByLabelText('Amount');

    fireEvent.change(amount, { target: { value: '0.001' } });
    expect(dialog.queryByText(/will be requested/)).not.toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Request refill' }));
    expect(dialog.getByTestId('add-balance-error')).toHaveTextContent(
      'Please enter a valid amount greater than 0.',
    );
    expect(calls(fetch, routeKey(billingApiRoutes.requestTopUp))).toBe(0);

    fireEvent.change(amount, { target: { value: '12.3456789' } });
    expect(dialog.getByText('$12.35 will be requested')).toBeInTheDocument();
    // A valid amount clears the complaint about the last one.
    expect(dialog.queryByTestId('add-balance-error')).not.toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Request refill' }));
    await waitFor(() => expect(calls(fetch, routeKey(billingApiRoutes.requestTopUp))).toBe(1));
    expect(requests(fetch, routeKey(billingApiRoutes.requestTopUp))[0]!.body).toMatchObject({
      amount: 12.35,
    });
  });

  it('add balance: a request refused for a reason shows the reason, not "try again"', async () => {
    mockBillingApi({
      [routeKey(billingApiRoutes.requestTopUp)]: () =>
        jsonResponse(400, {
          error: {
            code: 'top_up_too_large',
            message:
              'A top-up can be at most 100000.00 USD (5000000.00 USD was asked). Split a larger payment or ask the operator to raise MAX_TOP_UP_AMOUNT.',
            field: 'amount',
          },
        }),
    });
    await openBilling();
    fireEvent.click(screen.getByRole('button', { name: 'Add balance' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add balance' }));
    fireEvent.change(dialog.getByLabelText('Amount'), { target: { value: '5000000' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Request refill' }));
    const error = await dialog.findByTestId('add-balance-error');
    expect(error).toHaveTextContent('This amount is more than one top-up may be.');
    expect(error).toHaveTextContent('MAX_TOP_UP_AMOUNT');
    expect(error).not.toHaveTextContent('try again');
  });

  it('add balance: a request that fails without a reason shows the error in the dialog', async () => {
    mockBillingApi({
      [routeKey(billingApiRoutes.requestTopUp)]: () => new Response('Bad gateway', { status: 502 }),
    });
    await openBilling();
    fireEvent.click(screen.getByRole('button', { name: 'Add balance' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add balance' }));
    fireEvent.change(dialog.getByLabelText('Amount'), { target: { value: '5' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Request refill' }));
    expect(await dialog.findByTestId('add-balance-error')).toHaveTextContent(
      'The refill request could not be sent. Please try again.',
    );
  });
});

describe('billing page: read-only support access', () => {
  it('shows balance, invoices and plans; no refill, balance setting or purchase can be sent', async () => {
    const fetch = mockBillingApi({}, billingProject({ my_role: 'admin', read_only: true }));
    await openBilling();
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('$25.50');
    const toggle = screen.getByRole('switch', { name: 'Use balance for analysis' });
    expect(toggle).toBeChecked();
    expect(toggle).toBeDisabled();
    const add = screen.getByRole('button', { name: 'Add balance' });
    expect(add).toBeDisabled();
    fireEvent.click(add);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    fireEvent.click(tab('Invoice details'));
    expect(await screen.findByText('There are no invoices in this period.')).toBeInTheDocument();

    fireEvent.click(tab('Tariff plan'));
    const prolong = within(await screen.findByTestId('plan-card-1')).getByRole('button', {
      name: 'Prolong plan - Free',
    });
    const purchase = within(screen.getByTestId('plan-card-2')).getByRole('button', {
      name: 'Purchase plan - $49.00',
    });
    for (const button of [prolong, purchase]) {
      expect(button).toBeDisabled();
      fireEvent.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
  });
});

describe('invoice details tab', () => {
  const many = Array.from({ length: 23 }, (_, index) =>
    invoiceFixture(index + 1, index % 2 ? { type: 'credit', status: 'pending' } : {}),
  );

  it('asks for last30days by default, pages by 10 and changes the page size', async () => {
    const fetch = mockBillingApi({
      [routeKey(billingApiRoutes.invoices, { id: 5 })]: () => jsonResponse(200, { data: many }),
    });
    renderRoutes(billingRoutes, '/projects/5/billing?tab=invoices');
    await screen.findAllByTestId('invoice-row');
    expect(
      requests(fetch, routeKey(billingApiRoutes.invoices, { id: 5 }))[0]!.url.searchParams.get('period'),
    ).toBe('last30days');
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveTextContent('Last 30 days');
    expect(screen.getAllByTestId('invoice-row')).toHaveLength(10);
    expect(screen.getByText('1–10 of 23')).toBeInTheDocument();

    const first = within(screen.getAllByTestId('invoice-row')[0]!);
    expect(first.getByText('Invoice 1')).toBeInTheDocument();
    expect(first.getByText('$1.50')).toBeInTheDocument();
    expect(first.getByText('Debit')).toBeInTheDocument();
    expect(first.getByText('Settled')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('invoice-row')[1]!).getByText('Credit')).toBeInTheDocument();
    expect(within(screen.getAllByTestId('invoice-row')[1]!).getByText('Pending')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('11–20 of 23')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['5', '10', '25', '50']);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '25' }));
    expect(screen.getAllByTestId('invoice-row')).toHaveLength(23);
    expect(screen.getByText('1–23 of 23')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: '5' }));
    expect(screen.getAllByTestId('invoice-row')).toHaveLength(5);
  });

  it('changes the period, also to all', async () => {
    const fetch = mockBillingApi();
    renderRoutes(billingRoutes, '/projects/5/billing?tab=invoices');
    await screen.findByText('There are no invoices in this period.');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    const options = within(screen.getByRole('listbox')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Last 7 days',
      'Last 30 days',
      'This month',
      'Last month',
      'All time',
    ]);
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'All time' }));
    await waitFor(() =>
      expect(
        requests(fetch, routeKey(billingApiRoutes.invoices, { id: 5 })).map((r) =>
          r.url.searchParams.get('period'),
        ),
      ).toEqual(['last30days', 'all']),
    );
  });

  it('reads invoices under data.invoices and ProcessDate, leaves invalid ones out; no list is an error', async () => {
    let body: unknown = {
      data: {
        invoices: [
          { ...invoiceFixture(1), process_date: undefined, ProcessDate: '2026-03-01T09:00:00.000Z' },
          { ...invoiceFixture(2), amount: '3' },
        ],
      },
    };
    mockBillingApi({ [routeKey(billingApiRoutes.invoices, { id: 5 })]: () => jsonResponse(200, body) });
    renderRoutes(billingRoutes, '/projects/5/billing?tab=invoices');
    expect(await screen.findAllByTestId('invoice-row')).toHaveLength(1);
    body = { status: 'ok' };
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'This month' }));
    expect(await screen.findByText('Failed to load the invoices.')).toBeInTheDocument();
  });
});

describe('invoice summaries tab', () => {
  const monthly = {
    data: {
      total_summary: {
        total_credit: 150,
        credit_count: 3,
        total_debit: 42.5,
        debit_count: 17,
        total_minutes: 850,
        free_minutes: 60,
      },
      months: [
        {
          period: '2026-03',
          total_credit: 100,
          credit_count: 2,
          total_debit: 40,
          debit_count: 15,
          total_minutes: 800,
          free_minutes: 60,
        },
        {
          period: '2026-02',
          total_credit: 50,
          credit_count: 1,
          total_debit: 2.5,
          debit_count: 2,
          total_minutes: 50,
          free_minutes: 0,
        },
      ],
    },
  } satisfies z.input<typeof MonthlySummaryResponse>;
  const daily = (month: string): z.input<typeof DailySummaryResponse> => ({
    data: {
      month_summary: {
        total_minutes: 800,
        free_minutes: 60,
        total_credit: 100,
        credit_count: 2,
        total_debit: 40,
        debit_count: 15,
      },
      days: [
        {
          period: `${month}-02`,
          total_credit: 100,
          credit_count: 2,
          total_debit: 0,
          debit_count: 0,
          total_minutes: 0,
          free_minutes: 0,
        },
        {
          period: `${month}-05`,
          total_credit: 0,
          credit_count: 0,
          total_debit: 40,
          debit_count: 15,
          total_minutes: 800,
          free_minutes: 60,
        },
      ],
    },
  });
  const dayDetails = (day: string): z.input<typeof DayDetailsResponse> => ({
    data: {
      day,
      transactions: [
        {
          id: 7,
          process_date: `${day}T10:15:00.000Z`,
          description: `Analysis on ${day}`,
          unit_amount: 2.5,
          minutes_used: 2.5,
          amount: 0.125,
          currency: 'USD',
          type: 'debit',
        },
      ],
    },
  });

  function mockSummaries() {
    return mockBillingApi({
      [routeKey(billingApiRoutes.monthlySummary, { id: 5 })]: () => jsonResponse(200, monthly),
      [routeKey(billingApiRoutes.dailySummary, { id: 5 })]: (url) =>
        jsonResponse(200, daily(url.searchParams.get('month') ?? '')),
      [routeKey(billingApiRoutes.dayDetails, { id: 5 })]: (url) =>
        jsonResponse(200, dayDetails(url.searchParams.get('day') ?? '')),
    });
  }

  const monthSummary = (period: string) =>
    within(screen.getByTestId(`month-${period}`)).getAllByRole('button')[0]!;
  const daySummary = (period: string) =>
    within(screen.getByTestId(`day-${period}`)).getAllByRole('button')[0]!;

  it('shows totals for 12 months by default; the range toggle asks again', async () => {
    const fetch = mockSummaries();
    renderRoutes(billingRoutes, '/projects/5/billing?tab=summaries');
    const totals = within(await screen.findByTestId('summary-totals'));
    expect(totals.getByText('$150.00')).toBeInTheDocument();
    expect(totals.getByText('Deposits: 3')).toBeInTheDocument();
    expect(totals.getByText('$42.50')).toBeInTheDocument();
    expect(totals.getByText('Charges: 17')).toBeInTheDocument();
    expect(totals.getByText('850')).toBeInTheDocument();
    expect(totals.getByText('60')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '12 months' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      requests(fetch, routeKey(billingApiRoutes.monthlySummary, { id: 5 }))[0]!.url.searchParams.get(
        'months',
      ),
    ).toBe('12');
    fireEvent.click(screen.getByRole('button', { name: '3 months' }));
    await waitFor(() =>
      expect(
        requests(fetch, routeKey(billingApiRoutes.monthlySummary, { id: 5 })).map((r) =>
          r.url.searchParams.get('months'),
        ),
      ).toEqual(['12', '3']),
    );
    expect(screen.getAllByRole('button', { name: /months$/ }).map((button) => button.textContent)).toEqual([
      '3 months',
      '6 months',
      '12 months',
      '24 months',
    ]);
  });

  it('opens one month and one day at a time; toggling a month clears the day', async () => {
    const fetch = mockSummaries();
    renderRoutes(billingRoutes, '/projects/5/billing?tab=summaries');
    await screen.findByTestId('month-2026-03');
    expect(screen.getByTestId('month-2026-03')).toHaveTextContent('March 2026');
    expect(screen.queryByTestId('month-details')).not.toBeInTheDocument();

    fireEvent.click(monthSummary('2026-03'));
    const details = within(await screen.findByTestId('month-details'));
    expect(details.getByText('Total units')).toBeInTheDocument();
    expect(details.getByText('Credit transactions')).toBeInTheDocument();
    expect(monthSummary('2026-03')).toHaveAttribute('aria-expanded', 'true');

    // a day opens its transactions
    fireEvent.click(daySummary('2026-03-05'));
    const transactions = within(await screen.findByTestId('day-transactions'));
    expect(transactions.getByText('Analysis on 2026-03-05')).toBeInTheDocument();
    expect(transactions.getByText('$0.13')).toBeInTheDocument();
    expect(transactions.getByText('Debit')).toBeInTheDocument();

    // another day replaces it
    fireEvent.click(daySummary('2026-03-02'));
    expect(await screen.findByText('Analysis on 2026-03-02')).toBeInTheDocument();
    expect(daySummary('2026-03-05')).toHaveAttribute('aria-expanded', 'false');
    expect(daySummary('2026-03-02')).toHaveAttribute('aria-expanded', 'true');

    // another month closes the first and clears the day
    fireEvent.click(monthSummary('2026-02'));
    await waitFor(() => expect(monthSummary('2026-03')).toHaveAttribute('aria-expanded', 'false'));
    expect(monthSummary('2026-02')).toHaveAttribute('aria-expanded', 'true');
    await screen.findByTestId('day-2026-02-02');
    expect(daySummary('2026-02-02')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('day-transactions')).not.toBeInTheDocument();

    // back to March: no day is open any more
    fireEvent.click(monthSummary('2026-03'));
    await screen.findByTestId('day-2026-03-02');
    expect(daySummary('2026-03-02')).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('day-transactions')).not.toBeInTheDocument();

    // closing the open month clears the day as well
    fireEvent.click(daySummary('2026-03-02'));
    await screen.findByTestId('day-transactions');
    fireEvent.click(monthSummary('2026-03'));
    await waitFor(() => expect(monthSummary('2026-03')).toHaveAttribute('aria-expanded', 'false'));
    fireEvent.click(monthSummary('2026-03'));
    await screen.findByTestId('day-2026-03-02');
    expect(daySummary('2026-03-02')).toHaveAttribute('aria-expanded', 'false');
    expect(
      requests(fetch, routeKey(billingApiRoutes.dailySummary, { id: 5 })).map((r) =>
        r.url.searchParams.get('month'),
      ),
    ).toContain('2026-02');
  });

  it('invalid summary data has its own message', async () => {
    mockBillingApi({
      [routeKey(billingApiRoutes.monthlySummary, { id: 5 })]: () =>
        jsonResponse(200, { data: { months: 'x' } }),
    });
    renderRoutes(billingRoutes, '/projects/5/billing?tab=summaries');
    expect(await screen.findByText('The invoice summary data is invalid.')).toBeInTheDocument();
  });

  it('says which month and day failed to load', async () => {
    mockBillingApi({
      [routeKey(billingApiRoutes.monthlySummary, { id: 5 })]: () => jsonResponse(200, monthly),
      [routeKey(billingApiRoutes.dailySummary, { id: 5 })]: (url) =>
        url.searchParams.get('month') === '2026-03'
          ? jsonResponse(200, daily('2026-03'))
          : jsonResponse(500, { error: { code: 'internal', message: 'x' } }),
      [routeKey(billingApiRoutes.dayDetails, { id: 5 })]: () =>
        jsonResponse(500, { error: { code: 'internal', message: 'x' } }),
    });
    renderRoutes(billingRoutes, '/projects/5/billing?tab=summaries');
    await screen.findByTestId('month-2026-03');
    fireEvent.click(monthSummary('2026-02'));
    expect(
      await screen.findByText('Failed to load the daily summary for February 2026.'),
    ).toBeInTheDocument();
    fireEvent.click(monthSummary('2026-03'));
    await screen.findByTestId('day-2026-03-05');
    fireEvent.click(daySummary('2026-03-05'));
    expect(
      await screen.findByText('Failed to load the transactions of Thu, Mar 5, 2026.'),
    ).toBeInTheDocument();
  });

  it('invalid daily summaries and day details have their own messages', async () => {
    mockBillingApi({
      [routeKey(billingApiRoutes.monthlySummary, { id: 5 })]: () => jsonResponse(200, monthly),
      [routeKey(billingApiRoutes.dailySummary, { id: 5 })]: (url) =>
        url.searchParams.get('month') === '2026-03'
          ? jsonResponse(200, daily('2026-03'))
          : jsonResponse(200, { data: { days: null } }),
      [routeKey(billingApiRoutes.dayDetails, { id: 5 })]: () =>
        jsonResponse(200, { data: { transactions: 'x' } }),
    });
    renderRoutes(billingRoutes, '/projects/5/billing?tab=summaries');
    await screen.findByTestId('month-2026-03');
    fireEvent.click(monthSummary('2026-02'));
    expect(await screen.findByText('The daily summary data is invalid.')).toBeInTheDocument();
    fireEvent.click(monthSummary('2026-03'));
    await screen.findByTestId('day-2026-03-05');
    fireEvent.click(daySummary('2026-03-05'));
    expect(await screen.findByText('The transaction details are invalid.')).toBeInTheDocument();
  });

  it('a failed monthly load has its own message', async () => {
    mockBillingApi({
      [routeKey(billingApiRoutes.monthlySummary, { id: 5 })]: () =>
        jsonResponse(500, { error: { code: 'internal', message: 'x' } }),
    });
    renderRoutes(billingRoutes, '/projects/5/billing?tab=summaries');
    expect(await screen.findByText('Failed to load the invoice summaries.')).toBeInTheDocument();
  });
});

describe('tariff plan tab', () => {
  it('shows the current plan, the plans with badges and the right button on each', async () => {
    mockBillingApi();
    renderRoutes(billingRoutes, '/projects/5/billing?tab=tariff');
    const current = within(await screen.findByTestId('current-plan'));
    expect(current.getByText('Pay as you go')).toBeInTheDocument();
    expect(current.getByText('$0.0500')).toBeInTheDocument();
    expect(current.getByText('None')).toBeInTheDocument();
    expect(current.getByText('Unlimited')).toBeInTheDocument();

    const payg = within(screen.getByTestId('plan-card-1'));
    expect(payg.getByText('Default')).toBeInTheDocument();
    expect(payg.getByText('Current')).toBeInTheDocument();
    expect(payg.getByRole('button', { name: 'Prolong plan - Free' })).toBeEnabled();

    const starter = within(screen.getByTestId('plan-card-2'));
    expect(starter.queryByText('Default')).not.toBeInTheDocument();
    expect(starter.queryByText('Current')).not.toBeInTheDocument();
    expect(starter.getByText('$49.00')).toBeInTheDocument();
    expect(starter.getByText('1,000 units')).toBeInTheDocument();
    expect(starter.getByText('30 days')).toBeInTheDocument();
    expect(starter.getByRole('button', { name: 'Purchase plan - $49.00' })).toBeEnabled();

    const trial = within(screen.getByTestId('plan-card-4'));
    expect(trial.getByText('Assigned plan')).toBeInTheDocument();
    expect(trial.getByRole('button', { name: 'Admin assigned' })).toBeDisabled();
    expect(trial.queryByRole('button', { name: /Purchase plan/ })).not.toBeInTheDocument();
  });

  it('loads the current plan by id when it is neither in the list nor on the project', async () => {
    const fetch = mockBillingApi(
      {
        [routeKey(billingApiRoutes.tariff, { id: 9 })]: () =>
          jsonResponse(200, {
            data: planFixture({ id: 9, name: 'Legacy', public: false, is_default: false }),
          }),
      },
      billingProject({ tariff_plan_id: 9, tariff_plan: null }),
    );
    renderRoutes(billingRoutes, '/projects/5/billing?tab=tariff');
    expect(await within(await screen.findByTestId('current-plan')).findByText('Legacy')).toBeInTheDocument();
    expect(calls(fetch, routeKey(billingApiRoutes.tariff, { id: 9 }))).toBe(1);
  });

  it('the current non-public plan shows Current and Assigned plan with a disabled button', async () => {
    const trial = plans[2]!;
    mockBillingApi({}, billingProject({ tariff_plan_id: trial.id, tariff_plan: trial }));
    renderRoutes(billingRoutes, '/projects/5/billing?tab=tariff');
    const card = within(await screen.findByTestId('plan-card-4'));
    expect(card.getByText('Current')).toBeInTheDocument();
    expect(card.getByText('Assigned plan')).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Admin assigned' })).toBeDisabled();
    expect(
      within(screen.getByTestId('plan-card-1')).getByRole('button', { name: 'Purchase plan - Free' }),
    ).toBeEnabled();
  });

  it('purchase dialog: plan, cost, units, the switch from the project; buys and reloads', async () => {
    let bought = false;
    const fetch = mockBillingApi(
      {
        [routeKey(billingApiRoutes.purchase, { id: 5 })]: () => {
          bought = true;
          return jsonResponse(200, purchaseAnswer(plans[1]!));
        },
        [routeKey(projectRoutes.get, { id: 5 })]: () =>
          jsonResponse(200, {
            data: billingProject(
              bought
                ? {
                    tariff_plan_id: 2,
                    tariff_plan: plans[1],
                    current_balance: 1,
                    use_balance_for_analysis: true,
                  }
                : { use_balance_for_analysis: false },
            ),
          }),
      },
      billingProject({ use_balance_for_analysis: false }),
    );
    renderRoutes(billingRoutes, '/projects/5/billing?tab=tariff');
    fireEvent.click(await screen.findByRole('button', { name: 'Purchase plan - $49.00' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm purchase' }));
    expect(dialog.getByTestId('purchase-plan-name')).toHaveTextContent('Starter');
    expect(dialog.getByText('$49.00')).toBeInTheDocument();
    expect(dialog.getByText('1,000 units')).toBeInTheDocument();
    const toggle = dialog.getByRole('switch', { name: 'Use balance for analysis' });
    expect(toggle).not.toBeChecked();
    fireEvent.click(toggle);
    fireEvent.click(dialog.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(calls(fetch, routeKey(billingApiRoutes.purchase, { id: 5 }))).toBe(1));
    expect(requests(fetch, routeKey(billingApiRoutes.purchase, { id: 5 }))[0]!.body).toEqual({
      tariff_id: 2,
      use_balance_for_analysis: true,
    });
    expect(await screen.findByTestId('toast')).toHaveTextContent('The tariff plan has been purchased.');
    // the page data reloads: Starter is now current
    await waitFor(() =>
      expect(within(screen.getByTestId('plan-card-2')).getByText('Current')).toBeInTheDocument(),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      within(screen.getByTestId('plan-card-2')).getByRole('button', { name: 'Prolong plan - $49.00' }),
    ).toBeInTheDocument();
  });

  it('purchase errors: the server message, else the translated fallback; cancel sends nothing', async () => {
    let answer: Response = jsonResponse(402, {
      error: { code: 'insufficient_balance', message: 'The balance of 25.50 USD does not cover 49.00 USD.' },
    });
    const fetch = mockBillingApi({ [routeKey(billingApiRoutes.purchase, { id: 5 })]: () => answer });
    renderRoutes(billingRoutes, '/projects/5/billing?tab=tariff');
    fireEvent.click(await screen.findByRole('button', { name: 'Purchase plan - $49.00' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(fetch, routeKey(billingApiRoutes.purchase, { id: 5 }))).toBe(0);

    fireEvent.click(screen.getByRole('button', { name: 'Purchase plan - $49.00' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      'The balance of 25.50 USD does not cover 49.00 USD.',
    );

    answer = new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Purchase plan - $49.00' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await waitFor(() =>
      expect(screen.getByTestId('toast')).toHaveTextContent('The tariff plan could not be purchased.'),
    );
  });

  it('a plan list the contract does not allow (a plan without an id) is a load error: nothing can be bought', async () => {
    const fetch = mockBillingApi({
      [routeKey(billingApiRoutes.tariffs)]: () =>
        jsonResponse(200, { data: [plans[0], { ...plans[1], id: undefined, name: 'No Id' }] }),
    });
    renderRoutes(billingRoutes, '/projects/5/billing?tab=tariff');
    expect(await screen.findByText('Failed to load the tariff plans.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Purchase plan/ })).not.toBeInTheDocument();
    expect(calls(fetch, routeKey(billingApiRoutes.purchase, { id: 5 }))).toBe(0);
  });
});
