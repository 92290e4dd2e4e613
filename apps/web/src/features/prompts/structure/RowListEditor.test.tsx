import { EXPLANATION_MAX } from '@parley/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RowListEditor, RowTextField } from './RowListEditor';

interface Row {
  text: string;
}

let latest: Row[] = [];

function Harness({ initial, notice }: { initial: Row[]; notice?: string }) {
  const [rows, setRows] = useState(initial);
  latest = rows;
  return (
    <RowListEditor
      rows={rows}
      onChange={setRows}
      title="Things"
      testId="things"
      addLabel="Add thing"
      removeLabel="Remove thing"
      removeRowLabel={(number) => `Remove thing ${number}`}
      newRow={(current) => ({ text: `new ${current.length + 1}` })}
      notice={notice}
      renderRow={(row, change) => (
        <RowTextField label="Text" value={row.text} onChange={(text) => change({ ...row, text })} />
      )}
    />
  );
}

const texts = () => screen.queryAllByLabelText('Text').map((input) => (input as HTMLTextAreaElement).value);

describe('row list editor', () => {
  it('shows the title, the notice and one row per item', () => {
    render(<Harness initial={[{ text: 'a' }, { text: 'b' }]} notice="Nothing to choose from" />);
    const list = within(screen.getByTestId('things'));
    expect(list.getByText('Things')).toBeInTheDocument();
    expect(list.getByText('Nothing to choose from')).toBeInTheDocument();
    expect(texts()).toEqual(['a', 'b']);
    expect(list.getAllByRole('button', { name: /^Remove thing \d$/ })).toHaveLength(2);
  });

  it('appends the row newRow makes from the current rows', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[]} />);
    expect(texts()).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Add thing' }));
    await user.click(screen.getByRole('button', { name: 'Add thing' }));
    expect(latest).toEqual([{ text: 'new 1' }, { text: 'new 2' }]);
  });

  it('edits only the row typed in', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ text: 'a' }, { text: 'b' }]} />);
    await user.type(screen.getAllByLabelText('Text')[1]!, '2');
    expect(latest).toEqual([{ text: 'a' }, { text: 'b2' }]);
  });

  it('removes the row whose button is pressed; the others keep their texts and renumber', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ text: 'a' }, { text: 'b' }, { text: 'c' }]} />);
    await user.click(screen.getByRole('button', { name: 'Remove thing 2' }));
    expect(latest).toEqual([{ text: 'a' }, { text: 'c' }]);
    expect(texts()).toEqual(['a', 'c']);
    expect(screen.queryByRole('button', { name: 'Remove thing 3' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove thing 2' }));
    expect(latest).toEqual([{ text: 'a' }]);
  });

  it('names the remove button in its tooltip', async () => {
    const user = userEvent.setup();
    render(<Harness initial={[{ text: 'a' }]} />);
    await user.hover(screen.getByRole('button', { name: 'Remove thing 1' }));
    expect(await screen.findByRole('tooltip')).toHaveTextContent('Remove thing');
  });
});

describe('row text field', () => {
  it('is a multi-line input limited to the explanation length', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<RowTextField label="Explanation" value="" onChange={onChange} />);
    const input = screen.getByLabelText('Explanation');
    expect(input.tagName).toBe('TEXTAREA');
    expect(input).toHaveAttribute('maxlength', String(EXPLANATION_MAX));
    await user.type(input, 'x');
    expect(onChange).toHaveBeenCalledWith('x');
  });
});
