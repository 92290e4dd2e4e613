import type { Locator, Page } from '@playwright/test';
import { AppShell } from './shell.ts';

/** /projects/{id}/analytics/topics: the latest run's topics, Run now and the monthly switch. */
export class TopicsPage extends AppShell {
  readonly runNow: Locator;
  readonly rows: Locator;

  constructor(page: Page) {
    super(page);
    this.runNow = page.getByTestId('topics-run-now');
    this.rows = page.getByTestId('topic-row');
  }

  static path(projectId: number): string {
    return `/projects/${projectId}/analytics/topics`;
  }

  async open(projectId: number): Promise<void> {
    await this.page.goto(TopicsPage.path(projectId));
  }
}
