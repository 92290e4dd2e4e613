import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell, choose } from './shell.ts';

/**
 * /projects/{id}/analytics/manager-dashboard: the period configuration panel (view, period cards, Add
 * Previous/Current, filters, Generate) and the comparison (team on top, a row per representative, a column
 * per measure and period).
 */
export class ManagerDashboardPage extends AppShell {
  readonly panel: Locator;
  readonly periodCards: Locator;
  readonly team: Locator;

  constructor(page: Page) {
    super(page);
    this.panel = page.getByRole('region', { name: 'Period configuration' });
    this.periodCards = page.getByTestId('period-card');
    this.team = page.getByTestId('comparison-team');
  }

  static path(projectId: number, query = ''): string {
    return `/projects/${projectId}/analytics/manager-dashboard${query}`;
  }

  async open(projectId: number, query = ''): Promise<void> {
    await this.page.goto(ManagerDashboardPage.path(projectId, query));
    await expect(this.heading('Manager Dashboard')).toBeVisible();
  }

  /** Days, Weeks or Months. */
  async chooseView(view: 'Days' | 'Weeks' | 'Months'): Promise<void> {
    await this.panel.getByRole('button', { name: view, exact: true }).click();
  }

  /** The cards' names, oldest first (Intl's thin spaces in date ranges as plain spaces). */
  async periodNames(): Promise<string[]> {
    const names = await this.periodCards.getByTestId('period-label').allTextContents();
    return names.map((name) => name.replace(/\s/g, ' '));
  }

  async addPrevious(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Add Previous' }).click();
  }

  /** Gives the period of the card at `index` (0: the oldest) the days of a preset of the date-range picker. */
  async pickPreset(index: number, preset: string): Promise<void> {
    await this.periodCards.nth(index).getByRole('textbox', { name: 'Dates' }).click();
    const picker = this.page.getByRole('dialog', { name: 'Dates' });
    await picker.getByRole('button', { name: preset, exact: true }).click();
    await picker.getByRole('button', { name: 'Apply' }).click();
    await expect(picker).toBeHidden();
  }

  async choosePrompt(name: string): Promise<void> {
    await choose(this.page, this.panel.getByRole('combobox', { name: 'Prompt' }), name);
  }

  async generate(): Promise<void> {
    await this.panel.getByRole('button', { name: 'Generate' }).click();
  }

  row(representative: string): Locator {
    return this.page.getByTestId('comparison-row').filter({ hasText: representative });
  }

  /** A row's figure of a measure ('average', 'analyses' or an item's path) in a period (0: the oldest). */
  cell(row: Locator, period: number, measure: string): Locator {
    return row.locator(`[data-column="${period}:${measure}"]`);
  }

  /** The change of a figure from the period before. */
  change(cell: Locator): Locator {
    return cell.getByTestId('period-change');
  }
}
