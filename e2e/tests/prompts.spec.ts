import { expectValues, PromptEditor, PromptListPage } from '../pages/prompts.ts';
import {
  createProjectViaApi,
  createPromptViaApi,
  escapeRegExp,
  listPromptsViaApi,
  signedInPage,
  uniqueName,
} from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

const EMPTY_KEY = 'Empty key found in prompt fields. All fields must have a key.';

test.describe('analysis prompts', () => {
  test('a prompt made by hand with nested, option and marks fields is saved, listed and reopened', async ({
    page,
  }) => {
    const list = new PromptListPage(page);
    const editor = new PromptEditor(page);
    await signedInPage(page, { label: 'prompt by hand' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Prompts') });
    const name = uniqueName('Sales review');

    await list.open(project.id);
    await expect(list.emptyHeading).toBeVisible();
    await list.main.getByRole('link', { name: 'New Prompt' }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${project.id}/prompts/new$`));
    await expect(editor.heading('New Prompt')).toBeVisible();
    await expect(editor.role).toHaveText(`${project.name} · Your role: Owner`);
    // A new prompt starts on the AI generator.
    await expect(page.getByRole('tab')).toHaveText([
      'AI Generator',
      'Structure',
      'Basic Settings',
      'Metadata',
    ]);
    await expect(editor.tab('AI Generator')).toHaveAttribute('aria-selected', 'true');

    // Basic settings: name, a cheaper model and voice analysis; the units summary follows.
    await editor.showTab('Basic Settings');
    await editor.name.fill(name);
    await expect(editor.unitsTotal).toHaveText('1');
    await editor.chooseSetting('Model', 'Claude Haiku 4.5');
    await editor.chooseSetting('Voice analysis (LVA)', 'EMLO (+0.2 units)');
    await expect(page.getByTestId('units-model-units')).toHaveText('0.5');
    await expect(page.getByTestId('units-lva-surcharge')).toHaveText('0.2');
    await expect(editor.unitsTotal).toHaveText('0.7');

    // Structure: the locked defaults, then a group, an option field and a marks field, each added before Final Score.
    await editor.showTab('Structure');
    await expectValues(editor.keys, ['Summary', 'Title', 'Final Score']);
    await expect(editor.panel('Structure').getByTestId('field-locked')).toHaveCount(3);

    const callFlow = await editor.addField(2, 'Call flow', 'Group of fields');
    await expect(callFlow.getByText('No nested fields yet.')).toBeVisible();
    await editor.addNestedField('2', 0, 'Greeting', 'Yes / No');
    const closing = await editor.addNestedField('2', 1, 'Closing', 'OK / Not OK / N/A');
    await closing
      .getByRole('textbox', { name: 'Explanation for the AI' })
      .fill('Was the call closed politely?');
    await expect(page.getByRole('group', { name: 'Field Call flow' })).toBeVisible();
    await expect(callFlow.getByRole('group', { name: 'Field Greeting' })).toBeVisible();

    const outcome = await editor.addField(3, 'Outcome', 'Options');
    const options = outcome.getByTestId('options-editor');
    await options.getByRole('textbox', { name: 'Value' }).first().fill('sale');
    await options.getByRole('textbox', { name: 'Explanation' }).first().fill('The customer bought');
    await options.getByRole('button', { name: 'Add option' }).click();
    await options.getByRole('textbox', { name: 'Value' }).nth(1).fill('no sale');
    await options.getByRole('textbox', { name: 'Explanation' }).nth(1).fill('The customer did not buy');

    const empathy = await editor.addField(4, 'Empathy', 'Marks');
    const marks = empathy.getByTestId('marks-editor');
    await expectValues(marks.getByRole('textbox', { name: 'Mark' }), ['0']);
    await marks.getByRole('textbox', { name: 'Explanation' }).first().fill('cold');
    await marks.getByRole('button', { name: 'Add mark' }).click();
    await expectValues(marks.getByRole('textbox', { name: 'Mark' }), ['0', '1']);
    await marks.getByRole('textbox', { name: 'Explanation' }).nth(1).fill('warm');
    // A mark that is no whole number of 0 or more stays as typed and is refused with a message.
    const secondMark = marks.getByRole('textbox', { name: 'Mark' }).nth(1);
    await secondMark.fill('2.5');
    await expect(secondMark).toHaveValue('2.5');
    await expect(secondMark).toHaveAccessibleDescription('Enter a whole number, 0 or more');
    await shoot(page, 'prompt-mark-refused');
    await secondMark.fill('1');
    await expect(secondMark).toHaveAttribute('aria-invalid', 'false');

    await editor.saveAndReturnToList(project.id);

    // The list: 6 top-level fields (Summary, Title, Final Score + 3), 0.5 + 0.2 units per minute.
    const row = list.row(name);
    await expect(row).toHaveCount(1);
    const cells = row.getByRole('cell');
    await expect(cells.nth(1)).toHaveText('Sales');
    await expect(cells.nth(2)).toContainText('Claude Haiku 4.5');
    await expect(cells.nth(2)).toContainText('Anthropic');
    await expect(cells.nth(3)).toHaveText('6');
    await expect(cells.nth(4)).toHaveText('0.7');

    // What the server stored.
    const [stored] = await listPromptsViaApi(page.request, project.id);
    expect(stored).toMatchObject({
      scriptName: name,
      provider: 'anthropic',
      model: 'claude-haiku-4-5-20251001',
      LVA: 'emlo',
      units: 0.7,
      metadataFields: ['Department', 'Representative'],
    });
    expect(stored!.content.map((f) => f.key)).toEqual([
      'Summary',
      'Title',
      'Call flow',
      'Outcome',
      'Empathy',
      'Final Score',
    ]);
    expect(stored!.content[2]).toMatchObject({
      type: 'object',
      content: [
        { key: 'Greeting', type: 'bool', includeInScore: true },
        { key: 'Closing', type: 'ok', explanation: 'Was the call closed politely?' },
      ],
    });
    expect(stored!.content[3]!.options).toEqual([
      { value: 'sale', explanation: 'The customer bought' },
      { value: 'no sale', explanation: 'The customer did not buy' },
    ]);
    expect(stored!.content[4]!.marks).toEqual([
      { value: 0, explanation: 'cold' },
      { value: 1, explanation: 'warm' },
    ]);

    // Reopen it for editing: the structure tab first, with the nested and option data.
    await list.act('Edit', name);
    await expect(page).toHaveURL(
      new RegExp(
        `/projects/${project.id}/prompts/edit\\?promptName=${escapeRegExp(encodeURIComponent(name))}$`,
      ),
    );
    await expect(editor.heading('Edit Prompt')).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Structure', 'Basic Settings', 'Metadata', 'Versions']);
    await expect(editor.tab('Structure')).toHaveAttribute('aria-selected', 'true');
    await expect(editor.keyOf('2')).toHaveValue('Call flow');
    await expect(editor.typeOf('2')).toHaveText('Group of fields');
    await expect(editor.keyOf('2.0')).toHaveValue('Greeting');
    await expect(editor.typeOf('2.0')).toHaveText('Yes / No');
    await expect(editor.keyOf('2.1')).toHaveValue('Closing');
    await expect(editor.field('2.1').getByRole('textbox', { name: 'Explanation for the AI' })).toHaveValue(
      'Was the call closed politely?',
    );
    await expectValues(
      editor.field('3').getByTestId('options-editor').getByRole('textbox', { name: 'Value' }),
      ['sale', 'no sale'],
    );
    await expectValues(editor.field('4').getByTestId('marks-editor').getByRole('textbox', { name: 'Mark' }), [
      '0',
      '1',
    ]);

    // The name of a saved prompt cannot change.
    await editor.showTab('Basic Settings');
    await expect(editor.name).toHaveValue(name);
    await expect(editor.name).not.toBeEditable();
    await expect(page.getByText('The name of an existing prompt cannot be changed.')).toBeVisible();
    await expect(editor.model).toHaveText('Claude Haiku 4.5');
    await expect(editor.unitsTotal).toHaveText('0.7');
  });

  test('an empty key and a duplicate nested key are refused by the form and by the server', async ({
    page,
  }) => {
    const list = new PromptListPage(page);
    const editor = new PromptEditor(page);
    await signedInPage(page, { label: 'prompt validation' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('Validation') });
    const name = uniqueName('Checks');
    await editor.openNew(project.id);
    await editor.showTab('Basic Settings');
    await editor.name.fill(name);

    // An empty key: saving shows the message and goes to the structure tab.
    await editor.showTab('Structure');
    await editor.addEmptyField();
    await editor.showTab('Metadata');
    await editor.saveButton.click();
    await expect(editor.problem).toHaveText(EMPTY_KEY);
    await expect(editor.tab('Structure')).toHaveAttribute('aria-selected', 'true');
    await expect(editor.saved).toHaveCount(0);

    // A duplicate key inside a group names the level.
    const duplicate =
      'Duplicate key "Greeting" found at level 2 (inside "Call flow"). All keys must be unique on the same level.';
    await editor.keyOf('2').fill('Call flow');
    await editor.chooseType('2', 'Group of fields');
    await editor.addNestedField('2', 0, 'Greeting', 'Text');
    const second = await editor.addNestedField('2', 1, 'Greeting', 'Text');
    await editor.keyOf('2.1').blur();
    // The key field says so as soon as it is left...
    await expect(second.getByText(duplicate)).toBeVisible();
    // ...and saving refuses it.
    await editor.saveButton.click();
    await expect(editor.problem).toHaveText(duplicate);
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
    await editor.keyOf('2.1').fill('Closing');
    await editor.saveAndReturnToList(project.id);
    await expect(list.row(name)).toHaveCount(1);
  });

  test('cloning copies a prompt into another project as <name>_copy', async ({ page }) => {
    const list = new PromptListPage(page);
    const editor = new PromptEditor(page);
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

    await list.open(a.id);
    await list.act('Clone', short);
    await expect(page).toHaveURL(
      new RegExp(`/projects/${a.id}/prompts/new\\?clone=${escapeRegExp(encodeURIComponent(short))}$`),
    );
    await expect(editor.heading('Clone Prompt')).toBeVisible();
    await expect(
      page.getByText(`You are copying "${short}". Choose the project the copy is saved to.`),
    ).toBeVisible();
    // The copied structure is there.
    await expect(editor.tab('Structure')).toHaveAttribute('aria-selected', 'true');
    await expect(editor.keyOf('2.0')).toHaveValue('Greeting');
    await editor.showTab('Basic Settings');
    await expect(editor.name).toHaveValue(`${short}_copy`);
    await expect(editor.name).toBeEditable();

    const target = page.getByRole('combobox', { name: 'Target project' });
    await expect(target).toHaveText(`${a.name} (current)`);
    await editor.chooseSetting('Target project', b.name);
    await expect(target).toHaveText(b.name);
    // Saved: the notice says where the copy went, then B's list opens (B is now the selected project)
    // with the copy highlighted.
    await editor.saveButton.click();
    await expect(editor.saved).toContainText('Prompt saved successfully');
    await expect(page.getByTestId('prompt-saved-where')).toHaveText(`The copy was saved to "${b.name}".`);
    await expect(page).toHaveURL(new RegExp(`/projects/${b.id}/prompts\\?highlight=\\d+$`), {
      timeout: 15_000,
    });
    await expect(list.heading('Analysis Prompts')).toBeVisible();
    await expect(list.projectSelector).toContainText(b.name);
    const copyRow = list.row(`${short}_copy`);
    await expect(copyRow).toHaveAttribute('aria-current', 'true');
    await expect(copyRow.getByText('New copy')).toBeVisible();
    await expect(copyRow).toBeInViewport();
    await expect(copyRow.getByRole('cell').nth(1)).toHaveText('Support');
    await expect(list.table.getByRole('row')).toHaveCount(2);
    await shoot(page, 'prompt-clone-highlighted');
    // The next click ends the highlight.
    await list.heading('Analysis Prompts').click();
    await expect(page).toHaveURL(new RegExp(`/projects/${b.id}/prompts$`));
    await expect(copyRow).not.toHaveAttribute('aria-current');

    // A still has just the originals.
    await list.open(a.id);
    await expect(list.row(short)).toHaveCount(1);
    await expect(list.row(`${short}_copy`)).toHaveCount(0);
    await expect(list.table.getByRole('row')).toHaveCount(3); // header + 2
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
    await list.open(a.id);
    await list.act('Clone', long);
    await expect(editor.heading('Clone Prompt')).toBeVisible();
    await editor.showTab('Basic Settings');
    const cut = `${long.slice(0, 40)}_copy`;
    await expect(editor.name).toHaveValue(cut);
    await editor.saveAndReturnToList(a.id);
    await expect(list.row(cut)).toHaveCount(1);
    await expect(list.row(long)).toHaveCount(1);
    expect((await listPromptsViaApi(page.request, b.id)).map((p) => p.scriptName)).toEqual([`${short}_copy`]);
  });
});
