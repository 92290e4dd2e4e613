import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TestProviders, testQueryClient } from '../../test/utils';
import i18n from '../i18n';
import { DateRangePicker } from './DateRangePicker';

type Change = (start: string | null, end: string | null) => void;

/** The picker with its value kept by the parent, as a page does. */
function Parent({ start, end, onChange }: { start: string | null; end: string | null; onChange: Change }) {
  const [range, setRange] = useState({ start, end });
  return (
    <DateRangePicker
      start={range.start}
      end={range.end}
      onChange={(start, end) => {
        setRange({ start, end });
        onChange(start, end);
      }}
    />
  );
}

function setup(start: string | null = null, end: string | null = null) {
  const onChange = vi.fn<Change>();
  render(
    <TestProviders client={testQueryClient()}>
      <Parent start={start} end={end} onChange={onChange} />
    </TestProviders>,
  );
  return { onChange, user: userEvent.setup() };
}

const field = () => screen.getByRole('textbox', { name: 'Date range' });
const draft = () => screen.getByTestId('date-range-draft');
const day = (name: RegExp) => screen.getByRole('button', { name });

async function openPicker(user: ReturnType<typeof userEvent.setup>) {
  await user.click(field());
  return screen.findByRole('dialog', { name: 'Date range' });
}

beforeEach(() => {
  // Only the clock is fake: "today" is Thursday 5 March 2026, late in the evening.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 5, 22, 30));
});

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('DateRangePicker', () => {
  it("shows 'start - end' in the UI language, with '...' for a missing side", () => {
    setup('2026-03-01', '2026-03-31');
    expect(field()).toHaveValue('Mar 1, 2026 - Mar 31, 2026');
    expect(field()).toHaveAttribute('readonly');
  });

  it("shows '...' for the missing start or end", () => {
    setup('2026-03-01', null);
    expect(field()).toHaveValue('Mar 1, 2026 - ...');
  });

  it('is empty without dates, and offers no clear button then', () => {
    setup(null, '2026-03-31');
    expect(field()).toHaveValue('... - Mar 31, 2026');
    render(<DateRangePicker start={null} end={null} onChange={() => {}} label="Period" />);
    expect(screen.getByRole('textbox', { name: 'Period' })).toHaveValue('');
    expect(screen.getAllByRole('button', { name: 'Clear dates' })).toHaveLength(1);
  });

  it('clears both dates and tells the parent, without opening the popup', async () => {
    const { onChange, user } = setup('2026-03-01', '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null, null);
    expect(field()).toHaveValue('');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Clear dates' })).not.toBeInTheDocument();
  });

  it('opens on the start month with two months, presets, Cancel and Apply; the arrows change months', async () => {
    const { user } = setup('2026-01-20', '2026-02-03');
    const dialog = await openPicker(user);
    expect(
      within(dialog)
        .getAllByRole('grid')
        .map((grid) => grid.getAttribute('aria-label')),
    ).toEqual(['January 2026', 'February 2026']);
    const presets = within(dialog).getByRole('list', { name: 'Quick ranges' });
    expect(
      within(presets)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Today', 'Yesterday', 'Last 7 days', 'Last 30 days', 'This month', 'Previous month']);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Apply' })).toBeInTheDocument();
    expect(day(/January 20th, 2026/)).toHaveAttribute('aria-label', expect.stringMatching(/selected$/));

    await user.click(within(dialog).getByRole('button', { name: 'Go to the Next Month' }));
    expect(within(dialog).getAllByRole('grid')[0]).toHaveAttribute('aria-label', 'February 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Go to the Previous Month' }));
    await user.click(within(dialog).getByRole('button', { name: 'Go to the Previous Month' }));
    expect(within(dialog).getAllByRole('grid')[0]).toHaveAttribute('aria-label', 'December 2025');
  });

  it('opens a new pick on the previous month (left) and the current one (right), offering no future day', async () => {
    const { user } = setup();
    const dialog = await openPicker(user);
    expect(
      within(dialog)
        .getAllByRole('grid')
        .map((grid) => grid.getAttribute('aria-label')),
    ).toEqual(['February 2026', 'March 2026']);
    expect(day(/March 5th, 2026/)).toBeEnabled();
    expect(day(/March 6th, 2026/)).toBeDisabled();
    expect(day(/March 31st, 2026/)).toBeDisabled();
    await user.click(day(/March 6th, 2026/));
    expect(draft()).toBeEmptyDOMElement();
    // No month after the current one.
    const next = within(dialog).getByRole('button', { name: 'Go to the Next Month' });
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.click(next);
    expect(within(dialog).getAllByRole('grid')[1]).toHaveAttribute('aria-label', 'March 2026');
    await user.click(day(/March 5th, 2026/));
    expect(draft()).toHaveTextContent('Mar 5, 2026 - ...');
  });

  it("opens a range on its end's month at the right, and a range in the future on the current month", async () => {
    const { user } = setup('2025-11-20', '2025-12-03');
    const dialog = await openPicker(user);
    expect(within(dialog).getAllByRole('grid')[1]).toHaveAttribute('aria-label', 'December 2025');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(field());
    const reopened = await screen.findByRole('dialog', { name: 'Date range' });
    expect(within(reopened).getAllByRole('grid')[1]).toHaveAttribute('aria-label', 'March 2026');
  });

  it('selects and shows a preset; Apply passes its days', async () => {
    const { onChange, user } = setup();
    const dialog = await openPicker(user);
    const lastWeek = within(dialog).getByRole('button', { name: 'Last 7 days' });
    await user.click(lastWeek);
    expect(lastWeek).toHaveAttribute('aria-pressed', 'true');
    expect(draft()).toHaveTextContent('Feb 27, 2026 - Mar 5, 2026');
    // The calendar moves to the range's first month and marks it.
    expect(within(dialog).getAllByRole('grid')[0]).toHaveAttribute('aria-label', 'February 2026');
    expect(day(/February 27th, 2026/)).toHaveAttribute('aria-label', expect.stringMatching(/selected$/));
    expect(onChange).not.toHaveBeenCalled();

    await user.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    expect(draft()).toHaveTextContent('Feb 1, 2026 - Feb 28, 2026');
    await user.click(within(dialog).getByRole('button', { name: 'Last 30 days' }));
    await user.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-02-04', '2026-03-05');
    expect(field()).toHaveValue('Feb 4, 2026 - Mar 5, 2026');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('alternates between picking the start and the end', async () => {
    const { onChange, user } = setup();
    await openPicker(user);
    await user.click(day(/February 10th, 2026/));
    expect(draft()).toHaveTextContent('Feb 10, 2026 - ...');
    await user.click(day(/February 20th, 2026/));
    expect(draft()).toHaveTextContent('Feb 10, 2026 - Feb 20, 2026');
    // A full range: the next click starts a new one, the one after ends it (in the second month here).
    await user.click(day(/February 25th, 2026/));
    expect(draft()).toHaveTextContent('Feb 25, 2026 - ...');
    await user.click(day(/March 2nd, 2026/));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-02-25', '2026-03-02');
  });

  it('takes a click before the start, while picking the end, as a new start', async () => {
    const { onChange, user } = setup();
    await openPicker(user);
    await user.click(day(/February 10th, 2026/));
    await user.click(day(/February 3rd, 2026/));
    expect(draft()).toHaveTextContent('Feb 3, 2026 - ...');
    await user.click(day(/February 8th, 2026/));
    expect(draft()).toHaveTextContent('Feb 3, 2026 - Feb 8, 2026');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-02-03', '2026-02-08');
  });

  it('applies a start alone as a start without an end', async () => {
    const { onChange, user } = setup();
    await openPicker(user);
    await user.click(day(/February 10th, 2026/));
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('2026-02-10', null);
    expect(field()).toHaveValue('Feb 10, 2026 - ...');
  });

  it('Cancel clears both dates and tells the parent with nulls', async () => {
    const { onChange, user } = setup('2026-03-01', '2026-03-31');
    await openPicker(user);
    await user.click(day(/March 10th, 2026/));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith(null, null);
    expect(field()).toHaveValue('');
  });

  it('closing the popup otherwise (Escape) changes nothing', async () => {
    const { onChange, user } = setup('2026-03-01', '2026-03-31');
    await openPicker(user);
    await user.click(day(/March 10th, 2026/));
    await user.keyboard('{Escape}');
    expect(onChange).not.toHaveBeenCalled();
    expect(field()).toHaveValue('Mar 1, 2026 - Mar 31, 2026');
  });

  it('opens from the keyboard', async () => {
    const { user } = setup();
    await user.tab();
    expect(field()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Date range' })).toBeInTheDocument();
  });

  it('starts weeks on Sunday in English and on Monday in the other languages, with their names', async () => {
    const { user } = setup('2026-03-01', '2026-03-31');
    let dialog = await openPicker(user);
    expect(within(dialog).getAllByRole('columnheader', { hidden: true })[0]).toHaveAttribute(
      'aria-label',
      'Sunday',
    );
    await user.keyboard('{Escape}');

    await i18n.changeLanguage('de');
    expect(screen.getByRole('textbox', { name: 'Zeitraum' })).toHaveValue('01.03.2026 - 31.03.2026');
    await user.click(screen.getByRole('textbox', { name: 'Zeitraum' }));
    dialog = await screen.findByRole('dialog', { name: 'Zeitraum' });
    const grids = await within(dialog).findAllByRole('grid', { name: 'März 2026' });
    expect(within(grids[0]!).getAllByRole('columnheader', { hidden: true })[0]).toHaveAttribute(
      'aria-label',
      'Montag',
    );
    expect(within(dialog).getByRole('button', { name: 'Letzte 7 Tage' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Übernehmen' })).toBeInTheDocument();
  });
});
