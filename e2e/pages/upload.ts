import { expect, type Locator, type Page } from '@playwright/test';
import type { CallRecording } from '../support/analyses.ts';
import { AppShell, choose } from './shell.ts';

/** The task id in 'Upload successful! Task ID: N', 'Force reanalysis started! Task ID: N' and the like. */
export async function taskIdIn(alert: Locator): Promise<number> {
  const text = (await alert.textContent()) ?? '';
  const match = /Task ID: (\d+)/.exec(text);
  if (!match) throw new Error(`No task id in "${text}"`);
  return Number(match[1]);
}

/** /projects/{id}/analysis/upload: one recording (a file or a link) with a prompt and its metadata. */
export class UploadPage extends AppShell {
  readonly promptSelect: Locator;
  readonly metadataSection: Locator;
  readonly fileInput: Locator;
  readonly dropZone: Locator;
  readonly fileName: Locator;
  readonly fileSize: Locator;
  readonly fileError: Locator;
  readonly selectedFile: Locator;
  readonly scheduleInput: Locator;
  readonly urlTab: Locator;
  readonly urlInput: Locator;
  readonly uploadButton: Locator;
  readonly progress: Locator;
  readonly percent: Locator;
  readonly success: Locator;
  readonly duplicate: Locator;
  readonly skipped: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    super(page);
    this.promptSelect = this.main.getByRole('combobox', { name: 'Analysis Prompt' });
    this.metadataSection = page.getByTestId('metadata-section');
    this.fileInput = page.getByTestId('file-drop-input');
    this.dropZone = page.getByTestId('file-drop');
    this.fileName = page.getByTestId('file-name');
    this.fileSize = page.getByTestId('file-size');
    this.fileError = page.getByTestId('file-error');
    this.selectedFile = page.getByTestId('selected-file');
    this.scheduleInput = page.getByTestId('schedule-input');
    this.urlTab = page.getByRole('tab', { name: 'URL Upload' });
    this.urlInput = page.getByTestId('url-input');
    this.uploadButton = this.main.getByRole('button', { name: 'Upload', exact: true });
    this.progress = page.getByTestId('upload-progress');
    this.percent = page.getByTestId('upload-percent');
    this.success = page.getByTestId('upload-success');
    this.duplicate = page.getByTestId('upload-duplicate');
    this.skipped = page.getByTestId('upload-skipped');
    this.error = page.getByTestId('upload-error');
  }

  /** Opens the page and waits until the prompts have loaded (the select shows `prompt`, or any). */
  async open(projectId: number, prompt?: string): Promise<void> {
    await this.page.goto(`/projects/${projectId}/analysis/upload`);
    await expect(this.heading('Upload a Conversation')).toBeVisible();
    await expect(this.promptSelect).toHaveText(prompt ?? /\w/);
  }

  async choosePrompt(name: string): Promise<void> {
    await choose(this.page, this.promptSelect, name);
    await expect(this.promptSelect).toHaveText(name);
  }

  metadataInput(name: string): Locator {
    return this.page.getByTestId(`metadata-value-${name}`);
  }

  async fillMetadata(values: Record<string, string>): Promise<void> {
    for (const [name, value] of Object.entries(values)) await this.metadataInput(name).fill(value);
  }

  /** Adds a metadata field the prompt does not ask for. */
  async addMetadataField(name: string, value: string): Promise<void> {
    await this.main.getByRole('textbox', { name: 'Field name' }).fill(name);
    await this.main.getByRole('textbox', { name: 'Value' }).fill(value);
    await this.main.getByRole('button', { name: 'Add Field' }).click();
    await expect(this.metadataInput(name)).toHaveValue(value);
  }

  /** Schedules the analysis `seconds` from now (the browser's local time, with seconds). */
  async scheduleIn(seconds: number): Promise<void> {
    const value = await this.page.evaluate((ms) => {
      const date = new Date(Date.now() + ms);
      const pad = (part: number) => String(part).padStart(2, '0');
      return (
        `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
        `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
      );
    }, seconds * 1000);
    await this.scheduleInput.fill(value);
  }

  /** Drops a file on the drop zone as a person dragging it from their desktop would. */
  async dropFile(recording: CallRecording): Promise<void> {
    const transfer = await this.page.evaluateHandle(`(() => {
      const bytes = Uint8Array.from(atob(${JSON.stringify(recording.bytes.toString('base64'))}), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], ${JSON.stringify(recording.fileName)}, { type: ${JSON.stringify(recording.contentType)} }));
      return transfer;
    })()`);
    await this.dropZone.dispatchEvent('dragenter', { dataTransfer: transfer });
    await expect(this.dropZone).toHaveAttribute('data-dragging', 'true');
    await expect(this.dropZone).toContainText('Drop the file to add it');
    await this.dropZone.dispatchEvent('drop', { dataTransfer: transfer });
    await transfer.dispose();
  }
}
