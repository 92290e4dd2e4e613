import type { Locator, Page } from '@playwright/test';
import { AppShell, openList } from './shell.ts';

/** /projects/{id}/analytics/insights: the question form, the field-context panel and the insights asked. */
export class InsightsPage extends AppShell {
  readonly form: Locator;
  readonly question: Locator;
  readonly askButton: Locator;
  readonly price: Locator;
  readonly fieldContext: Locator;
  readonly history: Locator;

  constructor(page: Page) {
    super(page);
    this.form = page.getByTestId('insight-form');
    this.question = this.form.getByRole('textbox', { name: 'Your question' });
    this.askButton = this.form.getByRole('button', { name: 'Ask' });
    this.price = page.getByTestId('insight-price');
    this.fieldContext = page.getByTestId('insight-field-context');
    this.history = page.getByTestId('insight-history');
  }

  static path(projectId: number): string {
    return `/projects/${projectId}/analytics/insights`;
  }

  async open(projectId: number): Promise<void> {
    await this.page.goto(InsightsPage.path(projectId));
  }

  /** Picks an option of a multi-select of the form ('Departments', 'Representatives', 'Analysis fields'). */
  async choose(label: string, option: string): Promise<void> {
    await openList(this.page, this.form.getByRole('combobox', { name: label }));
    await this.page.getByRole('option', { name: option, exact: true }).click();
    await this.page.keyboard.press('Escape');
  }

  /** The values the field-context panel shows of a field (by its label, 'Discovery - Budget'). */
  contextOf(fieldLabel: string): Locator {
    return this.fieldContext.getByTestId('field-context').filter({ hasText: fieldLabel });
  }

  historyRow(insightId: number): Locator {
    return this.history.getByTestId(`insight-row-${insightId}`);
  }
}

/** /projects/{id}/analytics/insights/{insightId}: an insight's progress, then its answer. */
export class InsightPage extends AppShell {
  readonly status: Locator;
  readonly progress: Locator;
  readonly summary: Locator;
  readonly findings: Locator;
  readonly actions: Locator;
  readonly meta: Locator;

  constructor(page: Page) {
    super(page);
    this.status = page.getByTestId('insight-status');
    this.progress = page.getByTestId('insight-progress');
    this.summary = page.getByTestId('insight-summary');
    this.findings = page.getByTestId('insight-finding');
    this.actions = page.getByTestId('insight-actions');
    this.meta = page.getByTestId('insight-meta');
  }

  /** The id of the insight in the address. */
  idFromUrl(): number {
    return Number(/\/analytics\/insights\/(\d+)/.exec(this.page.url())?.[1]);
  }

  /** A source of a finding: the link to the analyses it rests on. */
  citation(label: string): Locator {
    return this.findings.getByTestId('insight-citation').getByRole('link', { name: label, exact: true });
  }

  /** An example analysis of a source ('#42'). */
  example(analysisId: number): Locator {
    return this.findings.getByTestId('insight-example').filter({ hasText: `#${analysisId}` });
  }
}
