import { BILLING } from '@parley/contracts';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatMoney, formatRate, monthRange, priceOfUnits, rateDecimals } from '../../shared/format/money';
import {
  announceInvoiceApproved,
  INVOICE_APPROVED_STORAGE_KEY,
  parseInvoiceApproved,
} from '../../shared/hooks/approvalEvent';
import { flattenLocale } from '../../shared/i18n/localeCheck';
import { planFixture } from '../../test/billing';
import { LOCALE_FILES } from '../../test/locales';
import { parseTopUpAmount, projectRate } from './balance';
import { planAction } from './TariffPlanTab';
import { useRefreshCounter } from './useRefreshCounter';

describe('billing display rules', () => {
  it('rates below 1 show 4 decimals, others 2', () => {
    expect(rateDecimals(0.05)).toBe(4);
    expect(rateDecimals(0.9999)).toBe(4);
    expect(rateDecimals(1)).toBe(2);
    expect(formatRate(0.05, 'USD', 'en')).toBe('$0.0500');
    expect(formatRate(BILLING.initialRateState, 'USD', 'en')).toBe('$0.0001');
    expect(formatRate(1.5, 'USD', 'en')).toBe('$1.50');
    expect(formatRate(12, 'EUR', 'de').replace(/\s/g, ' ')).toBe('12,00 €');
  });

  it('money has 2 decimals in the currency and the UI language', () => {
    expect(formatMoney(25.5, 'USD', 'en')).toBe('$25.50');
    expect(formatMoney(0.125, 'USD', 'en')).toBe('$0.13');
    expect(formatMoney(1234.5, 'EUR', 'de').replace(/\s/g, ' ')).toBe('1.234,50 €');
    expect(formatMoney(3, undefined, 'en')).toBe('$3.00');
  });

  it('example prices come from the contracts money rules', () => {
    expect(priceOfUnits(10, 0.05)).toBe(0.5);
    expect(priceOfUnits(5, 0.0125)).toBe(0.0625);
    expect(priceOfUnits(10, 0.1 + 0.2)).toBeNull(); // not a 6-decimal amount
  });

  it('the rate of a project: its plan, else the default 0.05', () => {
    expect(projectRate({ tariff_plan: { price_per_minute: 0.04 } } as never)).toBe(0.04);
    expect(projectRate({ tariff_plan: null } as never)).toBe(BILLING.defaultRatePerUnit);
  });

  it('parses the top-up amount as a decimal above 0, rounded to cents', () => {
    expect(parseTopUpAmount('12.50')).toBe(12.5);
    expect(parseTopUpAmount(' 7 ')).toBe(7);
    expect(parseTopUpAmount('3,25')).toBe(3.25);
    expect(parseTopUpAmount('12.3456789')).toBe(12.35);
    expect(parseTopUpAmount('1.1234567')).toBe(1.12);
    for (const bad of ['0', '0.00', '0.001', '-1', 'abc', '']) expect(parseTopUpAmount(bad)).toBeNull();
  });

  it('plan buttons: admin assigned for non-public, prolong for the current plan, purchase otherwise', () => {
    const plan = planFixture({ id: 3, name: 'Team', public: true });
    expect(planAction(plan, 3)).toBe('prolong');
    expect(planAction(plan, 1)).toBe('purchase');
    expect(planAction({ ...plan, public: false }, 3)).toBe('adminAssigned');
  });

  it('month range for the chart', () => {
    expect(monthRange('2026-02', 3)).toEqual(['2025-12', '2026-01', '2026-02']);
  });
});

describe('approval event', () => {
  it('writes and reads the local-storage entry', () => {
    announceInvoiceApproved(5, 1000);
    expect(JSON.parse(localStorage.getItem(INVOICE_APPROVED_STORAGE_KEY)!)).toEqual({
      projectId: 5,
      at: 1000,
    });
    expect(parseInvoiceApproved(localStorage.getItem(INVOICE_APPROVED_STORAGE_KEY))).toEqual({
      projectId: 5,
      at: 1000,
    });
    expect(parseInvoiceApproved('nonsense')).toBeNull();
    expect(parseInvoiceApproved('{"projectId":"x"}')).toBeNull();
  });
});

describe('refresh counter', () => {
  it('is 1 after mount and goes up on focus, on visibility and on demand', () => {
    const { result, unmount } = renderHook(() => useRefreshCounter());
    expect(result.current[0]).toBe(1);
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(result.current[0]).toBe(2);
    const visibility = vi.spyOn(document, 'visibilityState', 'get');
    visibility.mockReturnValue('hidden');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current[0]).toBe(2);
    visibility.mockReturnValue('visible');
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    expect(result.current[0]).toBe(3);
    act(() => result.current[1]());
    expect(result.current[0]).toBe(4);
    unmount();
    window.dispatchEvent(new Event('focus'));
  });
});

describe('billing texts', () => {
  it('has every key the billing screens build at run time, in English', () => {
    const english = flattenLocale(LOCALE_FILES.en!);
    const keys = [
      ...['balance', 'summaries', 'invoices', 'tariff'].map((tab) => `billing.tabs.${tab}`),
      ...['last7days', 'last30days', 'thismonth', 'lastmonth', 'all'].map((p) => `billing.periods.${p}`),
      ...['pending', 'settled', 'rejected'].map((s) => `billing.statuses.${s}`),
      ...['credit', 'debit'].map((type) => `billing.types.${type}`),
      ...['first', 'last', 'next', 'previous'].map((b) => `billing.invoices.pageButtons.${b}`),
      'billing.tariff.prolong',
      'billing.tariff.purchase',
    ];
    expect(keys.filter((key) => !english.has(key))).toEqual([]);
  });
});
