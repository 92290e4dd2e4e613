import type { PromptField } from '@parley/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ReactNode, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { pickOption } from '../../../test/prompts';
import { ClassificationOptionsEditor } from './ClassificationOptionsEditor';
import { MarksEditor, parseMark } from './MarksEditor';
import { OptionsEditor } from './OptionsEditor';
import { type ClassificationChoice, StructureContext } from './StructureContext';

type Options = NonNullable<PromptField['options']>;
type Marks = NonNullable<PromptField['marks']>;
type ClassificationOptions = NonNullable<PromptField['classificationOptions']>;

/** Keeps an editor's list in state and exposes the latest one. */
function harness<T>(initial: T, editor: (value: T, onChange: (next: T) => void) => ReactNode) {
  const seen: { latest: T } = { latest: initial };
  function Harness() {
    const [value, setValue] = useState(initial);
    seen.latest = value;
    return <>{editor(value, setValue)}</>;
  }
  return { Harness, seen };
}

describe('options editor', () => {
  it('edits values and explanations, adds empty options and removes the chosen one', async () => {
    const user = userEvent.setup();
    const { Harness, seen } = harness<Options>([{ value: 'won', explanation: '' }], (options, onChange) => (
      <OptionsEditor options={options} onChange={onChange} />
    ));
    render(<Harness />);
    const editor = within(screen.getByTestId('options-editor'));
    expect(editor.getByText('Options')).toBeInTheDocument();
    const value = editor.getByRole('textbox', { name: 'Value' });
    expect(value).toBeRequired();
    expect(value).toHaveAttribute('maxlength', '500');

    await user.type(editor.getByLabelText('Explanation'), 'The deal closed');
    await user.click(editor.getByRole('button', { name: 'Add option' }));
    await user.type(editor.getAllByRole('textbox', { name: 'Value' })[1]!, 'lost');
    expect(seen.latest).toEqual([
      { value: 'won', explanation: 'The deal closed' },
      { value: 'lost', explanation: '' },
    ]);

    await user.click(editor.getByRole('button', { name: 'Remove option 1' }));
    expect(seen.latest).toEqual([{ value: 'lost', explanation: '' }]);
  });
});

describe('marks editor', () => {
  it('adds the next mark above the highest and moves a mark up when one above it is removed', async () => {
    const user = userEvent.setup();
    const { Harness, seen } = harness<Marks>(
      [
        { value: 3, explanation: 'good' },
        { value: 1, explanation: 'poor' },
      ],
      (marks, onChange) => <MarksEditor marks={marks} onChange={onChange} />,
    );
    render(<Harness />);
    const editor = within(screen.getByTestId('marks-editor'));
    expect(editor.getByText('Marks')).toBeInTheDocument();
    await user.click(editor.getByRole('button', { name: 'Add mark' }));
    expect(seen.latest.map((mark) => mark.value)).toEqual([3, 1, 4]);

    const second = editor.getAllByLabelText('Mark')[1]!;
    await user.type(second, '2');
    expect(second).toHaveValue('12');
    await user.click(editor.getByRole('button', { name: 'Remove mark 1' }));
    expect(seen.latest).toEqual([
      { value: 12, explanation: 'poor' },
      { value: 4, explanation: '' },
    ]);
    expect(editor.getAllByLabelText('Mark').map((input) => (input as HTMLInputElement).value)).toEqual([
      '12',
      '4',
    ]);
  });

  it.each([
    ['2.5', 2.5],
    ['-3', -3],
    ['abc', Number.NaN],
  ])('keeps %s as typed and refuses it with a message', async (typed, value) => {
    const user = userEvent.setup();
    const { Harness, seen } = harness<Marks>([{ value: 1, explanation: '' }], (marks, onChange) => (
      <MarksEditor marks={marks} onChange={onChange} />
    ));
    render(<Harness />);
    const mark = screen.getByLabelText('Mark');
    expect(mark).toHaveAttribute('aria-invalid', 'false');
    await user.clear(mark);
    await user.type(mark, typed);
    expect(mark).toHaveValue(typed);
    expect(mark).toHaveAttribute('aria-invalid', 'true');
    expect(mark).toHaveAccessibleDescription('Enter a whole number, 0 or more');
    expect(seen.latest[0]!.value).toBe(value);
    // A new mark goes above the highest valid one.
    await user.click(screen.getByRole('button', { name: 'Add mark' }));
    expect(seen.latest[1]!.value).toBe(0);

    await user.clear(mark);
    await user.type(mark, '7');
    expect(mark).toHaveAttribute('aria-invalid', 'false');
    expect(seen.latest[0]!.value).toBe(7);
  });

  it('starts at 0 when there is no mark', async () => {
    const user = userEvent.setup();
    const { Harness, seen } = harness<Marks>([], (marks, onChange) => (
      <MarksEditor marks={marks} onChange={onChange} />
    ));
    render(<Harness />);
    await user.click(screen.getByRole('button', { name: 'Add mark' }));
    expect(seen.latest).toEqual([{ value: 0, explanation: '' }]);
  });

  it('parses a mark as typed, NaN for what is no number', () => {
    expect(parseMark(' 12 ')).toBe(12);
    expect(parseMark('2.5')).toBe(2.5);
    expect(parseMark('-7')).toBe(-7);
    expect(parseMark('')).toBeNaN();
    expect(parseMark('1e3')).toBeNaN();
  });
});

