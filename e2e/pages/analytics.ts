import type { Locator } from '@playwright/test';
import { AppShell } from './shell.ts';

/** /projects/{id}/analytics/checklist-report: representatives × checklist items. */
export class ChecklistReportPage extends AppShell {
  static path(projectId: number, query = ''): string {
    return `/projects/${projectId}/analytics/checklist-report${query}`;
  }

  async open(projectId: number, query = ''): Promise<void> {
    await this.page.goto(ChecklistReportPage.path(projectId, query));
  }

  row(representative: string): Locator {
    return this.page.getByTestId('checklist-row').filter({ hasText: representative });
  }
}
