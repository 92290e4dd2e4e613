import { BILLING, billingRoutes as billingApiRoutes, projectRoutes, TIMINGS } from '@parley/contracts';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { INVOICE_APPROVED_STORAGE_KEY } from '../../shared/hooks/approvalEvent';
import {
  billingProject,
  billingRoutes,
  calls,
  invoiceFixture,
  mockBillingApi,
  plans,
  purchaseAnswer,
} from '../../test/billing';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

const flush = () => act(() => vi.advanceTimersByTimeAsync(0));
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function approvalEvent(projectId: number) {
  const value = JSON.stringify({ projectId, at: Date.now() });
  // Browsers fire 'storage' in the other tabs only; this is what such a tab receives.
  window.dispatchEvent(new StorageEvent('storage', { key: INVOICE_APPROVED_STORAGE_KEY, newValue: value }));
}

async function open(path: string) {
  renderRoutes(billingRoutes, path);
  for (let i = 0; i < 20; i += 1) await advance(50);
}

describe('billing timings', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('refreshes the balance card 500 ms after another tab approves a top-up of this project', async () => {
    let balance = 2;
    const fetch = mockBillingApi({
      [routeKey(projectRoutes.get, { id: 5 })]: () =>
        jsonResponse(200, { data: billingProject({ current_balance: balance }) }),
    });
    await open('/projects/5/billing');
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('$2.00');
    const before = calls(fetch, routeKey(projectRoutes.get, { id: 5 }));

    // another project: nothing happens
    balance = 102;
    act(() => approvalEvent(6));
    await advance(BILLING.approvalRefreshDelayMs + 100);
    expect(calls(fetch, routeKey(projectRoutes.get, { id: 5 }))).toBe(before);

    // another key: nothing happens
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: 'other', newValue: '{"projectId":5}' }));
    });
    await advance(BILLING.approvalRefreshDelayMs + 100);
    expect(calls(fetch, routeKey(projectRoutes.get, { id: 5 }))).toBe(before);

    act(() => approvalEvent(5));
    await advance(BILLING.approvalRefreshDelayMs - 1);
    expect(calls(fetch, routeKey(projectRoutes.get, { id: 5 }))).toBe(before);
    await advance(1);
    await flush();
    expect(calls(fetch, routeKey(projectRoutes.get, { id: 5 }))).toBe(before + 1);
    await flush();
    expect(screen.getByTestId('balance-amount')).toHaveTextContent('$102.00');
    expect(screen.queryByTestId('low-balance-warning')).not.toBeInTheDocument();
  });

  it('the refill toast stays 6 s', async () => {
    mockBillingApi({
      [routeKey(billingApiRoutes.requestTopUp)]: () =>
        jsonResponse(201, {
          data: invoiceFixture(99, { type: 'credit', status: 'pending', reference: 'topup' }),
        }),
    });
    await open('/projects/5/billing');
    fireEvent.click(screen.getByRole('button', { name: 'Add balance' }));
    await flush();
    const dialog = within(screen.getByRole('dialog', { name: 'Add balance' }));
    fireEvent.change(dialog.getByLabelText('Amount'), { target: { value: '20' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Request refill' }));
    await flush();
    await flush();
    expect(screen.getByTestId('toast')).toBeVisible();
    await advance(TIMINGS.toastMs - 100);
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    await advance(100);
    await advance(1000); // the closing transition
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });

  it('the purchase toast stays 6 s', async () => {
    mockBillingApi({
      [routeKey(billingApiRoutes.purchase, { id: 5 })]: () => jsonResponse(200, purchaseAnswer(plans[1]!)),
    });
    await open('/projects/5/billing?tab=tariff');
    fireEvent.click(screen.getByRole('button', { name: 'Purchase plan - $49.00' }));
    await flush();
    fireEvent.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirm' }));
    await flush();
    await flush();
    expect(screen.getByTestId('toast')).toHaveTextContent('The tariff plan has been purchased.');
    await advance(TIMINGS.toastMs - 100);
    expect(screen.getByTestId('toast')).toBeInTheDocument();
    await advance(100);
    await advance(1000);
    expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
  });
});
