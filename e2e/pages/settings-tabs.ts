import { expect, type Locator, type Page } from '@playwright/test';
import { ConfirmDialog, choose, openList } from './shell.ts';

/** API Keys: the keys of the project, the create dialog and the secret shown once. */
export class ApiKeysTab {
  readonly page: Page;
  readonly section: Locator;
  readonly howTo: Locator;
  readonly table: Locator;
  readonly createDialog: Locator;
  readonly keyName: Locator;
  readonly createButton: Locator;
  readonly fullAccess: Locator;
  readonly mediaOnly: Locator;
  readonly createdDialog: Locator;
  readonly warning: Locator;
  readonly secret: Locator;

  constructor(page: Page) {
    this.page = page;
    this.section = page.getByTestId('api-keys');
    this.howTo = page.getByTestId('api-keys-howto');
    this.table = page.getByRole('table', { name: 'API keys' });
    this.createDialog = page.getByRole('dialog', { name: 'Create API key' });
    this.keyName = this.createDialog.getByRole('textbox', { name: 'Key name' });
    this.createButton = this.createDialog.getByRole('button', { name: 'Create', exact: true });
    this.fullAccess = this.createDialog.getByRole('radio', { name: /^Full access/ });
    this.mediaOnly = this.createDialog.getByRole('radio', { name: /^Media only/ });
    this.createdDialog = page.getByRole('dialog', { name: 'API key created' });
    this.warning = this.createdDialog.getByTestId('api-key-warning');
    this.secret = this.createdDialog.getByTestId('api-key-secret');
  }

  async openCreateDialog(): Promise<void> {
    await this.section.getByRole('button', { name: 'Create API key' }).click();
    await expect(this.createDialog).toBeVisible();
  }

  row(keyId: number): Locator {
    return this.page.getByTestId(`api-key-${keyId}`);
  }

  revokeButton(keyId: number, name: string): Locator {
    return this.row(keyId).getByRole('button', { name: `Revoke ${name}` });
  }

  async revoke(keyId: number, name: string): Promise<ConfirmDialog> {
    await this.revokeButton(keyId, name).click();
    return new ConfirmDialog(this.page, 'Revoke API key');
  }
}

/** Rep Mapping: identifiers (names, extensions, emails, numbers) mapped to representatives. */
export class RepMappingTab {
  readonly section: Locator;
  readonly table: Locator;
  readonly dialog: Locator;
  readonly identifier: Locator;
  readonly representative: Locator;
  readonly department: Locator;
  readonly saveButton: Locator;

  constructor(page: Page) {
    this.section = page.getByTestId('rep-mapping');
    this.table = this.section.getByRole('table', { name: 'Rep mapping' });
    this.dialog = page.getByRole('dialog', { name: 'Add mapping' });
    this.identifier = this.dialog.getByRole('textbox', { name: 'Identifier' });
    this.representative = this.dialog.getByRole('combobox', { name: 'Representative' });
    this.department = this.dialog.getByRole('combobox', { name: 'Department' });
    this.saveButton = this.dialog.getByRole('button', { name: 'Save' });
  }

  async openAddDialog(): Promise<void> {
    await this.section.getByRole('button', { name: 'Add mapping' }).first().click();
    await expect(this.dialog).toBeVisible();
  }
}

/** Team Leaders: one card per member with the role, with the departments and representatives they see. */
export class TeamLeadersTab {
  readonly page: Page;
  readonly rule: Locator;

  constructor(page: Page) {
    this.page = page;
    this.rule = page.getByTestId('team-leader-rule');
  }

  card(userId: number): Locator {
    return this.page.getByTestId(`leader-${userId}`);
  }

  saveButton(userId: number, name: string): Locator {
    return this.card(userId).getByRole('button', { name: `Save the team of ${name}` });
  }

