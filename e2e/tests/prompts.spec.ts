import { SUPER_ADMIN } from '../support/accounts.ts';
import {
  answer,
  DEFAULT_GENERATED,
  FAIL_MARKER,
  FAIL_MESSAGE,
  FAKE_ANTHROPIC_KEY,
  llmRequests,
  scriptLlm,
  slow,
  uniqueMarker,
} from '../support/fake-llm.ts';
import {
  createProjectViaApi,
  createPromptViaApi,
  escapeRegExp,
  freshPage,
  isolatedApi,
  listPromptsViaApi,
  main,
  newUser,
  type Project,
  signedInPage,
  signInViaApi,
  signUpViaApi,
  uniqueName,
} from '../support/flows.ts';
import { addMemberViaApi } from '../support/members.ts';
import { expect, type Locator, type Page, test } from '../support/test.ts';

const EMPTY_KEY = 'Empty key found in prompt fields. All fields must have a key.';
const NOT_FOUND = "Project not found or you don't have access to it.";
const NO_PERMISSION = "You don't have permission to view this page";

// ---- The prompt form ----

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const panel = (page: Page, id: 'ai' | 'structure' | 'basic' | 'metadata') =>
  page.getByTestId(`prompt-panel-${id}`);
/** A field of the structure tree by its index path: '3' is the 4th top-level field, '3.1' its 2nd child. */
const field = (page: Page, path: string) => page.getByTestId(`field-${path}`);
/** A field's own key input (the first in the group; nested fields' keys follow). */
const keyInput = (fieldBox: Locator) => fieldBox.getByTestId('field-key').first();
/** The values of all inputs `inputs` matches, in order. */
async function expectValues(inputs: Locator, values: string[]): Promise<void> {
  await expect
    .poll(() =>
      inputs.evaluateAll((elements) =>
        elements.map((element) => (element as unknown as { value: string }).value),
      ),
    )
    .toEqual(values);
}
const problem = (page: Page) => page.getByTestId('prompt-problem');
const saveButton = (page: Page) => page.getByRole('button', { name: 'Save Prompt' });