describe('classification options editor', () => {
  const choices: ClassificationChoice[] = [
    { id: 12, name: 'Support Triage' },
    { id: 13, name: 'Retention' },
  ];

  function renderClassification(
    initial: ClassificationOptions,
    settings: { choices: ClassificationChoice[]; choicesLoading: boolean } = {
      choices,
      choicesLoading: false,
    },
  ) {
    const { Harness, seen } = harness(initial, (options, onChange) => (
      <StructureContext.Provider value={{ isClassification: false, ...settings }}>
        <ClassificationOptionsEditor options={options} onChange={onChange} />
      </StructureContext.Provider>
    ));
    render(<Harness />);
    return { seen, editor: within(screen.getByTestId('classification-editor')) };
  }

  it('chooses a target prompt and describes when it applies; adds and removes options', async () => {
    const user = userEvent.setup();
    const { seen, editor } = renderClassification([]);
    expect(editor.getByText('Classification options')).toBeInTheDocument();
    expect(editor.queryByText(/no other prompts/i)).not.toBeInTheDocument();
    await user.click(editor.getByRole('button', { name: 'Add classification option' }));
    await user.click(editor.getByRole('button', { name: 'Add classification option' }));
    await pickOption(user, editor.getAllByRole('combobox', { name: 'Prompt' })[1]!, 'Retention');
    await user.type(editor.getAllByLabelText('When to choose it')[1]!, 'Wants to cancel');
    expect(seen.latest).toEqual([
      { promptId: '', promptName: '', description: '' },
      { promptId: '13', promptName: 'Retention', description: 'Wants to cancel' },
    ]);
    await user.click(editor.getByRole('button', { name: 'Remove classification option 1' }));
    expect(seen.latest).toEqual([
      { promptId: '13', promptName: 'Retention', description: 'Wants to cancel' },
    ]);
  });

  it('keeps a target that is no longer among the choices, under its saved name', () => {
    const { editor } = renderClassification([{ promptId: '99', promptName: 'Old prompt', description: '' }]);
    expect(editor.getByRole('combobox', { name: 'Prompt' })).toHaveTextContent('Old prompt');
  });

  it('says when the project has no other prompt, once they are loaded', () => {
    const { editor } = renderClassification([], { choices: [], choicesLoading: false });
    expect(editor.getByText(/no other prompts/i)).toBeInTheDocument();
  });

  it('says nothing while the prompts load', () => {
    const { editor } = renderClassification([], { choices: [], choicesLoading: true });
    expect(editor.queryByText(/no other prompts/i)).not.toBeInTheDocument();
  });
});
