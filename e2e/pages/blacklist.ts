import { type Download, expect, type Locator, type Page } from '@playwright/test';
import type { FileUpload } from './bulk-upload.ts';
import { AppShell, ConfirmDialog } from './shell.ts';

/** /projects/{id}/integrations/blacklist: the phone numbers whose conversations are not analysed. */
export class BlacklistPage extends AppShell {
  readonly panel: Locator;
  readonly exportButton: Locator;
  readonly importDialog: ImportDialog;

  constructor(page: Page) {
    super(page);
    this.panel = page.getByTestId('blacklist-panel');
    this.exportButton = page.getByTestId('blacklist-export');
    this.importDialog = new ImportDialog(page);
  }

  static path(projectId: number): string {
    return `/projects/${projectId}/integrations/blacklist`;
  }

  /** Goes to the page, whatever it shows there (the guard, no permission). */
  async goto(projectId: number): Promise<void> {
    await this.page.goto(BlacklistPage.path(projectId));
  }

  /** Opens the page as someone who may see it: the Integrations page on its Blacklist tab. */
  async open(projectId: number): Promise<void> {
    await this.goto(projectId);
    await expect(this.heading('Integrations')).toBeVisible();
    await expect(this.page.getByRole('tab', { name: 'Blacklist' })).toHaveAttribute('aria-selected', 'true');
  }

  /** The row of a listed number (as stored: +15550100001). */
  row(number: string): Locator {
    return this.panel.getByRole('row').filter({ hasText: number });
  }

  /** Imports a CSV file and returns the dialog showing the result. */
  async importCsv(file: FileUpload): Promise<ImportDialog> {
    await this.page.getByTestId('blacklist-import').click();
    await expect(this.importDialog.root).toBeVisible();
    await this.importDialog.fileInput.setInputFiles(file);
    return this.importDialog;
  }

  async openAddDialog(): Promise<EntryDialog> {
    await this.page.getByTestId('blacklist-add').click();
    return new EntryDialog(this.page, 'Add a Number to the Blacklist');
  }

  async openEditDialog(number: string): Promise<EntryDialog> {
    await this.page.getByRole('button', { name: `Edit ${number}` }).click();
    return new EntryDialog(this.page, 'Edit Blacklist Entry');
  }

  /** Clicks a number's delete button: the confirmation asks. */
  async remove(number: string): Promise<ConfirmDialog> {
    await this.page.getByRole('button', { name: `Delete ${number}` }).click();
    return new ConfirmDialog(this.page, 'Remove this number?');
  }

  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.exportButton.click();
    return download;
  }
}

/** The dialog that adds or edits a number: what is typed, how it is stored, and a note. */
export class EntryDialog {
  readonly root: Locator;
  readonly phone: Locator;
  readonly preview: Locator;
  readonly note: Locator;
  readonly noteCounter: Locator;

  constructor(page: Page, title: string) {
    this.root = page.getByRole('dialog', { name: title });
    this.phone = this.root.getByTestId('phone-input');
    this.preview = this.root.getByTestId('phone-preview');
    this.note = this.root.getByTestId('note-input');
    this.noteCounter = this.root.getByTestId('note-counter');
  }

  async save(): Promise<void> {
    await this.root.getByRole('button', { name: 'Save' }).click();
    await expect(this.root).toBeHidden();
  }
}

/** The CSV import dialog and its result. */
export class ImportDialog {
  readonly root: Locator;
  readonly fileInput: Locator;
  readonly rows: Locator;
  readonly submitButton: Locator;
  readonly result: Locator;
  readonly imported: Locator;
  readonly skipped: Locator;
  readonly failed: Locator;
  readonly partial: Locator;

  constructor(page: Page) {
    this.root = page.getByRole('dialog', { name: 'Import Numbers from a CSV File' });
    this.fileInput = this.root.getByTestId('import-drop-input');
    this.rows = this.root.getByTestId('import-rows');
    this.submitButton = this.root.getByTestId('import-submit');
    this.result = this.root.getByTestId('import-result');
    this.imported = this.result.getByTestId('import-success');
    this.skipped = this.result.getByTestId('import-skipped');
    this.failed = this.result.getByTestId('import-failed');
    this.partial = this.result.getByTestId('import-partial');
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close' }).click();
    await expect(this.root).toBeHidden();
  }
}