async function chooseType(page: Page, fieldBox: Locator, type: string): Promise<void> {
  await fieldBox.getByRole('combobox', { name: 'Type' }).first().click();
  await page.getByRole('option', { name: type, exact: true }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

async function choose(page: Page, combobox: Locator, option: string): Promise<void> {
  await combobox.click();
  await page.getByRole('option', { name: option }).click();
  await expect(page.getByRole('listbox')).toBeHidden();
}

/** Adds a top-level field with a key and type; returns its box. */
async function addField(page: Page, index: number, key: string, type: string): Promise<Locator> {
  await panel(page, 'structure').getByRole('button', { name: 'Add field', exact: true }).click();
  const box = field(page, String(index));
  await keyInput(box).fill(key);
  if (type !== 'Text') await chooseType(page, box, type);
  return box;
}

/** Adds a nested field to the object field `parent` (at index path `parentPath`). */
async function addNestedField(
  page: Page,
  parentPath: string,
  index: number,
  key: string,
  type: string,
): Promise<Locator> {
  const parent = field(page, parentPath);
  // The parent's own 'Add nested field' button comes after those of any deeper level.
  await parent.getByRole('button', { name: 'Add nested field' }).last().click();
  const box = field(page, `${parentPath}.${index}`);
  await keyInput(box).fill(key);
  if (type !== 'Text') await chooseType(page, box, type);
  return box;
}

async function openNewPromptForm(page: Page, project: Project): Promise<void> {
  await page.goto(`/projects/${project.id}/prompts/new`);
  await expect(main(page).getByRole('heading', { level: 1, name: 'New Prompt' })).toBeVisible();
}

/** Saves, sees the notice, and waits for the redirect to `project`'s prompt list (3 s + 300 ms). */
async function saveAndReturnToList(page: Page, project: Project): Promise<void> {
  await saveButton(page).click();
  await expect(page.getByTestId('prompt-saved')).toHaveText('prompt saved successfully');
  await expect(saveButton(page)).toBeDisabled();
  await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/prompts$`), { timeout: 15_000 });
  await expect(main(page).getByRole('heading', { level: 1, name: 'Analysis Prompts' })).toBeVisible();
}

// ---- The prompt list ----

const promptTable = (page: Page) => page.getByRole('table', { name: 'Analysis Prompts' });
const promptRow = (page: Page, name: string) =>
  promptTable(page)
    .getByRole('row')
    .filter({ has: page.getByRole('link', { name, exact: true }) });

test.describe('analysis prompts', () => {
  test('a prompt made by hand with nested, option and marks fields is saved, listed and reopened', async ({
    page,
  }) => {
    await signedInPage(page, { label: 'prompt by hand' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Prompts') });
    const name = uniqueName('Sales review');

    await page.goto(`/projects/${project.id}/prompts`);
    await expect(main(page).getByRole('heading', { level: 1, name: 'Analysis Prompts' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'No prompts yet' })).toBeVisible();
    await main(page).getByRole('link', { name: 'New Prompt' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/prompts/new$`));
    await expect(main(page).getByRole('heading', { level: 1, name: 'New Prompt' })).toBeVisible();
    await expect(page.getByTestId('prompt-form-role')).toHaveText(`${project.name} · Your role: Owner`);
    // A new prompt starts on the AI generator.
    await expect(page.getByRole('tab')).toHaveText([
      'AI Generator',
      'Structure',
      'Basic Settings',
      'Metadata',
    ]);
    await expect(tab(page, 'AI Generator')).toHaveAttribute('aria-selected', 'true');

    // Basic settings: name, a cheaper model and voice analysis; the units summary follows.
    await tab(page, 'Basic Settings').click();
    await page.getByRole('textbox', { name: 'Prompt name' }).fill(name);
    await expect(page.getByTestId('units-total')).toHaveText('1');
    await choose(page, page.getByRole('combobox', { name: 'Model' }), 'Claude 3.5 Haiku');
    await choose(page, page.getByRole('combobox', { name: 'Voice analysis (LVA)' }), 'EMLO (+0.2 units)');
    await expect(page.getByTestId('units-model-units')).toHaveText('0.5');
    await expect(page.getByTestId('units-lva-surcharge')).toHaveText('0.2');
    await expect(page.getByTestId('units-total')).toHaveText('0.7');

    // Structure: the locked defaults, then a group, an option field and a marks field.
    await tab(page, 'Structure').click();
    const structure = panel(page, 'structure');
    await expectValues(structure.getByTestId('field-key'), ['Summary', 'Title', 'Final Score']);
    await expect(structure.getByTestId('field-locked')).toHaveCount(3);

    const callFlow = await addField(page, 3, 'Call flow', 'Group of fields');
    await expect(callFlow.getByText('No nested fields yet.')).toBeVisible();
    await addNestedField(page, '3', 0, 'Greeting', 'Yes / No');
    const closing = await addNestedField(page, '3', 1, 'Closing', 'OK / Not OK / N/A');
    await closing
      .getByRole('textbox', { name: 'Explanation for the AI' })
      .fill('Was the call closed politely?');
    await expect(page.getByRole('group', { name: 'Field Call flow' })).toBeVisible();
    await expect(callFlow.getByRole('group', { name: 'Field Greeting' })).toBeVisible();

    const outcome = await addField(page, 4, 'Outcome', 'Options');
    const options = outcome.getByTestId('options-editor');
    await options.getByRole('textbox', { name: 'Value' }).first().fill('sale');
    await options.getByRole('textbox', { name: 'Explanation' }).first().fill('The customer bought');
    await options.getByRole('button', { name: 'Add option' }).click();
    await options.getByRole('textbox', { name: 'Value' }).nth(1).fill('no sale');
    await options.getByRole('textbox', { name: 'Explanation' }).nth(1).fill('The customer did not buy');

    const empathy = await addField(page, 5, 'Empathy', 'Marks');
    const marks = empathy.getByTestId('marks-editor');
    await expectValues(marks.getByRole('textbox', { name: 'Mark' }), ['0']);
    await marks.getByRole('textbox', { name: 'Explanation' }).first().fill('cold');
    await marks.getByRole('button', { name: 'Add mark' }).click();
    await expectValues(marks.getByRole('textbox', { name: 'Mark' }), ['0', '1']);
    await marks.getByRole('textbox', { name: 'Explanation' }).nth(1).fill('warm');

    await saveAndReturnToList(page, project);

    // The list: 6 top-level fields (Summary, Title, Final Score + 3), 0.5 + 0.2 units per minute.
    const row = promptRow(page, name);
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText('Sales');
    await expect(cells.nth(2)).toContainText('Claude 3.5 Haiku');
    await expect(cells.nth(2)).toContainText('Anthropic');
    await expect(cells.nth(3)).toHaveText('6');
    await expect(cells.nth(4)).toHaveText('0.7');

    // What the server stored.
    const [stored] = await listPromptsViaApi(page.request, project.id);
    expect(stored).toMatchObject({
      scriptName: name,
      provider: 'anthropic',
      model: 'claude-3-5-haiku-20241022',
      LVA: 'emlo',
      units: 0.7,
      metadataFields: ['Department', 'Representative'],
    });
    expect(stored!.content.map((f) => f.key)).toEqual([
      'Summary',
      'Title',
      'Final Score',
      'Call flow',
      'Outcome',
      'Empathy',
    ]);
    expect(stored!.content[3]).toMatchObject({
      type: 'object',
      content: [
        { key: 'Greeting', type: 'bool', includeInScore: true },
        { key: 'Closing', type: 'ok', explanation: 'Was the call closed politely?' },
      ],
    });
    expect(stored!.content[4]!.options).toEqual([
      { value: 'sale', explanation: 'The customer bought' },
      { value: 'no sale', explanation: 'The customer did not buy' },
    ]);
    expect(stored!.content[5]!.marks).toEqual([
      { value: 0, explanation: 'cold' },
      { value: 1, explanation: 'warm' },
    ]);

    // Reopen it for editing: the structure tab first, with the nested and option data.
    await promptTable(page)
      .getByRole('link', { name: `Edit ${name}` })
      .click();
    await expect(page).toHaveURL(
      new RegExp(
        `/projects/${project.id}/prompts/edit\\?promptName=${escapeRegExp(encodeURIComponent(name))}$`,
      ),
    );
    await expect(main(page).getByRole('heading', { level: 1, name: 'Edit Prompt' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Structure', 'Basic Settings', 'Metadata']);
    await expect(tab(page, 'Structure')).toHaveAttribute('aria-selected', 'true');
    await expect(keyInput(field(page, '3'))).toHaveValue('Call flow');
    await expect(field(page, '3').getByRole('combobox', { name: 'Type' }).first()).toHaveText(
      'Group of fields',
    );
    await expect(keyInput(field(page, '3.0'))).toHaveValue('Greeting');
    await expect(field(page, '3.0').getByRole('combobox', { name: 'Type' })).toHaveText('Yes / No');
    await expect(keyInput(field(page, '3.1'))).toHaveValue('Closing');
    await expect(field(page, '3.1').getByRole('textbox', { name: 'Explanation for the AI' })).toHaveValue(
      'Was the call closed politely?',
    );
    await expectValues(
      field(page, '4').getByTestId('options-editor').getByRole('textbox', { name: 'Value' }),
      ['sale', 'no sale'],
    );
    await expectValues(field(page, '5').getByTestId('marks-editor').getByRole('textbox', { name: 'Mark' }), [
      '0',
      '1',
    ]);

    // The name of a saved prompt cannot change.
    await tab(page, 'Basic Settings').click();
    const nameInput = page.getByRole('textbox', { name: 'Prompt name' });
    await expect(nameInput).toHaveValue(name);
    await expect(nameInput).not.toBeEditable();
    await expect(page.getByText('The name of an existing prompt cannot be changed.')).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Model' })).toHaveText('Claude 3.5 Haiku');
    await expect(page.getByTestId('units-total')).toHaveText('0.7');
  });

  test('an empty key and a duplicate nested key are refused by the form and by the server', async ({
    page,
  }) => {
    await signedInPage(page, { label: 'prompt validation' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Validation') });
    const name = uniqueName('Checks');
    await openNewPromptForm(page, project);
    await tab(page, 'Basic Settings').click();
    await page.getByRole('textbox', { name: 'Prompt name' }).fill(name);

    // An empty key: saving shows the message and goes to the structure tab.
    await tab(page, 'Structure').click();
    await panel(page, 'structure').getByRole('button', { name: 'Add field', exact: true }).click();
    await tab(page, 'Metadata').click();
    await saveButton(page).click();
    await expect(problem(page)).toHaveText(EMPTY_KEY);
    await expect(tab(page, 'Structure')).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByTestId('prompt-saved')).toHaveCount(0);

    // A duplicate key inside a group names the level.
    const duplicate =
      'Duplicate key "Greeting" found at level 2 (inside "Call flow"). All keys must be unique on the same level.';
    await keyInput(field(page, '3')).fill('Call flow');
    await chooseType(page, field(page, '3'), 'Group of fields');
    await addNestedField(page, '3', 0, 'Greeting', 'Text');
    const second = await addNestedField(page, '3', 1, 'Greeting', 'Text');
    await keyInput(second).blur();
    // The key field says so as soon as it is left...
    await expect(second.getByText(duplicate)).toBeVisible();
    // ...and saving refuses it.
    await saveButton(page).click();
    await expect(problem(page)).toHaveText(duplicate);
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/prompts/new$`));
    expect(await listPromptsViaApi(page.request, project.id)).toEqual([]);

    // The server applies the same rules with the same words.
    const post = (content: unknown[]) =>
      page.request.post(`/api/projects/${project.id}/prompts`, { data: { scriptName: name, content } });
    const emptyKey = await post([{ key: '  ', type: 'string' }]);
    expect(emptyKey.status()).toBe(400);
    expect((await emptyKey.json()).error.message).toBe(EMPTY_KEY);
    const nested = await post([
      {
        key: 'Call flow',
        type: 'object',
        content: [
          { key: 'Greeting', type: 'string' },
          { key: 'Greeting', type: 'string' },
        ],
      },
    ]);
    expect(nested.status()).toBe(400);
    expect((await nested.json()).error.message).toBe(duplicate);
    expect(await listPromptsViaApi(page.request, project.id)).toEqual([]);

    // Fixed, it saves.
    await keyInput(second).fill('Closing');
    await saveAndReturnToList(page, project);
    await expect(promptRow(page, name)).toHaveCount(1);
  });

  test('cloning copies a prompt into another project as <name>_copy', async ({ page }) => {
    await signedInPage(page, { label: 'prompt clone' });
    const a = await createProjectViaApi(page.request, { name: uniqueName('Alpha') });
    const b = await createProjectViaApi(page.request, { name: uniqueName('Bravo') });
    const short = uniqueName('Support QA');
    const long = `${uniqueName('A very long prompt name')} that goes on and on past forty`;
    const content = [
      { key: 'Call flow', type: 'object' as const, content: [{ key: 'Greeting', type: 'bool' as const }] },
      {
        key: 'Outcome',
        type: 'option' as const,
        options: [
          { value: 'solved', explanation: '' },
          { value: 'escalated', explanation: '' },
        ],
      },
    ];
    await createPromptViaApi(page.request, a.id, { scriptName: short, role: 'Support', content });
    await createPromptViaApi(page.request, a.id, { scriptName: long });

    await page.goto(`/projects/${a.id}/prompts`);
    await promptTable(page)
      .getByRole('link', { name: `Clone ${short}` })
      .click();
    await expect(page).toHaveURL(
      new RegExp(`/projects/${a.id}/prompts/new\\?clone=${escapeRegExp(encodeURIComponent(short))}$`),
    );
    await expect(main(page).getByRole('heading', { level: 1, name: 'Clone Prompt' })).toBeVisible();
    await expect(
      page.getByText(`You are copying "${short}". Choose the project the copy is saved to.`),
    ).toBeVisible();
    // The copied structure is there.
    await expect(tab(page, 'Structure')).toHaveAttribute('aria-selected', 'true');
    await expect(keyInput(field(page, '2.0'))).toHaveValue('Greeting');
    await tab(page, 'Basic Settings').click();
    await expect(page.getByRole('textbox', { name: 'Prompt name' })).toHaveValue(`${short}_copy`);
    await expect(page.getByRole('textbox', { name: 'Prompt name' })).toBeEditable();

    const target = page.getByRole('combobox', { name: 'Target project' });
    await expect(target).toHaveText(`${a.name} (current)`);
    await choose(page, target, b.name);
    await expect(target).toHaveText(b.name);
    // The form stays in project A and returns to A's list.
    await saveAndReturnToList(page, a);

    // A still has just the originals; B has the copy with the same structure.
    await expect(promptRow(page, short)).toHaveCount(1);
    await expect(promptRow(page, `${short}_copy`)).toHaveCount(0);
    await expect(promptTable(page).getByRole('row')).toHaveCount(3); // header + 2
    await page.goto(`/projects/${b.id}/prompts`);
    await expect(promptRow(page, `${short}_copy`)).toHaveCount(1);
    await expect(promptRow(page, `${short}_copy`).getByRole('cell').nth(1)).toHaveText('Support');
    await expect(promptTable(page).getByRole('row')).toHaveCount(2);
    const [copy] = await listPromptsViaApi(page.request, b.id);
    expect(copy).toMatchObject({ scriptName: `${short}_copy`, projectId: b.id, role: 'Support' });
    expect(copy!.content.map((f) => f.key)).toEqual([
      'Summary',
      'Title',
      'Call flow',
      'Outcome',
      'Final Score',
    ]);
    expect(copy!.content[2]!.content).toMatchObject([{ key: 'Greeting', type: 'bool' }]);

    // A long name is cut to 40 characters before '_copy'; without choosing, the copy stays in A.
    await page.goto(`/projects/${a.id}/prompts`);
    await promptTable(page)
      .getByRole('link', { name: `Clone ${long}` })
      .click();
    await expect(main(page).getByRole('heading', { level: 1, name: 'Clone Prompt' })).toBeVisible();
    await tab(page, 'Basic Settings').click();
    const cut = `${long.slice(0, 40)}_copy`;
    await expect(page.getByRole('textbox', { name: 'Prompt name' })).toHaveValue(cut);
    await saveAndReturnToList(page, a);
    await expect(promptRow(page, cut)).toHaveCount(1);
    await expect(promptRow(page, long)).toHaveCount(1);
    expect((await listPromptsViaApi(page.request, b.id)).map((p) => p.scriptName)).toEqual([`${short}_copy`]);
  });

  test('the AI generator shows its progress, fills the form, and the result saves', async ({ page }) => {
    await signedInPage(page, { label: 'prompt ai' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('AI'), role: 'Support' });
    const marker = uniqueMarker('generate');
    const generatedName = uniqueName('AI support review');
    await scriptLlm(
      marker,
      // Slow enough to see the progress move on to the second step (after 3 s; the third comes at 6 s).
      slow(
        5000,
        answer({
          ...DEFAULT_GENERATED,
          scriptName: generatedName,
          role: 'Support',
          content: [
            {
              key: 'Resolution',
              type: 'object',
              explanation: 'How the issue was handled',
              includeInScore: false,
              options: [],
              marks: [],
              content: [
                {
                  key: 'Solved',
                  type: 'bool',
                  explanation: 'Was the issue solved?',
                  includeInScore: true,
                  options: [],
                  marks: [],
                  content: [],
                },
              ],
            },
            {
              key: 'Tone',
              type: 'option',
              explanation: 'The tone of the agent',
              includeInScore: false,
              options: [
                { value: 'friendly', explanation: 'warm and polite' },
                { value: 'rude', explanation: 'impolite' },
              ],
              marks: [],
              content: [],
            },
          ],
        }),
      ),
    );

    await openNewPromptForm(page, project);
    const ai = panel(page, 'ai');
    await expect(ai.getByRole('heading', { name: 'Generate a prompt with AI' })).toBeVisible();
    // Without a description nothing is sent.
    await ai.getByRole('button', { name: 'Generate Prompt' }).click();
    await expect(page.getByTestId('ai-error')).toHaveText(
      'Please describe the prompt you want the AI to generate.',
    );

    const description = `Inbound support calls. Check whether the issue was solved and the tone. ${marker}`;
    await ai.getByRole('textbox', { name: 'Description' }).fill(description);
    await ai.getByRole('button', { name: 'Generate Prompt' }).click();

    const progress = page.getByRole('dialog', { name: 'Generating your prompt...' });
    await expect(progress).toBeVisible();
    await expect(page.getByTestId('ai-error')).toHaveCount(0);
    await expect(progress.getByTestId('ai-progress-step')).toHaveText('Step 1 of 5');
    await expect(progress.getByText('Analyzing your description')).toBeVisible();
    await expect(progress.getByTestId('ai-progress-step')).toHaveText('Step 2 of 5', { timeout: 5000 });
    // The answer: 100 %, then the form is filled and shows the structure.
    // (One locator for both: the finished dialog stays only 1 s.)
    await expect(
      page.getByRole('dialog', { name: 'Your prompt is ready' }).getByTestId('ai-progress-value'),
    ).toHaveText('100%', { timeout: 10_000 });
    await expect(page.getByTestId('ai-progress')).toBeHidden({ timeout: 5000 });
    await expect(tab(page, 'Structure')).toHaveAttribute('aria-selected', 'true');
    await expectValues(panel(page, 'structure').getByTestId('field-key'), [
      'Summary',
      'Title',
      'Resolution',
      'Solved',
      'Tone',
      'Final Score',
    ]);
    await expect(field(page, '2').getByRole('combobox', { name: 'Type' }).first()).toHaveText(
      'Group of fields',
    );
    await expectValues(
      field(page, '3').getByTestId('options-editor').getByRole('textbox', { name: 'Value' }),
      ['friendly', 'rude'],
    );
    await tab(page, 'Basic Settings').click();
    await expect(page.getByRole('textbox', { name: 'Prompt name' })).toHaveValue(generatedName);
    await expect(page.getByRole('textbox', { name: 'Basic instruction' })).toHaveValue(
      DEFAULT_GENERATED.basicInstruction,
    );
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Support');
    await tab(page, 'Metadata').click();
    await expect(panel(page, 'metadata')).toContainText('Customer ID');

    // The server asked the (fake) Anthropic API once, with its key and the description.
    const sent = await llmRequests(marker);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v1/messages');
    expect(sent[0]!.headers['x-api-key']).toBe(FAKE_ANTHROPIC_KEY);
    expect(JSON.stringify(sent[0]!.body.messages)).toContain('Check whether the issue was solved');
    // Nothing is saved until the form is.
    expect(await listPromptsViaApi(page.request, project.id)).toEqual([]);

    await saveAndReturnToList(page, project);
    await expect(promptRow(page, generatedName)).toHaveCount(1);
    await expect(promptRow(page, generatedName).getByRole('cell').nth(3)).toHaveText('5');
    const [saved] = await listPromptsViaApi(page.request, project.id);
    expect(saved).toMatchObject({
      scriptName: generatedName,
      role: 'Support',
      metadataFields: expect.arrayContaining(['Customer ID']),
    });
    expect(saved!.content[2]).toMatchObject({
      key: 'Resolution',
      content: [{ key: 'Solved', type: 'bool' }],
    });
  });

  test('a failing AI generator shows "Failed to generate AI prompt: ..." and keeps the form', async ({
    page,
  }) => {
    await signedInPage(page, { label: 'prompt ai failure' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('AI failure') });
    await openNewPromptForm(page, project);
    const ai = panel(page, 'ai');
    const description = `Sales calls, please. ${FAIL_MARKER}`;
    await ai.getByRole('textbox', { name: 'Description' }).fill(description);
    await ai.getByRole('button', { name: 'Generate Prompt' }).click();

    await expect(page.getByTestId('ai-error')).toHaveText(
      `Failed to generate AI prompt: Anthropic answered 400: ${FAIL_MESSAGE}`,
    );
    await expect(page.getByTestId('ai-progress')).toBeHidden();
    // Still on the generator with the description kept, free to try again; the fields are untouched.
    await expect(tab(page, 'AI Generator')).toHaveAttribute('aria-selected', 'true');
    await expect(ai.getByRole('textbox', { name: 'Description' })).toHaveValue(description);
    await expect(ai.getByRole('button', { name: 'Generate Prompt' })).toBeEnabled();
    await tab(page, 'Structure').click();
    await expectValues(panel(page, 'structure').getByTestId('field-key'), [
      'Summary',
      'Title',
      'Final Score',
    ]);
    // The key is never shown to the user.
    await expect(page.getByText(FAKE_ANTHROPIC_KEY)).toHaveCount(0);
  });

  test('a user who is not in the project cannot open its prompts, and the API refuses too', async ({
    page,
  }) => {
    const owner = await isolatedApi();
    await signUpViaApi(owner, newUser('prompt owner'));
    const secret = await createProjectViaApi(owner, { name: uniqueName('Secret prompts') });
    const prompt = await createPromptViaApi(owner, secret.id, { scriptName: uniqueName('Private') });
    await owner.dispose();

    await signedInPage(page, { label: 'prompt outsider' });
    for (const path of [
      'prompts',
      'prompts/new',
      `prompts/edit?promptName=${encodeURIComponent(prompt.scriptName)}`,
    ]) {
      await page.goto(`/projects/${secret.id}/${path}`);
      await expect(page.getByTestId('project-guard-error')).toHaveText(NOT_FOUND);
      await expect(page.getByText(prompt.scriptName)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Save Prompt' })).toHaveCount(0);
    }
    const api = page.request;
    expect((await api.get(`/api/projects/${secret.id}/prompts`)).status()).toBe(404);
    expect((await api.get(`/api/projects/${secret.id}/prompts/${prompt.id}`)).status()).toBe(404);
    expect(
      (await api.post(`/api/projects/${secret.id}/prompts`, { data: { scriptName: 'Intruder' } })).status(),
    ).toBe(404);
    expect(
      (
        await api.post(`/api/projects/${secret.id}/prompts/generate`, { data: { taskDescription: 'x' } })
      ).status(),
    ).toBe(404);
    expect((await api.delete(`/api/projects/${secret.id}/prompts/${prompt.id}`)).status()).toBe(404);
  });

  test("the super admin may open any project's prompts as an admin", async ({ page, browser }) => {
    await signedInPage(page, { label: 'prompt owner for super admin' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Audited') });
    const prompt = await createPromptViaApi(page.request, project.id, {
      scriptName: uniqueName('Audited QA'),
    });

    const admin = await freshPage(browser);
    try {
      await signInViaApi(admin.page.request, SUPER_ADMIN);
      await admin.page.goto(`/projects/${project.id}/prompts`);
      await expect(
        main(admin.page).getByRole('heading', { level: 1, name: 'Analysis Prompts' }),
      ).toBeVisible();
      await expect(promptRow(admin.page, prompt.scriptName)).toHaveCount(1);
      await promptTable(admin.page)
        .getByRole('link', { name: `Edit ${prompt.scriptName}` })
        .click();
      await expect(admin.page.getByTestId('prompt-form-role')).toHaveText(
        `${project.name} · Your role: Admin`,
      );
    } finally {
      await admin.context.close();
    }
  });

  test("a project member with the role 'user' cannot manage prompts", async ({ page }) => {
    // The owner invites a member with the role 'user', who accepts the emailed link (support/members.ts).
    const owner = await isolatedApi();
    await signUpViaApi(owner, newUser('prompt owner with team'));
    const project = await createProjectViaApi(owner, { name: uniqueName('Team prompts') });
    const prompt = await createPromptViaApi(owner, project.id, { scriptName: uniqueName('Team QA') });
    const { user } = await addMemberViaApi(owner, project.id, 'user', 'prompt member');
    await owner.dispose();

    await signInViaApi(page.request, user);
    await page.goto(`/projects/${project.id}/dashboard`);
    await expect(main(page).getByRole('heading', { level: 1, name: project.name })).toBeVisible();
    // No prompts link in the sidebar for a user.
    await expect(page.getByTestId('nav-prompts')).toHaveCount(0);
    for (const path of [
      'prompts',
      'prompts/new',
      `prompts/edit?promptName=${encodeURIComponent(prompt.scriptName)}`,
    ]) {
      await page.goto(`/projects/${project.id}/${path}`);
      await expect(main(page).getByText(NO_PERMISSION)).toBeVisible();
      await expect(page.getByText(prompt.scriptName)).toHaveCount(0);
      await expect(page.getByRole('button', { name: 'Save Prompt' })).toHaveCount(0);
    }

    // Members may read the prompts (to choose one when uploading), but every write answers 403.
    const api = page.request;
    expect((await api.get(`/api/projects/${project.id}/prompts`)).status()).toBe(200);
    const refused = await api.post(`/api/projects/${project.id}/prompts`, {
      data: { scriptName: 'Intruder' },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({
      error: { message: 'This needs the admin role or higher in this project; yours is user.' },
    });
    expect(
      (
        await api.put(`/api/projects/${project.id}/prompts/${prompt.id}`, {
          data: { scriptName: prompt.scriptName, basicInstruction: 'Changed by a user' },
        })
      ).status(),
    ).toBe(403);
    expect(
      (
        await api.post(`/api/projects/${project.id}/prompts/generate`, { data: { taskDescription: 'x' } })
      ).status(),
    ).toBe(403);
    expect((await api.delete(`/api/projects/${project.id}/prompts/${prompt.id}`)).status()).toBe(403);
    expect((await listPromptsViaApi(api, project.id)).map((p) => p.scriptName)).toEqual([prompt.scriptName]);
  });
});