  /** Picks a suggested department (from the rep mapping) for a leader. */
  async addDepartment(userId: number, name: string, department: string): Promise<void> {
    await openList(this.page, this.card(userId).getByRole('combobox', { name: `Departments of ${name}` }));
    await this.page.getByRole('option', { name: department, exact: true }).click();
  }

  /** Types a representative for a leader. */
  async addRepresentative(userId: number, name: string, representative: string): Promise<void> {
    const field = this.card(userId).getByRole('combobox', { name: `Representatives of ${name}` });
    await field.fill(representative);
    await field.press('Enter');
  }

  /** An assigned department or representative, shown as a chip. */
  chip(userId: number, label: string): Locator {
    return this.card(userId).getByRole('button', { name: label });
  }
}

/** Support Access: the grant to support staff, its duration and the audit of their requests. */
export class SupportAccessTab {
  readonly page: Page;
  readonly state: Locator;
  readonly auditEmpty: Locator;
  readonly audit: Locator;
  readonly duration: Locator;
  readonly unit: Locator;
  readonly grantButton: Locator;
  readonly replaceButton: Locator;

  constructor(page: Page) {
    this.page = page;
    this.state = page.getByTestId('support-state');
    this.auditEmpty = page.getByTestId('audit-empty');
    this.audit = page.getByRole('table', { name: 'Audit log' });
    this.duration = page.getByRole('spinbutton', { name: 'Duration' });
    this.unit = page.getByRole('combobox', { name: 'Unit' });
    this.grantButton = page.getByRole('button', { name: 'Grant access' });
    this.replaceButton = page.getByRole('button', { name: 'Replace grant' });
  }

  async chooseUnit(unit: string): Promise<void> {
    await choose(this.page, this.unit, unit);
  }

  /** Audit rows of requests with `method` (to `path`). */
  auditRows(method: string, path?: string): Locator {
    const rows = this.audit.getByRole('row');
    const toPath = path
      ? rows.filter({ has: this.page.getByRole('cell', { name: path, exact: true }) })
      : rows;
    return toPath.filter({ hasText: method });
  }

  async endAccess(): Promise<ConfirmDialog> {
    await this.page.getByRole('button', { name: 'End access now' }).click();
    return new ConfirmDialog(this.page, 'End support access');
  }
}

/** Webhooks: the project's endpoints, the add dialog with the signing secret shown once, the delivery log. */
export class WebhooksTab {
  readonly page: Page;
  readonly section: Locator;
  readonly table: Locator;
  readonly addDialog: Locator;
  readonly url: Locator;
  readonly description: Locator;
  readonly addButton: Locator;
  readonly createdDialog: Locator;
  readonly warning: Locator;
  readonly secret: Locator;
  readonly deliveries: Locator;
  readonly testResult: Locator;

  constructor(page: Page) {
    this.page = page;
    this.section = page.getByTestId('webhooks');
    this.table = this.section.getByRole('table', { name: 'Webhooks' });
    this.addDialog = page.getByRole('dialog', { name: 'Add webhook endpoint' });
    this.url = this.addDialog.getByRole('textbox', { name: 'Endpoint URL' });
    this.description = this.addDialog.getByRole('textbox', { name: 'Description' });
    this.addButton = this.addDialog.getByRole('button', { name: 'Add endpoint' });
    this.createdDialog = page.getByRole('dialog', { name: 'Webhook endpoint added' });
    this.warning = this.createdDialog.getByTestId('webhook-warning');
    this.secret = this.createdDialog.getByTestId('webhook-secret');
    this.deliveries = page.getByTestId('webhook-deliveries');
    this.testResult = this.deliveries.getByTestId('webhook-test-result');
  }

  async openAddDialog(): Promise<void> {
    await this.section.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(this.addDialog).toBeVisible();
  }

  row(endpointId: number): Locator {
    return this.page.getByTestId(`webhook-${endpointId}`);
  }

  deliveryRow(deliveryId: number): Locator {
    return this.deliveries.getByTestId(`webhook-delivery-${deliveryId}`);
  }
}
