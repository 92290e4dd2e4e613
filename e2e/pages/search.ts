import type { Locator, Page } from '@playwright/test';
import { AppShell } from './shell.ts';

/** /projects/{id}/search: a phrase searched in every transcript of the project, with filters. */
export class SearchPage extends AppShell {
  readonly phrase: Locator;
  readonly count: Locator;
  readonly speaker: Locator;

  constructor(page: Page) {
    super(page);
    this.phrase = page.getByRole('searchbox', { name: 'Word or phrase' });
    this.count = page.getByTestId('search-count');
    this.speaker = page.getByRole('combobox', { name: 'Said by' });
  }

  static path(projectId: number): string {
    return `/projects/${projectId}/search`;
  }

  async search(phrase: string): Promise<void> {
    await this.phrase.fill(phrase);
    await this.phrase.press('Enter');
  }

  result(taskId: number): Locator {
    return this.page.getByTestId(`search-result-${taskId}`);
  }

  results(): Locator {
    return this.main.getByRole('article');
  }
}
