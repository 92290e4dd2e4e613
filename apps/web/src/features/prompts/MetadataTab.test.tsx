import { fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TestProviders, testQueryClient } from '../../test/utils';
import { MetadataTab } from './MetadataTab';

let latest: string[] = [];

function Harness({ initial }: { initial: string[] }) {
  const [fields, setFields] = useState(initial);
  latest = fields;
  return <MetadataTab fields={fields} onChange={setFields} />;
}

const names = () =>
  within(screen.getByTestId('metadata-list'))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('metadata tab', () => {
  it('keeps Department and Representative, ignores blanks and duplicates, removes custom names', () => {
    render(
      <TestProviders client={testQueryClient()}>
        <Harness initial={['Department', 'Representative']} />
      </TestProviders>,
    );
    for (const required of ['Department', 'Representative']) {
      const item = screen.getByTestId(`metadata-${required}`);
      expect(within(item).getByText('Required')).toBeInTheDocument();
      expect(within(item).queryByRole('button')).not.toBeInTheDocument();
    }

    const input = screen.getByLabelText('New metadata field');
    const add = screen.getByRole('button', { name: 'Add' });
    fireEvent.change(input, { target: { value: '   ' } });
    fireEvent.click(add);
    expect(latest).toEqual(['Department', 'Representative']);

    fireEvent.change(input, { target: { value: '  Region ' } });
    fireEvent.click(add);
    expect(latest).toEqual(['Department', 'Representative', 'Region']);
    expect(input).toHaveValue('');

    fireEvent.change(input, { target: { value: 'Department' } });
    expect(screen.getByText('This field is already in the list.')).toBeInTheDocument();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(latest).toEqual(['Department', 'Representative', 'Region']);

    fireEvent.change(input, { target: { value: 'Campaign' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(names()).toEqual(['DepartmentRequired', 'RepresentativeRequired', 'Region', 'Campaign']);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Region' }));
    expect(latest).toEqual(['Department', 'Representative', 'Campaign']);
  });
});
