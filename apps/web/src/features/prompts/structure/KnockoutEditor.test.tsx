import type { PromptField } from '@parley/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { field } from '../../../test/prompts';
import { TestProviders, testQueryClient } from '../../../test/utils';
import { StructureEditor } from './StructureEditor';

let latest: PromptField[] = [];

function Harness({ initial }: { initial: PromptField[] }) {
  const [fields, setFields] = useState(initial);
  latest = fields;
  return <StructureEditor fields={fields} onChange={setFields} isClassification={false} choices={[]} />;
}

function renderEditor(initial: PromptField[]) {
  const user = userEvent.setup();
  render(
    <TestProviders client={testQueryClient()}>
      <Harness initial={initial} />
    </TestProviders>,
  );
  return user;
}

const knockouts = (path: string) =>
  within(within(screen.getByTestId(`field-${path}`)).getByRole('group', { name: 'Knockout answers' }));

describe('knockout answers in the structure editor', () => {
  it('a yes/no field knocks out on the answers checked; unchecking them all leaves no knockout', async () => {
    const user = renderEditor([field('Budget', 'bool', { includeInScore: true })]);
    const budget = knockouts('0');
    expect(budget.getAllByRole('checkbox').map((box) => box.closest('label')?.textContent)).toEqual([
      'Yes',
      'No',
    ]);
    await user.click(budget.getByRole('checkbox', { name: 'No' }));
    expect(latest[0]?.knockout).toEqual([false]);
    await user.click(budget.getByRole('checkbox', { name: 'Yes' }));
    expect(latest[0]?.knockout).toEqual([true, false]);
    await user.click(budget.getByRole('checkbox', { name: 'Yes' }));
    await user.click(budget.getByRole('checkbox', { name: 'No' }));
    expect(latest[0]).not.toHaveProperty('knockout');
  });

  it('an ok field offers OK and Not OK (never N/A); an option field its values, dropping renamed ones', async () => {
    const user = renderEditor([
      field('Greeting', 'ok'),
      field('Outcome', 'option', {
        options: [
          { value: 'sale', explanation: '' },
          { value: 'hung up', explanation: '' },
        ],
      }),
    ]);
    expect(knockouts('0').getAllByRole('checkbox')).toHaveLength(2);
    await user.click(knockouts('0').getByRole('checkbox', { name: 'Not OK' }));
    expect(latest[0]?.knockout).toEqual(['not ok']);

    await user.click(knockouts('1').getByRole('checkbox', { name: 'hung up' }));
    expect(latest[1]?.knockout).toEqual(['hung up']);
    const values = within(screen.getByTestId('field-1')).getAllByRole('textbox', { name: 'Value' });
    await user.type(values[1]!, '!');
    expect(latest[1]).not.toHaveProperty('knockout');
    expect(knockouts('1').getByRole('checkbox', { name: 'hung up!' })).not.toBeChecked();
  });

  it('other field types have no knockout setting', () => {
    renderEditor([field('Notes'), field('Needs', 'marks', { marks: [{ value: 1, explanation: '' }] })]);
    expect(screen.queryByTestId('knockout-editor')).not.toBeInTheDocument();
  });
});
