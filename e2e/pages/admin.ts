import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './shell.ts';

/** /admin/super: pending top-ups, projects with their balances, tariff plans (super admins only). */
export class SuperAdminPage extends AppShell {
  readonly pendingHeading: Locator;
  readonly pendingTable: Locator;
  readonly plansTable: Locator;

  constructor(page: Page) {
    super(page);
    this.pendingHeading = page.getByRole('heading', { name: 'Pending top-ups' });
    this.pendingTable = page.getByRole('table', { name: 'Pending top-ups' });
    this.plansTable = page.getByRole('table', { name: 'Tariff plans' });
  }

  /** Opens the page (the caller checks what a non-super-admin sees instead). */
  async open(): Promise<void> {
    await this.page.goto('/admin/super');
  }

  async openAsSuperAdmin(): Promise<void> {
    await this.open();
    await expect(this.heading('Super Admin')).toBeVisible();
  }

  /** The row of a pending top-up request (an invoice). */
  pendingRow(invoiceId: number): Locator {
    return this.page.getByTestId(`pending-${invoiceId}`);
  }

  /** Approves a pending top-up through its confirmation, which names the amount and the project. */
  async approveTopUp(invoiceId: number, amount: string, projectName: string): Promise<void> {
    await this.pendingRow(invoiceId).getByRole('button', { name: 'Approve' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Approve top-up?' });
    await expect(dialog).toContainText(`${amount} will be credited to ${projectName}`);
    await dialog.getByRole('button', { name: 'Approve and credit' }).click();
  }

  /** The row of a project (balance, open requests in the last cell). */
  projectRow(projectId: number): Locator {
    return this.page.getByTestId(`admin-project-${projectId}`);
  }
}

/** /support: the projects whose owners granted support access (support staff only). */
export class SupportDashboard extends AppShell {
  async open(): Promise<void> {
    await this.page.goto('/support');
  }

  row(projectId: number): Locator {
    return this.page.getByTestId(`support-project-${projectId}`);
  }
}
