import type { PromptField } from '@parley/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { field, pickOption } from '../../test/prompts';
import { TestProviders, testQueryClient } from '../../test/utils';
import { StructureEditor } from './structure/StructureEditor';

let latest: PromptField[] = [];

function Harness({
  initial,
  isClassification = false,
}: {
  initial: PromptField[];
  isClassification?: boolean;
}) {
  const [fields, setFields] = useState(initial);
  latest = fields;
  return (
    <StructureEditor
      fields={fields}
      onChange={setFields}
      isClassification={isClassification}
      choices={[
        { id: 12, name: 'Support Triage' },
        { id: 13, name: 'Retention' },
      ]}
    />
  );
}

function renderEditor(initial: PromptField[], isClassification = false) {
  const user = userEvent.setup();
  render(
    <TestProviders client={testQueryClient()}>
      <Harness initial={initial} isClassification={isClassification} />
    </TestProviders>,
  );
  return user;
}

const row = (path: string) => within(screen.getByTestId(`field-${path}`));
const keys = () => screen.getAllByTestId('field-key').map((input) => (input as HTMLInputElement).value);
const defaults = () => [
  field('Summary'),
  field('Title'),
  field('Greeting', 'bool', { includeInScore: true }),
  field('Final Score', 'float'),
];

describe('structure editor', () => {
  it('adds, reorders and removes fields; locked fields cannot be deleted or moved', async () => {
    const user = renderEditor(defaults());
    expect(keys()).toEqual(['Summary', 'Title', 'Greeting', 'Final Score']);
    for (const [path, name] of [
      ['0', 'Summary'],
      ['1', 'Title'],
      ['3', 'Final Score'],
    ]) {
      expect(row(path!).getByRole('button', { name: `Delete ${name}` })).toBeDisabled();
      expect(row(path!).getByRole('button', { name: `Move ${name} up` })).toBeDisabled();
      expect(row(path!).getByRole('button', { name: `Move ${name} down` })).toBeDisabled();
      expect(row(path!).getByTestId('field-locked')).toBeInTheDocument();
    }
    expect(row('2').queryByTestId('field-locked')).not.toBeInTheDocument();

    await user.click(row('2').getByRole('button', { name: 'Move Greeting up' }));
    expect(keys()).toEqual(['Summary', 'Greeting', 'Title', 'Final Score']);
    // A new field goes before Final Score, which closes the answer.
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    await user.type(row('3').getByTestId('field-key'), 'Closing');
    await user.click(row('1').getByRole('button', { name: 'Delete Greeting' }));
    expect(keys()).toEqual(['Summary', 'Title', 'Closing', 'Final Score']);
    expect(latest[2]).toEqual(field('Closing'));
  });

  it('keeps the key and type of Summary, Title and Final Score; their explanations can change', async () => {
    const user = renderEditor(defaults());
    for (const path of ['0', '1', '3']) {
      const key = row(path).getByTestId('field-key');
      expect(key).toHaveAttribute('readonly');
      expect(
        row(path).getByText('Its key and type are fixed; its explanation can change.'),
      ).toBeInTheDocument();
      expect(row(path).getByRole('combobox', { name: 'Type' })).toHaveAttribute('aria-disabled', 'true');
    }
    await user.type(row('0').getByTestId('field-key'), 'Synopsis');
    await user.type(row('0').getByRole('textbox', { name: 'Explanation for the AI' }), 'Two sentences.');
    expect(latest[0]).toEqual(field('Summary', 'string', { explanation: 'Two sentences.' }));
    expect(row('2').getByTestId('field-key')).not.toHaveAttribute('readonly');

    // A new field named like one of them can still be renamed.
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    const added = row('3').getByTestId('field-key');
    await user.type(added, 'Title');
    await user.type(added, ' 2');
    expect(added).toHaveValue('Title 2');
  });

  it('strips quotes and dots from keys while typing and shows key errors on blur', async () => {
    const user = renderEditor(defaults());
    await user.click(screen.getByRole('button', { name: 'Add field' }));
    const key = row('3').getByTestId('field-key');
    await user.type(key, 'Call "quality". v2');
    expect(key).toHaveValue('Call quality v2');

    await user.clear(key);
    expect(row('3').queryByText(/Empty key found/)).not.toBeInTheDocument();
    await user.tab();
    expect(
      row('3').getByText('Empty key found in prompt fields. All fields must have a key.'),
    ).toBeInTheDocument();
    expect(key).toHaveAttribute('aria-invalid', 'true');

    await user.type(key, 'Greeting');
    expect(
      row('3').getByText(
        'Duplicate key "Greeting" found at the top level. All keys must be unique on the same level.',
      ),
    ).toBeInTheDocument();
    // Once: at the repetition, not at the Greeting before it.
    await user.click(row('2').getByTestId('field-key'));
    await user.tab();
    expect(screen.getAllByText(/Duplicate key "Greeting"/)).toHaveLength(1);
    await user.clear(key);
    await user.type(key, 'Closing');
    expect(key).toHaveAttribute('aria-invalid', 'false');
  });

  it('changing the type applies the contracts rules and shows that type’s editor', async () => {
    const user = renderEditor([field('Q')]);
    const type = () => row('0').getByRole('combobox', { name: 'Type' });
    const score = () => row('0').getByRole('switch', { name: 'Include in score' });

    await pickOption(user, type(), 'Options');
    expect(score()).not.toBeChecked();
    const options = row('0').getByTestId('options-editor');
    expect(within(options).getAllByLabelText(/Value/)).toHaveLength(1);
    await user.type(within(options).getByLabelText(/Value/), 'won');
    await user.click(within(options).getByRole('button', { name: 'Add option' }));
    await user.type(within(options).getAllByLabelText(/Value/)[1]!, 'lost');
    expect(latest[0]?.options?.map((option) => option.value)).toEqual(['won', 'lost']);

    await pickOption(user, type(), 'Whole number');
    expect(score()).toBeChecked();
    expect(row('0').queryByTestId('options-editor')).not.toBeInTheDocument();
    expect(latest[0]).toEqual({ key: 'Q', type: 'int', explanation: '', includeInScore: true });

    await pickOption(user, type(), 'Marks');
    const marks = row('0').getByTestId('marks-editor');
    const mark = within(marks).getByLabelText('Mark');
    expect(mark).toHaveValue('0');
    await user.clear(mark);
    await user.type(mark, '-3.5');
    expect(mark).toHaveValue('-3.5');
    expect(mark).toHaveAttribute('aria-invalid', 'true');
    await user.clear(mark);
    await user.type(mark, '35');
    await user.click(within(marks).getByRole('button', { name: 'Add mark' }));
    expect(latest[0]?.marks?.map((entry) => entry.value)).toEqual([35, 36]);
    expect(score()).not.toBeChecked();

    await pickOption(user, type(), 'Classification');
    const classification = row('0').getByTestId('classification-editor');
    await pickOption(user, within(classification).getByRole('combobox', { name: 'Prompt' }), 'Retention');
    await user.type(
      within(classification).getByLabelText('When to choose it'),
      'The customer wants to cancel',
    );
    expect(latest[0]?.classificationOptions).toEqual([
      { promptId: '13', promptName: 'Retention', description: 'The customer wants to cancel' },
    ]);

    await pickOption(user, type(), 'Yes / No');
    expect(score()).toBeChecked();
    expect(latest[0]).toEqual({ key: 'Q', type: 'bool', explanation: '', includeInScore: true });
  });

  it('edits nested objects at any depth', async () => {
    const user = renderEditor([field('Call')]);
    await pickOption(user, row('0').getByRole('combobox', { name: 'Type' }), 'Group of fields');
    expect(latest[0]).toMatchObject({ type: 'object', content: [] });
    await user.click(row('0').getByRole('button', { name: 'Add nested field' }));
    await user.type(row('0.0').getByTestId('field-key'), 'Intro');
    await pickOption(user, row('0.0').getByRole('combobox', { name: 'Type' }), 'Group of fields');
    await user.click(row('0.0').getByRole('button', { name: 'Add nested field' }));
    await user.type(row('0.0.0').getByTestId('field-key'), 'Greeting');
    await user.click(row('0.0').getByRole('button', { name: 'Add nested field' }));
    await user.type(row('0.0.1').getByTestId('field-key'), 'Greeting');
    await user.tab();
    expect(
      row('0.0.1').getByText(
        'Duplicate key "Greeting" found at level 3 (inside "Call > Intro"). All keys must be unique on the same level.',
      ),
    ).toBeInTheDocument();
    expect(latest).toEqual([
      field('Call', 'object', {
        content: [field('Intro', 'object', { content: [field('Greeting'), field('Greeting')] })],
      }),
    ]);
    await user.click(row('0.0.1').getByRole('button', { name: 'Delete Greeting' }));
    expect(latest[0]?.content?.[0]?.content).toEqual([field('Greeting')]);
  });

  it('classification fields are locked in a classification prompt', () => {
    renderEditor(
      [field('Classification', 'classification', { classificationOptions: [] }), field('Summary')],
      true,
    );
    expect(row('0').getByRole('button', { name: 'Delete Classification' })).toBeDisabled();
    expect(row('0').getByRole('combobox', { name: 'Type' })).toHaveAttribute('aria-disabled', 'true');
  });
});
