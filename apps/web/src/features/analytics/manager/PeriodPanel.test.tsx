import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { queriesOf, urlsOf } from '../../../test/analytics';
import { renderRoutes } from '../../../test/utils';
import { MANAGER_API, managerPages, mockManagerApi, periodNames, todayIsWednesday18March } from './testUtils';

const PAGE = '/projects/5/analytics/manager-dashboard';
const location = () => screen.getByTestId('location').textContent ?? '';
const button = (name: string) => screen.queryByRole('button', { name });

async function openPanel(path = PAGE) {
  const view = renderRoutes(managerPages, path);
  await screen.findAllByTestId('period-card');
  return view;
}

async function choosePrompt(name: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Prompt' }));
  fireEvent.click(await screen.findByRole('option', { name }));
}

beforeEach(todayIsWednesday18March);

describe('manager dashboard: period configuration', () => {
  it('starts with the previous and the current week; Add Current only once no period is current', async () => {
    mockManagerApi();
    await openPanel();
    expect(screen.getByRole('button', { name: 'Weeks' })).toHaveAttribute('aria-pressed', 'true');
    expect(periodNames()).toEqual(['Previous week', 'Current week']);
    // English weeks start on Sunday: 15 to 21 March.
    const current = screen.getByRole('group', { name: 'Current week' });
    expect(within(current).getByRole('textbox', { name: 'Dates' })).toHaveValue(
      'Mar 15, 2026 - Mar 21, 2026',
    );
    expect(button('Add Previous')).toBeInTheDocument();
    expect(button('Add Current')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Remove Current week' }));
    expect(periodNames()).toEqual(['Previous week']);
    await userEvent.click(screen.getByRole('button', { name: 'Add Current' }));
    expect(periodNames()).toEqual(['Previous week', 'Current week']);
    expect(button('Add Current')).not.toBeInTheDocument();
  });

  it('offers Add Previous while fewer than 4 periods exist, and removing while more than one remains', async () => {
    mockManagerApi();
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Add Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add Previous' }));
    expect(periodNames()).toEqual(['3 weeks ago', '2 weeks ago', 'Previous week', 'Current week']);
    expect(button('Add Previous')).not.toBeInTheDocument();
    expect(location()).toContain(
      'period=2026-02-22..2026-02-28&period=2026-03-01..2026-03-07&period=2026-03-08..2026-03-14&period=2026-03-15..2026-03-21',
    );

    for (const name of ['3 weeks ago', '2 weeks ago', 'Previous week']) {
      await userEvent.click(screen.getByRole('button', { name: `Remove ${name}` }));
    }
    expect(periodNames()).toEqual(['Current week']);
    expect(screen.queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
    expect(button('Add Previous')).toBeInTheDocument();
  });

  it('days view: the two days before today, and no Add Current; a view change starts from its defaults', async () => {
    mockManagerApi();
    await openPanel();
    await userEvent.click(screen.getByRole('button', { name: 'Add Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Days' }));
    expect(periodNames()).toEqual(['2 days ago', 'Yesterday']);
    expect(button('Add Current')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add Previous' }));
    expect(periodNames()).toEqual(['3 days ago', '2 days ago', 'Yesterday']);
    expect(button('Add Current')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Months' }));
    expect(periodNames()).toEqual(['Previous month', 'Current month']);
    expect(location()).toBe(
      `${PAGE}?view=months&period=2026-02-01..2026-02-28&period=2026-03-01..2026-03-31`,
    );
  });

  it('a period given its own dates is named by them and the periods stay oldest first', async () => {
    mockManagerApi();
    await openPanel();
    const current = screen.getByRole('group', { name: 'Current week' });
    await userEvent.click(within(current).getByRole('textbox', { name: 'Dates' }));
    const picker = await screen.findByRole('dialog', { name: 'Dates' });
    await userEvent.click(within(picker).getByRole('button', { name: 'Last 30 days' }));
    await userEvent.click(within(picker).getByRole('button', { name: 'Apply' }));

    // 17 February to 18 March starts before the previous week: it becomes the first period.
    await waitFor(() => expect(periodNames()).toEqual(['Feb 17 – Mar 18, 2026', 'Previous week']));
    expect(location()).toContain('period=2026-02-17..2026-03-18&period=2026-03-08..2026-03-14');
    // No period is the current week any more.
    expect(button('Add Current')).toBeInTheDocument();
  });

  it('Generate waits for a prompt; then asks for the periods, departments and representatives chosen', async () => {
    const fetch = mockManagerApi();
    await openPanel();
    expect(screen.getByRole('button', { name: 'Generate' })).toBeDisabled();
    expect(screen.getByText('Compare periods')).toBeInTheDocument();

    await choosePrompt('Sales scorecard');
    await userEvent.click(screen.getByRole('combobox', { name: 'Departments' }));
    // The project's names without the literal 'null' and 'undefined'.
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Sales',
      'Support',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Sales' }));
    await userEvent.click(screen.getByRole('combobox', { name: 'Representatives' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Alice',
      'Bob',
    ]);
    await userEvent.click(screen.getByRole('option', { name: 'Bob' }));
    expect(queriesOf(fetch, MANAGER_API)).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findAllByTestId('comparison-row');
    const asked = urlsOf(fetch, MANAGER_API);
    expect(asked).toHaveLength(1);
    expect(asked[0]!.searchParams.getAll('period')).toEqual([
      '2026-03-08..2026-03-14',
      '2026-03-15..2026-03-21',
    ]);
    expect(Object.fromEntries(asked[0]!.searchParams)).toMatchObject({
      prompt_id: '3',
      department: 'Sales',
      representative: 'Bob',
    });
    expect(location()).toBe(
      `${PAGE}?view=weeks&period=2026-03-08..2026-03-14&period=2026-03-15..2026-03-21&prompt_id=3&department=Sales&representative=Bob`,
    );
  });

  it('a link keeps the configuration and shows its comparison; a change waits for Generate', async () => {
    const fetch = mockManagerApi();
    await openPanel(
      `${PAGE}?view=months&period=2026-03-01..2026-03-31&period=2026-01-01..2026-01-31&prompt_id=4&department=Sales`,
    );
    expect(periodNames()).toEqual(['2 months ago', 'Current month']);
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Prompt' })).toHaveTextContent('Support checklist'),
    );
    expect(screen.getByRole('button', { name: 'Sales' })).toBeInTheDocument();
    await screen.findAllByTestId('comparison-row');
    expect(queriesOf(fetch, MANAGER_API)).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Add Previous' }));
    expect(periodNames()).toEqual(['3 months ago', '2 months ago', 'Current month']);
    expect(screen.getByText(/The settings changed after this comparison was generated/)).toBeInTheDocument();
    expect(queriesOf(fetch, MANAGER_API)).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await waitFor(() => expect(queriesOf(fetch, MANAGER_API)).toHaveLength(2));
    await waitFor(() =>
      expect(screen.queryByText(/The settings changed after this comparison/)).not.toBeInTheDocument(),
    );
  });
});
