import { expect, type Locator, type Page } from '@playwright/test';
import { AppShell, choose } from './shell.ts';

/** /projects/{id}/prompts: the analysis prompts of a project. */
export class PromptListPage extends AppShell {
  readonly table: Locator;
  readonly emptyHeading: Locator;

  constructor(page: Page) {
    super(page);
    this.table = page.getByRole('table', { name: 'Analysis Prompts' });
    this.emptyHeading = page.getByRole('heading', { name: 'No prompts yet' });
  }

  async open(projectId: number): Promise<void> {
    await this.page.goto(`/projects/${projectId}/prompts`);
    await expect(this.heading('Analysis Prompts')).toBeVisible();
  }

  /** The row whose name links to the prompt. */
  row(name: string): Locator {
    return this.table.getByRole('row').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** A row's action link: 'Edit' or 'Clone'. */
  async act(action: 'Edit' | 'Clone', name: string): Promise<void> {
    await this.table.getByRole('link', { name: `${action} ${name}` }).click();
  }
}

type PromptTab = 'AI Generator' | 'Structure' | 'Basic Settings' | 'Metadata';
const PANELS: Record<PromptTab, string> = {
  'AI Generator': 'ai',
  Structure: 'structure',
  'Basic Settings': 'basic',
  Metadata: 'metadata',
};

/** /projects/{id}/prompts/new, /edit and ?clone=: the prompt form with its tabs. */
export class PromptEditor extends AppShell {
  readonly saveButton: Locator;
  readonly saved: Locator;
  readonly problem: Locator;
  readonly role: Locator;
  readonly name: Locator;
  readonly model: Locator;
  readonly unitsTotal: Locator;
  readonly aiDescription: Locator;
  readonly generateButton: Locator;
  readonly aiError: Locator;
  readonly aiProgress: Locator;

  constructor(page: Page) {
    super(page);
    this.saveButton = page.getByRole('button', { name: 'Save Prompt' });
    this.saved = page.getByTestId('prompt-saved');
    this.problem = page.getByTestId('prompt-problem');
    this.role = page.getByTestId('prompt-form-role');
    this.name = page.getByRole('textbox', { name: 'Prompt name' });
    this.model = page.getByRole('combobox', { name: 'Model' });
    this.unitsTotal = page.getByTestId('units-total');
    this.aiDescription = this.panel('AI Generator').getByRole('textbox', { name: 'Description' });
    this.generateButton = this.panel('AI Generator').getByRole('button', { name: 'Generate Prompt' });
    this.aiError = page.getByTestId('ai-error');
    this.aiProgress = page.getByTestId('ai-progress');
  }

  async openNew(projectId: number): Promise<void> {
    await this.page.goto(`/projects/${projectId}/prompts/new`);
    await expect(this.heading('New Prompt')).toBeVisible();
  }

  tab(name: PromptTab): Locator {
    return this.page.getByRole('tab', { name, exact: true });
  }

  async showTab(name: PromptTab): Promise<void> {
    await this.tab(name).click();
  }

  panel(name: PromptTab): Locator {
    return this.page.getByTestId(`prompt-panel-${PANELS[name]}`);
  }

  /** Picks an option of a select of the basic settings ('Model', 'Voice analysis (LVA)', 'Role' ...). */
  async chooseSetting(label: string, option: string): Promise<void> {
    await choose(this.page, this.page.getByRole('combobox', { name: label }), option, false);
  }

  /** A field of the structure tree by its index path: '3' is the 4th top-level field, '3.1' its 2nd child. */
  field(path: string): Locator {
    return this.page.getByTestId(`field-${path}`);
  }

  /** A field's own key input (the first in the group; nested fields' keys follow). */
  keyOf(path: string): Locator {
    return this.field(path).getByTestId('field-key').first();
  }

  /** A field's own type select. */
  typeOf(path: string): Locator {
    return this.field(path).getByRole('combobox', { name: 'Type' }).first();
  }

  /** Every key input of the structure, top to bottom. */
  get keys(): Locator {
    return this.panel('Structure').getByTestId('field-key');
  }

  async chooseType(path: string, type: string): Promise<void> {
    await choose(this.page, this.typeOf(path), type);
  }

  async addEmptyField(): Promise<void> {
    await this.panel('Structure').getByRole('button', { name: 'Add field', exact: true }).click();
  }

  /** Adds a top-level field (it becomes `index`) with a key and type; returns its box. */
  async addField(index: number, key: string, type: string): Promise<Locator> {
    await this.addEmptyField();
    return this.describeField(String(index), key, type);
  }

  /** Adds the field `index` nested in the group field at `parentPath`; returns its box. */
  async addNestedField(parentPath: string, index: number, key: string, type: string): Promise<Locator> {
    // The parent's own 'Add nested field' button comes after those of any deeper level.
    await this.field(parentPath).getByRole('button', { name: 'Add nested field' }).last().click();
    return this.describeField(`${parentPath}.${index}`, key, type);
  }

  private async describeField(path: string, key: string, type: string): Promise<Locator> {
    await this.keyOf(path).fill(key);
    if (type !== 'Text') await this.chooseType(path, type);
    return this.field(path);
  }

  /** Saves, sees the notice, and waits for the redirect to the prompt list of `projectId` (3 s + 300 ms). */
  async saveAndReturnToList(projectId: number): Promise<void> {
    await this.saveButton.click();
    await expect(this.saved).toHaveText('Prompt saved successfully');
    await expect(this.saveButton).toBeDisabled();
    await expect(this.page).toHaveURL(new RegExp(`/projects/${projectId}/prompts$`), { timeout: 15_000 });
    await expect(this.heading('Analysis Prompts')).toBeVisible();
  }
}

/** Expects the values of all inputs `inputs` matches, in order. */
export async function expectValues(inputs: Locator, values: string[]): Promise<void> {
  await expect
    .poll(() =>
      inputs.evaluateAll((elements) =>
        elements.map((element) => (element as unknown as { value: string }).value),
      ),
    )
    .toEqual(values);
}
