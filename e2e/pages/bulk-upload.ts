import { readFile } from 'node:fs/promises';
import { type Download, expect, type Locator, type Page } from '@playwright/test';
import { AppShell } from './shell.ts';

/** A file for a page's file input. */
export interface FileUpload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A CSV file (lines ended with CRLF) for a page's file input. */
export function csvFile(name: string, lines: string[]): FileUpload {
  return {
    name,
    mimeType: name.endsWith('.csv') ? 'text/csv' : 'text/plain',
    buffer: Buffer.from(`${lines.join('\r\n')}\r\n`, 'utf8'),
  };
}

/** The text of a file the page let the browser download. */
export async function downloadedText(download: Download): Promise<string> {
  return readFile(await download.path(), 'utf8');
}

/** /projects/{id}/analysis/bulk-upload: a CSV of recording links, and the recent batches followed live. */
export class BulkUploadPage extends AppShell {
  readonly promptSelect: Locator;
  readonly requirements: Locator;
  readonly batchesEmpty: Locator;
  readonly csvInput: Locator;
  readonly fileName: Locator;
  readonly fileError: Locator;
  readonly selectedFile: Locator;
  readonly submitButton: Locator;
  readonly success: Locator;
  readonly invalid: Locator;
  /** Whether the project's live events arrive ('Live'). */
  readonly live: Locator;

  constructor(page: Page) {
    super(page);
    this.promptSelect = this.main.getByRole('combobox', { name: 'Analysis Prompt' });
    this.requirements = page.getByTestId('csv-requirements');
    this.batchesEmpty = page.getByTestId('batches-empty');
    this.csvInput = page.getByTestId('csv-drop-input');
    this.fileName = page.getByTestId('file-name');
    this.fileError = page.getByTestId('file-error');
    this.selectedFile = page.getByTestId('selected-file');
    this.submitButton = page.getByTestId('bulk-submit');
    this.success = page.getByTestId('bulk-success');
    this.invalid = page.getByTestId('invalid-csv');
    this.live = page.getByTestId('live-indicator');
  }

  static path(projectId: number): string {
    return `/projects/${projectId}/analysis/bulk-upload`;
  }

  /** Opens the page and waits until the prompts have loaded (the select shows the default one). */
  async open(projectId: number, defaultPrompt: string): Promise<void> {
    await this.page.goto(BulkUploadPage.path(projectId));
    await expect(this.heading('Bulk Upload (CSV)')).toBeVisible();
    await expect(this.promptSelect).toHaveText(defaultPrompt);
  }

  async downloadTemplate(): Promise<Download> {
    const download = this.page.waitForEvent('download');
    await this.page.getByTestId('template-download').click();
    return download;
  }

  async chooseCsv(file: FileUpload): Promise<void> {
    await this.csvInput.setInputFiles(file);
  }

  async removeFile(): Promise<void> {
    await this.main.getByRole('button', { name: 'Remove file' }).click();
  }

  /** Uploads the chosen file and returns the id of the batch the success message names. */
  async submit(): Promise<number> {
    await this.submitButton.click();
    await expect(this.success).toContainText(/Batch #\d+ was created/);
    const text = (await this.success.textContent()) ?? '';
    return Number(/Batch #(\d+)/.exec(text)![1]);
  }

  batch(batchId: number): BatchRow {
    return new BatchRow(this.page.getByTestId(`batch-row-${batchId}`));
  }

  /** Opens the rows of a batch (listed under its file name). */
  async showRows(batchId: number, fileName: string): Promise<BatchItemsDialog> {
    await this.batch(batchId)
      .root.getByRole('button', { name: `Show the rows of ${fileName}` })
      .click();
    const dialog = new BatchItemsDialog(this.page, fileName);
    await expect(dialog.root).toBeVisible();
    return dialog;
  }
}

/** A batch in the recent batches table. */
export class BatchRow {
  readonly root: Locator;
  readonly status: Locator;
  readonly percent: Locator;
  readonly progress: Locator;
  readonly total: Locator;
  readonly processed: Locator;
  readonly failed: Locator;

  constructor(root: Locator) {
    this.root = root;
    this.status = root.getByTestId('batch-status');
    this.percent = root.getByTestId('batch-percent');
    this.progress = root.getByTestId('batch-progress');
    this.total = root.getByTestId('batch-total');
    this.processed = root.getByTestId('batch-processed');
    this.failed = root.getByTestId('batch-failed');
  }
}

/** The dialog with the rows (items) of a batch, each linked to its analysis. */
export class BatchItemsDialog {
  readonly root: Locator;
  readonly summary: Locator;

  constructor(page: Page, fileName: string) {
    this.root = page.getByRole('dialog', { name: `Rows of ${fileName}` });
    this.summary = this.root.getByTestId('items-summary');
  }

  item(itemId: number) {
    const row = this.root.getByTestId(`item-row-${itemId}`);
    return {
      root: row,
      url: row.getByTestId('item-url'),
      status: row.getByTestId('item-status'),
      taskStatus: row.getByTestId('task-status'),
      analysisLink: row.getByTestId('item-analysis'),
    };
  }

  async close(): Promise<void> {
    await this.root.getByRole('button', { name: 'Close' }).click();
    await expect(this.root).toBeHidden();
  }
}
