import { type RepMapping, repRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import {
  callsTo,
  lastBody,
  mockSettingsApi,
  repMapping,
  settingsProject,
  settingsRoutes,
  writeCalls,
} from './testUtils';

/** A fake rep-mapping API with a list kept in memory. */
function mockReps(initial: RepMapping[], project = settingsProject()) {
  let entries = [...initial];
  let nextId = 100;
  const fetch = mockSettingsApi(
    {
      [routeKey(repRoutes.listMappings, { id: 5 })]: () =>
        routeAnswer(repRoutes.listMappings, { data: entries }),
      [routeKey(repRoutes.representatives, { id: 5 })]: () =>
        routeAnswer(repRoutes.representatives, { data: ['Ann Smith', 'Bob Jones'] }),
      [routeKey(repRoutes.departments, { id: 5 })]: () =>
        routeAnswer(repRoutes.departments, { data: ['Sales'] }),
      [routeKey(repRoutes.createMapping, { id: 5 })]: (_url, init) => {
        const body = JSON.parse(String(init?.body));
        const created = repMapping(nextId++, body);
        entries = [...entries, created];
        return routeAnswer(repRoutes.createMapping, { data: created });
      },
      [routeKey(repRoutes.updateMapping, { id: 5, mappingId: 1 })]: (_url, init) => {
        const updated = repMapping(1, JSON.parse(String(init?.body)));
        entries = entries.map((entry) => (entry.id === 1 ? updated : entry));
        return routeAnswer(repRoutes.updateMapping, { data: updated });
      },
      [routeKey(repRoutes.removeMapping, { id: 5, mappingId: 1 })]: () => {
        entries = entries.filter((entry) => entry.id !== 1);
        return routeAnswer(repRoutes.removeMapping, { data: { ok: true } });
      },
      [routeKey(repRoutes.applyMappings, { id: 5 })]: () =>
        routeAnswer(repRoutes.applyMappings, { data: { changed: 42 } }),
    },
    project,
  );
  return fetch;
}

async function open(initial: RepMapping[], project = settingsProject()) {
  const fetch = mockReps(initial, project);
  renderRoutes(settingsRoutes, '/projects/5/settings/rep-mapping');
  await screen.findByRole('heading', { name: 'Rep mapping' });
  return fetch;
}

describe('rep mapping tab', () => {
  it('shows an empty state with an add button; apply works without mappings too', async () => {
    const fetch = await open([]);
    expect(await screen.findByText('No mappings yet')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add mapping' })).toHaveLength(2);
    expect(
      screen.getByText(/values that are no longer mapped go back to those in the metadata/),
    ).toBeInTheDocument();
    // With the last mapping deleted, applying gives the analyses their metadata's values back.
    const apply = screen.getByRole('button', { name: 'Apply to existing analyses' });
    expect(apply).toBeEnabled();
    fireEvent.click(apply);
    expect(await screen.findByTestId('apply-result')).toHaveTextContent('Existing analyses updated: 42.');
    expect(callsTo(fetch, routeKey(repRoutes.applyMappings, { id: 5 }))).toHaveLength(1);
  });

  it('after deleting the last mapping it can still be applied', async () => {
    const fetch = await open([repMapping(1, { identifier: '101' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete 101' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete mapping' }));
    expect(
      dialog.getByText(
        'Delete the mapping of 101? Existing analyses keep their values until the mapping is applied again.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('No mappings yet')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    fireEvent.click(screen.getByRole('button', { name: 'Apply to existing analyses' }));
    expect(await screen.findByTestId('apply-result')).toBeInTheDocument();
    expect(callsTo(fetch, routeKey(repRoutes.applyMappings, { id: 5 }))).toHaveLength(1);
  });

  it('read-only (support access): the list can be read and filtered, nothing can be changed', async () => {
    const entries = Array.from({ length: 12 }, (_, i) => repMapping(i + 1, { identifier: `ext-${i + 1}` }));
    const fetch = await open(entries, settingsProject({ read_only: true }));
    const table = within(await screen.findByRole('table', { name: 'Rep mapping' }));
    expect(table.getByText('Rep 12')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Filter'), { target: { value: 'ext-12' } });
    expect(table.queryByText('Rep 1')).not.toBeInTheDocument();
    expect(table.getByText('Rep 12')).toBeInTheDocument();

    const apply = screen.getByRole('button', { name: 'Apply to existing analyses' });
    const add = screen.getByRole('button', { name: 'Add mapping' });
    const edit = table.getByRole('button', { name: 'Edit ext-12' });
    const remove = table.getByRole('button', { name: 'Delete ext-12' });
    for (const button of [apply, add, edit, remove]) {
      expect(button).toBeDisabled();
      fireEvent.click(button);
    }
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(writeCalls(fetch)).toEqual([]);
  });

  it('read-only without mappings: neither add nor apply', async () => {
    await open([], settingsProject({ read_only: true }));
    expect(await screen.findByText('No mappings yet')).toBeInTheDocument();
    for (const button of screen.getAllByRole('button', { name: 'Add mapping' }))
      expect(button).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Apply to existing analyses' })).toBeDisabled();
  });

  it('adds, edits and deletes mappings', async () => {
    const fetch = await open([
      repMapping(1, { identifier: '101', representative: 'Ann Smith', department: 'Sales' }),
    ]);
    const table = within(await screen.findByRole('table', { name: 'Rep mapping' }));
    expect(table.getByText('101')).toBeInTheDocument();
    expect(table.getByText('Ann Smith')).toBeInTheDocument();
    expect(table.getByText('Sales')).toBeInTheDocument();

    // add: both fields are required
    fireEvent.click(screen.getByRole('button', { name: 'Add mapping' }));
    let dialog = within(await screen.findByRole('dialog', { name: 'Add mapping' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(dialog.getByText('Please enter a name, extension, email or phone number.')).toBeInTheDocument();
    expect(dialog.getByText('Please enter the representative.')).toBeInTheDocument();
    fireEvent.change(dialog.getByRole('textbox', { name: 'Identifier' }), {
      target: { value: ' bob@example.com ' },
    });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Representative' }), {
      target: { value: 'Bob Jones' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mapping of bob@example.com added.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(repRoutes.createMapping, { id: 5 }))).toEqual({
      identifier: 'bob@example.com',
      representative: 'Bob Jones',
      department: null,
    });
    expect(await screen.findByText('bob@example.com')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // edit
    fireEvent.click(screen.getByRole('button', { name: 'Edit 101' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Edit mapping' }));
    expect(dialog.getByRole('textbox', { name: 'Identifier' })).toHaveValue('101');
    fireEvent.change(dialog.getByRole('combobox', { name: 'Department' }), { target: { value: '' } });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Representative' }), {
      target: { value: 'Ann S.' },
    });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Mapping of 101 saved.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(repRoutes.updateMapping, { id: 5, mappingId: 1 }))).toEqual({
      identifier: '101',
      representative: 'Ann S.',
      department: null,
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // delete
    fireEvent.click(screen.getByRole('button', { name: 'Delete 101' }));
    dialog = within(await screen.findByRole('dialog', { name: 'Delete mapping' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Mapping of 101 deleted.')).toBeInTheDocument();
    expect(callsTo(fetch, routeKey(repRoutes.removeMapping, { id: 5, mappingId: 1 }))).toHaveLength(1);
    await waitFor(() => expect(screen.queryByText('101')).not.toBeInTheDocument());
  });

  it('shows a duplicate identifier refused by the server in the dialog', async () => {
    mockSettingsApi({
      [routeKey(repRoutes.listMappings, { id: 5 })]: () =>
        routeAnswer(repRoutes.listMappings, { data: [repMapping(1)] }),
      [routeKey(repRoutes.createMapping, { id: 5 })]: () =>
        jsonResponse(409, { error: { code: 'duplicate_identifier', message: '"ext-1" is already mapped.' } }),
    });
    renderRoutes(settingsRoutes, '/projects/5/settings/rep-mapping');
    fireEvent.click(await screen.findByRole('button', { name: 'Add mapping' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add mapping' }));
    fireEvent.change(dialog.getByRole('textbox', { name: 'Identifier' }), { target: { value: 'EXT-1' } });
    fireEvent.change(dialog.getByRole('combobox', { name: 'Representative' }), { target: { value: 'Ann' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await dialog.findByText('This identifier is already mapped in this project.')).toBeInTheDocument();
  });

  it('applies the mapping to existing analyses and shows how many changed', async () => {
    const fetch = await open([repMapping(1)]);
    const apply = await screen.findByRole('button', { name: 'Apply to existing analyses' });
    await waitFor(() => expect(apply).toBeEnabled());
    fireEvent.click(apply);
    expect(await screen.findByTestId('apply-result')).toHaveTextContent('Existing analyses updated: 42.');
    expect(callsTo(fetch, routeKey(repRoutes.applyMappings, { id: 5 }))).toHaveLength(1);
  });
});
