import { expectValues, PromptEditor, PromptListPage } from '../pages/prompts.ts';
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
  listPromptsViaApi,
  signedInPage,
  uniqueName,
} from '../support/flows.ts';
import { shoot } from '../support/screenshots.ts';
import { expect, test } from '../support/test.ts';

test.describe('the AI prompt generator', () => {
  test('the AI generator shows its progress, fills the form, and the result saves', async ({ page }) => {
    const editor = new PromptEditor(page);
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

    await editor.openNew(project.id);
    await expect(
      editor.panel('AI Generator').getByRole('heading', { name: 'Generate a prompt with AI' }),
    ).toBeVisible();
    // Without a description nothing is sent.
    await editor.generateButton.click();
    await expect(editor.aiError).toHaveText('Please describe the prompt you want the AI to generate.');

    const description = `Inbound support calls. Check whether the issue was solved and the tone. ${marker}`;
    await editor.aiDescription.fill(description);
    await editor.generateButton.click();

    const progress = page.getByRole('dialog', { name: 'Generating your prompt...' });
    await expect(progress).toBeVisible();
    await expect(editor.aiError).toHaveCount(0);
    await expect(progress.getByTestId('ai-progress-step')).toHaveText('Step 1 of 5');
    await expect(progress.getByText('Analyzing your description')).toBeVisible();
    await expect(progress.getByTestId('ai-progress-step')).toHaveText('Step 2 of 5', { timeout: 5000 });
    // The answer: 100 %, then the form is filled and shows the structure.
    // (One locator for both: the finished dialog stays only 1 s.)
    await expect(
      page.getByRole('dialog', { name: 'Your prompt is ready' }).getByTestId('ai-progress-value'),
    ).toHaveText('100%', { timeout: 10_000 });
    await expect(editor.aiProgress).toBeHidden({ timeout: 5000 });
    await expect(editor.tab('Structure')).toHaveAttribute('aria-selected', 'true');
    await expectValues(editor.keys, ['Summary', 'Title', 'Resolution', 'Solved', 'Tone', 'Final Score']);
    await expect(editor.typeOf('2')).toHaveText('Group of fields');
    await expectValues(
      editor.field('3').getByTestId('options-editor').getByRole('textbox', { name: 'Value' }),
      ['friendly', 'rude'],
    );
    await editor.showTab('Basic Settings');
    await expect(editor.name).toHaveValue(generatedName);
    await expect(page.getByRole('textbox', { name: 'Basic instruction' })).toHaveValue(
      DEFAULT_GENERATED.basicInstruction,
    );
    await expect(page.getByRole('combobox', { name: 'Role' })).toHaveText('Support');
    await editor.showTab('Metadata');
    await expect(editor.panel('Metadata')).toContainText('Customer ID');

    // The server asked the (fake) Anthropic API once, with its key and the description.
    const sent = await llmRequests(marker);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.path).toBe('/v1/messages');
    expect(sent[0]!.headers['x-api-key']).toBe(FAKE_ANTHROPIC_KEY);
    expect(JSON.stringify(sent[0]!.body.messages)).toContain('Check whether the issue was solved');
    // Nothing is saved until the form is.
    expect(await listPromptsViaApi(page.request, project.id)).toEqual([]);

    await editor.saveAndReturnToList(project.id);
    const row = new PromptListPage(page).row(generatedName);
    await expect(row).toHaveCount(1);
    await expect(row.getByRole('cell').nth(3)).toHaveText('5');
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
    const editor = new PromptEditor(page);
    await signedInPage(page, { label: 'prompt ai failure' });
    const project = await createProjectViaApi(page.request, { name: uniqueName('AI failure') });
    await editor.openNew(project.id);
    const description = `Sales calls, please. ${FAIL_MARKER}`;
    await editor.aiDescription.fill(description);
    await editor.generateButton.click();

    await expect(editor.aiError).toHaveText(
      `Failed to generate AI prompt: Anthropic answered 400: ${FAIL_MESSAGE}`,
    );
    await expect(editor.aiProgress).toBeHidden();
    // Still on the generator with the description kept, free to try again; the fields are untouched.
    await expect(editor.tab('AI Generator')).toHaveAttribute('aria-selected', 'true');
    await expect(editor.aiDescription).toHaveValue(description);
    await expect(editor.generateButton).toBeEnabled();
    await editor.showTab('Structure');
    await expectValues(editor.keys, ['Summary', 'Title', 'Final Score']);
    // The key is never shown to the user.
    await expect(page.getByText(FAKE_ANTHROPIC_KEY)).toHaveCount(0);
  });

  test('AI improve shows its proposal beside the prompt; accepting applies it, undo restores the prompt', async ({
    page,
  }) => {
    const editor = new PromptEditor(page);
    await signedInPage(page, { label: 'prompt ai improve' });
    const project = await createProjectViaApi(page.request, {
      name: uniqueName('AI improve'),
      role: 'Support',
    });
    const name = uniqueName('Support review');
    const greeting = 'Did the agent greet the customer?';
    await createPromptViaApi(page.request, project.id, {
      scriptName: name,
      role: 'Support',
      basicInstruction: 'Review support calls.',
      content: [
        { key: 'Greeting', type: 'bool', explanation: greeting, includeInScore: true },
        { key: 'Closing', type: 'bool', explanation: 'Was a next step agreed?', includeInScore: true },
      ],
    });
    const improved = answer({
      ...DEFAULT_GENERATED,
      role: 'Support',
      basicInstruction: 'Review support calls and score empathy.',
      content: [
        {
          key: 'Greeting',
          type: 'ok',
          explanation: greeting,
          includeInScore: true,
          options: [],
          marks: [],
          content: [],
        },
        {
          key: 'Empathy',
          type: 'marks',
          explanation: 'How empathetic was the agent?',
          includeInScore: true,
          options: [],
          marks: [
            { value: 0, explanation: 'cold' },
            { value: 3, explanation: 'warm' },
          ],
          content: [],
        },
      ],
      metadataFields: [],
    });
    const marker = uniqueMarker('improve');
    await scriptLlm(marker, improved, improved);

    await page.goto(`/projects/${project.id}/prompts/edit?promptName=${encodeURIComponent(name)}`);
    await expect(editor.heading('Edit Prompt')).toBeVisible();
    // The heading shows before the prompt's fields are in: wait for them.
    const fieldKeys = () =>
      editor.keys.evaluateAll((inputs) =>
        inputs.map((input) => (input as unknown as { value: string }).value),
      );
    await expect.poll(fieldKeys).toEqual(expect.arrayContaining(['Greeting', 'Closing']));
    const original = await fieldKeys();
    const review = page.getByRole('dialog', { name: "Review the AI's changes" });
    const improve = async () => {
      await page.getByRole('button', { name: 'AI Improve', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Improve this prompt with AI' });
      await dialog.getByRole('textbox', { name: 'What should change?' }).fill(`Score empathy. ${marker}`);
      await dialog.getByRole('button', { name: 'Improve', exact: true }).click();
      await expect(review).toBeVisible({ timeout: 15_000 });
    };

    await improve();
    const fields = review.getByRole('list', { name: 'Fields' });
    const greetingRow = fields.getByRole('listitem', { name: 'Greeting: Changed' });
    await expect(greetingRow.getByRole('deletion')).toHaveText('Yes / No');
    await expect(greetingRow.getByRole('insertion')).toHaveText('OK / Not OK / N/A');
    await expect(fields.getByRole('listitem', { name: 'Closing: Removed' })).toBeVisible();
    await expect(fields.getByRole('listitem', { name: 'Empathy: Added' })).toContainText('3 — warm');
    await expect(review.getByTestId('diff-added')).toHaveText('Added: 1');
    await expect(review.getByTestId('diff-removed')).toHaveText('Removed: 1');
    await expect(review.getByTestId('diff-changed')).toHaveText('Changed: 1');
    await expect(review.getByTestId('diff-settings')).toContainText(
      'Review support calls and score empathy.',
    );
    await shoot(page, 'prompt-ai-improve-review');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(review.getByRole('button', { name: 'Accept changes' })).toBeInViewport();
    await shoot(page, 'prompt-ai-improve-review-phone');
    await page.setViewportSize({ width: 1440, height: 900 });

    // Accepted: the form holds the proposal, with an undo until the next edit or save.
    await review.getByRole('button', { name: 'Accept changes' }).click();
    await expect(review).toBeHidden();
    await expectValues(editor.keys, ['Summary', 'Title', 'Greeting', 'Empathy', 'Final Score']);
    const applied = page.getByTestId('ai-applied');
    await expect(applied).toContainText("The AI's changes were applied.");
    await shoot(page, 'prompt-ai-improve-applied');

    await applied.getByRole('button', { name: 'Undo' }).click();
    await expect(applied).toBeHidden();
    await expectValues(editor.keys, original);
    await expect(editor.typeOf(String(original.indexOf('Greeting')))).toHaveText('Yes / No');
    await editor.showTab('Basic Settings');
    await expect(page.getByRole('textbox', { name: 'Basic instruction' })).toHaveValue(
      'Review support calls.',
    );

    // Improved again and accepted, then saved: the server has the improvement.
    await improve();
    await review.getByRole('button', { name: 'Accept changes' }).click();
    await expect(applied).toBeVisible();
    await editor.saveAndReturnToList(project.id);
    const [saved] = await listPromptsViaApi(page.request, project.id);
    expect(saved!.basicInstruction).toBe('Review support calls and score empathy.');
    expect(saved!.content.map((field) => field.key)).toContain('Empathy');
    expect(saved!.content.map((field) => field.key)).not.toContain('Closing');
  });
});
