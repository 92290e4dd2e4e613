import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './shell.ts';

/** The tabs of /projects/{id}/billing by their labels, and their ?tab= values. */
const TABS = {
  'Account balance': undefined,
  'Invoice summaries': 'summaries',
  'Invoice details': 'invoices',
  'Tariff plan': 'tariff',
} as const;
export type BillingTabName = keyof typeof TABS;

/** The value next to `label` in a label/value row (balance card rows, plan facts, month details). */
export function valueNextTo(scope: Locator, label: string): Locator {
  return scope.getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]');
}

/** /projects/{id}/billing: balance card, invoice summaries, invoice details and tariff plans. */
export class BillingPage extends AppShell {
  readonly balance: Locator;
  readonly balanceBox: Locator;
  readonly balanceCard: Locator;
  readonly lowBalanceWarning: Locator;
  readonly useBalanceSwitch: Locator;
  readonly settingError: Locator;
  readonly unitsTotal: Locator;
  readonly bundles: Locator;
  readonly invoiceRows: Locator;
  readonly currentPlan: Locator;
  readonly summaryTotals: Locator;
  readonly summaryChart: Locator;
  readonly months: Locator;

  constructor(page: Page) {
    super(page);
    this.balance = page.getByTestId('balance-amount');
    this.balanceBox = page.getByTestId('balance-amount-box');
    this.balanceCard = page.getByTestId('balance-card');
    this.lowBalanceWarning = page.getByTestId('low-balance-warning');
    this.useBalanceSwitch = page.getByRole('switch', { name: 'Use balance for analysis' });
    this.settingError = page.getByTestId('setting-error');
    this.unitsTotal = page.getByTestId('units-total');
    this.bundles = page.getByTestId('bundle-list').getByRole('listitem');
    this.invoiceRows = page.getByTestId('invoice-row');
    this.currentPlan = page.getByTestId('current-plan').getByRole('heading', { level: 2 });
    this.summaryTotals = page.getByTestId('summary-totals');
    this.summaryChart = page.getByTestId('summary-chart').locator('svg').first();
    this.months = page.getByTestId('month-list').locator(':scope > [data-testid^="month-"]');
  }

  /** Opens the page (on a tab given by its label) and waits for its title. */
  async open(projectId: number, tab: BillingTabName = 'Account balance'): Promise<void> {
    const query = TABS[tab];
    await this.page.goto(`/projects/${projectId}/billing${query ? `?tab=${query}` : ''}`);
    await expect(this.heading('Billing')).toBeVisible();
  }

  tab(name: BillingTabName): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async showTab(name: BillingTabName): Promise<void> {
    await this.tab(name).click();
  }

  /** The invoice details row whose description contains `text`. */
  invoiceRow(text: string): Locator {
    return this.invoiceRows.filter({ hasText: text });
  }

  /** Opens the add-balance dialog of the balance card. */
  async openAddBalance(): Promise<AddBalanceDialog> {
    await this.page.getByRole('button', { name: 'Add balance' }).click();
    const dialog = new AddBalanceDialog(this.page);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }

  planCard(tariffId: number): Locator {
    return this.page.getByTestId(`plan-card-${tariffId}`);
  }

  /** Clicks a plan's purchase (or prolong) button, e.g. 'Purchase plan - $49.00', in its card or anywhere. */
  async buyPlan(button: string, tariffId?: number): Promise<PurchaseDialog> {
    const scope = tariffId === undefined ? this.page : this.planCard(tariffId);
    await scope.getByRole('button', { name: button }).click();
    return new PurchaseDialog(this.page);
  }

  /** A figure of the summary totals ('Total credits', 'Total debits', 'Units used') with its caption. */
  stat(label: string): Locator {
    return this.summaryTotals.getByText(label, { exact: true }).locator('..');
  }

  rangeButton(label: '3 months' | '12 months'): Locator {
    return this.page.getByRole('button', { name: label });
  }

  /** A month of the summaries ('2026-06'), opened to its details. */
  async openMonth(month: string): Promise<Locator> {
    const item = this.month(month);
    await item.getByRole('button', { expanded: false }).first().click();
    return item.getByTestId('month-details');
  }

  month(month: string): Locator {
    return this.page.getByTestId(`month-${month}`);
  }

  /** A day of an opened month ('2026-06-12'), opened to its transactions (rows of the table). */
  async openDay(monthDetails: Locator, day: string): Promise<Locator> {
    const item = monthDetails.getByTestId(`day-${day}`);
    await item.getByRole('button').first().click();
    return item.getByTestId('day-transactions').locator('tbody tr');
  }
}

export class AddBalanceDialog {
  readonly root: Locator;
  readonly amount: Locator;
  readonly submitButton: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Add balance' });
    this.amount = this.root.getByRole('spinbutton', { name: 'Amount' });
    this.submitButton = this.root.getByRole('button', { name: 'Request refill' });
    this.error = this.root.getByTestId('add-balance-error');
  }
}

export class PurchaseDialog {
  readonly root: Locator;
  readonly planName: Locator;
  readonly useBalanceSwitch: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Confirm purchase' });
    this.planName = this.root.getByTestId('purchase-plan-name');
    this.useBalanceSwitch = this.root.getByRole('switch', { name: 'Use balance for analysis' });
  }

  /** A fact of the plan ('Purchase cost', 'Included units'). */
  fact(label: string): Locator {
    return valueNextTo(this.root, label);
  }

  button(name: 'Confirm' | 'Cancel'): Locator {
    return this.root.getByRole('button', { name });
  }
}
