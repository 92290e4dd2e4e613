import { memberRoutes, projectRoutes, promptRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { projectsQueryKey } from '../../shared/app/projects';
import { LAST_PROJECT_STORAGE_KEY } from '../../shared/app/selection';
import { promptFixture } from '../../test/prompts';
import { jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import { pageReload } from './reload';
import {
  callsTo,
  lastBody,
  member,
  mockSettingsApi,
  settingsProject,
  settingsRoutes,
  writeCalls,
} from './testUtils';

const location = () => screen.getByTestId('location').textContent;

async function openGeneral(handlers = {}, project = settingsProject()) {
  const fetch = mockSettingsApi(handlers, project);
  renderRoutes(settingsRoutes, '/projects/5/settings/general');
  await screen.findByRole('heading', { name: 'Project details' });
  return fetch;
}

describe('general tab', () => {
  it('saves the project form (PUT with name, description, role, timezone)', async () => {
    let saved = settingsProject();
    const fetch = await openGeneral({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [saved] }),
      [routeKey(projectRoutes.update, { id: 5 })]: (_url: URL, init?: RequestInit) => {
        saved = settingsProject({
          ...JSON.parse(String(init?.body)),
          updated_at: '2026-02-01T00:00:00.000Z',
        });
        return routeAnswer(projectRoutes.update, { data: saved });
      },
    });
    fireEvent.change(screen.getByLabelText(/Project Name/), { target: { value: '  Inbound calls ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Project updated successfully')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(projectRoutes.update, { id: 5 }))).toEqual({
      name: 'Inbound calls',
      description: 'Outbound sales',
      role: 'Sales',
      timezone: 'UTC',
    });
    // The page header follows the saved name.
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 1 }).parentElement).toHaveTextContent('Inbound calls'),
    );
  });

  it('cancel reloads the page instead of leaving it', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => {});
    await openGeneral();
    fireEvent.change(screen.getByLabelText(/Project Name/), { target: { value: 'Changed' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(location()).toBe('/projects/5/settings/general');
  });

  it('saves the analysis settings: phone field (blank means the default), keep media, default prompt', async () => {
    const fetch = await openGeneral({
      [routeKey(promptRoutes.list, { id: 5 })]: () =>
        jsonResponse(200, {
          data: [promptFixture({ id: 11 }), promptFixture({ id: 12, scriptName: 'Support QA' })],
        }),
      [routeKey(projectRoutes.update, { id: 5 })]: (_url: URL, init?: RequestInit) =>
        routeAnswer(projectRoutes.update, { data: settingsProject(JSON.parse(String(init?.body))) }),
    });
    const section = within(screen.getByTestId('analysis-settings'));
    const phone = section.getByLabelText('Phone metadata field (blacklist)');
    expect(phone).toHaveValue('');
    expect(phone).toHaveAttribute('placeholder', 'phone');
    expect(section.getByText(/When empty: phone \(any case, e.g. phone or Phone\)/)).toBeInTheDocument();
    const save = section.getByRole('button', { name: 'Save analysis settings' });
    expect(save).toBeDisabled();

    fireEvent.change(phone, { target: { value: ' Caller Phone ' } });
    fireEvent.click(section.getByRole('switch', { name: 'Keep the recordings of skipped conversations' }));
    fireEvent.mouseDown(section.getByRole('combobox', { name: 'Default prompt' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Support QA' }));
    fireEvent.click(save);
    expect(await screen.findByText('Analysis settings saved.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(projectRoutes.update, { id: 5 }))).toEqual({
      phone_metadata_field: 'Caller Phone',
      keep_skipped_media: true,
      default_prompt_id: 12,
      representative_channel: 'left',
    });

    // Clearing the field sends null (the default "phone").
    fireEvent.change(section.getByLabelText('Phone metadata field (blacklist)'), { target: { value: '  ' } });
    fireEvent.click(section.getByRole('button', { name: 'Save analysis settings' }));
    await waitFor(() => expect(callsTo(fetch, routeKey(projectRoutes.update, { id: 5 }))).toHaveLength(2));
    expect(lastBody(fetch, routeKey(projectRoutes.update, { id: 5 }))).toMatchObject({
      phone_metadata_field: null,
    });
  });

  it('saves which stereo channel carries the representative', async () => {
    const fetch = await openGeneral(
      {
        [routeKey(projectRoutes.update, { id: 5 })]: (_url: URL, init?: RequestInit) =>
          routeAnswer(projectRoutes.update, { data: settingsProject(JSON.parse(String(init?.body))) }),
      },
      settingsProject({ representative_channel: 'left' }),
    );
    const section = within(screen.getByTestId('analysis-settings'));
    const select = section.getByRole('combobox', { name: 'Representative channel (stereo recordings)' });
    expect(select).toHaveTextContent('Left (Channel 1)');
    expect(section.getByText(/the other one is the customer/)).toBeInTheDocument();
    const save = section.getByRole('button', { name: 'Save analysis settings' });
    expect(save).toBeDisabled();

    fireEvent.mouseDown(select);
    fireEvent.click(await screen.findByRole('option', { name: 'Right (Channel 2)' }));
    fireEvent.click(save);
    expect(await screen.findByText('Analysis settings saved.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(projectRoutes.update, { id: 5 }))).toMatchObject({
      representative_channel: 'right',
    });
    expect(
      section.getByRole('combobox', { name: 'Representative channel (stereo recordings)' }),
    ).toHaveTextContent('Right (Channel 2)');
  });

  it('deletes the project only once the typed name matches, then goes to the dashboard', async () => {
    const fetch = await openGeneral({
      [routeKey(projectRoutes.remove, { id: 5 })]: () =>
        routeAnswer(projectRoutes.remove, { data: { ok: true } }),
    });
    fireEvent.click(
      within(screen.getByTestId('danger-zone')).getByRole('button', { name: 'Delete project' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete project' }));
    const confirm = dialog.getByRole('button', { name: 'Delete this project' });
    const input = dialog.getByLabelText('Project name');
    expect(confirm).toBeDisabled();

    fireEvent.change(input, { target: { value: 'Sales' } });
    expect(confirm).toBeDisabled();
    expect(dialog.getByText('The name does not match the project name.')).toBeInTheDocument();
    fireEvent.change(input, { target: { value: 'sales calls' } });
    expect(confirm).toBeDisabled();
    fireEvent.change(input, { target: { value: '  Sales Calls ' } });
    expect(confirm).toBeEnabled();

    fireEvent.click(confirm);
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(lastBody(fetch, routeKey(projectRoutes.remove, { id: 5 }))).toEqual({
      confirm_name: 'Sales Calls',
    });
  });

  it('asks nothing more of a deleted project: it is forgotten once its pages are gone', async () => {
    localStorage.setItem(LAST_PROJECT_STORAGE_KEY, '5');
    let listed = [settingsProject()];
    const fetch = mockSettingsApi({
      [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: listed }),
      [routeKey(projectRoutes.remove, { id: 5 })]: () => {
        listed = [];
        return routeAnswer(projectRoutes.remove, { data: { ok: true } });
      },
    });
    // The dashboard's code loads on the way (a lazy page, as in the app), so the project's pages stay a moment.
    const Dashboard = lazy(async () => {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { default: () => <div>dashboard</div> };
    });
    const dashboard = { path: '/dashboard', element: <Dashboard /> };
    const { client } = renderRoutes([dashboard, ...settingsRoutes], '/projects/5/settings/general');
    await screen.findByRole('heading', { name: 'Project details' });
    fireEvent.click(
      within(screen.getByTestId('danger-zone')).getByRole('button', { name: 'Delete project' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete project' }));
    fireEvent.change(dialog.getByLabelText('Project name'), { target: { value: 'Sales Calls' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete this project' }));
    expect(await screen.findByText('dashboard')).toBeInTheDocument();
    await waitFor(() => expect(client.getQueryData(projectsQueryKey)).toEqual([]));

    const deletedAt = fetch.mock.calls.findIndex(([, init]) => init?.method === 'DELETE');
    const after = fetch.mock.calls
      .slice(deletedAt + 1)
      .map(([input]) => new URL(String(input), 'http://localhost').pathname);
    expect(after.filter((path) => path.startsWith('/api/projects/5'))).toEqual([]);
    expect(client.getQueryCache().findAll({ predicate: (query) => query.queryKey[1] === 5 })).toEqual([]);
    expect(localStorage.getItem(LAST_PROJECT_STORAGE_KEY)).toBeNull();
  });

  it('shows the server error when deleting fails', async () => {
    await openGeneral({
      [routeKey(projectRoutes.remove, { id: 5 })]: () =>
        jsonResponse(400, {
          error: { code: 'confirmation_mismatch', message: 'Type the project name exactly.' },
        }),
    });
    fireEvent.click(
      within(screen.getByTestId('danger-zone')).getByRole('button', { name: 'Delete project' }),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Delete project' }));
    fireEvent.change(dialog.getByLabelText('Project name'), { target: { value: 'Sales Calls' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Delete this project' }));
    expect(
      await dialog.findByText('Type the project name exactly to confirm deleting it.'),
    ).toBeInTheDocument();
    expect(location()).toBe('/projects/5/settings/general');
  });

  it('transfers ownership to a chosen member after confirmation', async () => {
    const fetch = await openGeneral({
      [routeKey(memberRoutes.list, { id: 5 })]: () =>
        routeAnswer(memberRoutes.list, {
          data: {
            members: [
              member(1, 'owner', { name: 'Ada Lovelace', email: 'ada@example.com' }),
              member(2, 'admin', { name: 'Grace Hopper' }),
            ],
            invites: [],
          },
        }),
      [routeKey(projectRoutes.transferOwnership, { id: 5 })]: () =>
        routeAnswer(projectRoutes.transferOwnership, { data: { ok: true } }),
    });
    const zone = within(screen.getByTestId('danger-zone'));
    expect(zone.getByRole('button', { name: 'Transfer' })).toBeDisabled();
    const select = zone.getByRole('combobox', { name: 'New owner' });
    await waitFor(() => expect(select).not.toHaveAttribute('aria-disabled'));
    fireEvent.mouseDown(select);
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Grace Hopper (member2@example.com)']);
    fireEvent.click(options[0]!);
    fireEvent.click(zone.getByRole('button', { name: 'Transfer' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Transfer ownership' }));
    expect(dialog.getByText(/Make Grace Hopper the owner of Sales Calls/)).toBeInTheDocument();
    fireEvent.click(dialog.getByRole('button', { name: 'Transfer' }));
    expect(await screen.findByText('Grace Hopper is now the owner of the project.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(projectRoutes.transferOwnership, { id: 5 }))).toEqual({ user_id: 2 });
  });

  it('an admin sees the danger zone disabled (owner only)', async () => {
    await openGeneral({}, settingsProject({ my_role: 'admin' }));
    const zone = within(screen.getByTestId('danger-zone'));
    expect(zone.getByRole('button', { name: 'Delete project' })).toBeDisabled();
    expect(zone.getByRole('button', { name: 'Transfer' })).toBeDisabled();
    expect(zone.getAllByText('Only an owner of the project can do this.')).toHaveLength(2);
  });

  it('shows the project details as a section like the others, the form without a frame of its own', async () => {
    await openGeneral();
    const details = within(screen.getByTestId('project-details'));
    expect(details.getByRole('heading', { name: 'Project details' })).toBeInTheDocument();
    expect(details.getByLabelText(/Project Name/)).toHaveValue('Sales Calls');
    expect(details.getByRole('button', { name: 'Save Changes' })).toBeInTheDocument();
    // The section is the only card: no outlined paper inside it.
    expect(screen.getByTestId('project-details').querySelector('.MuiPaper-outlined')).toBeNull();
  });

  it('read-only (support access): every control that writes is disabled and nothing is sent', async () => {
    const fetch = await openGeneral(
      {
        [routeKey(promptRoutes.list, { id: 5 })]: () =>
          jsonResponse(200, { data: [promptFixture({ id: 11 })] }),
        [routeKey(memberRoutes.list, { id: 5 })]: () =>
          routeAnswer(memberRoutes.list, {
            data: {
              members: [
                member(1, 'owner', { name: 'Ada Lovelace', email: 'ada@example.com' }),
                member(2, 'admin', { name: 'Grace Hopper' }),
              ],
              invites: [],
            },
          }),
      },
      settingsProject({ read_only: true }),
    );
    const details = within(screen.getByTestId('project-details'));
    expect(details.getByLabelText(/Project Name/)).toBeDisabled();
    expect(details.getByLabelText('Description')).toBeDisabled();
    expect(details.getByRole('combobox', { name: 'Project Role' })).toHaveAttribute('aria-disabled', 'true');
    expect(details.getByRole('combobox', { name: 'Timezone' })).toHaveAttribute('aria-disabled', 'true');
    expect(details.getByRole('button', { name: 'Save Changes' })).toBeDisabled();
    fireEvent.submit(screen.getByTestId('project-details').querySelector('form')!);

    const analysis = within(screen.getByTestId('analysis-settings'));
    await waitFor(() =>
      expect(analysis.getByRole('combobox', { name: 'Default prompt' })).toHaveTextContent('None'),
    );
    expect(analysis.getByLabelText('Phone metadata field (blacklist)')).toBeDisabled();
    expect(
      analysis.getByRole('switch', { name: 'Keep the recordings of skipped conversations' }),
    ).toBeDisabled();
    expect(analysis.getByRole('combobox', { name: 'Default prompt' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(analysis.getByRole('button', { name: 'Save analysis settings' })).toBeDisabled();

    const zone = within(screen.getByTestId('danger-zone'));
    await waitFor(() => expect(callsTo(fetch, routeKey(memberRoutes.list, { id: 5 }))).toHaveLength(1));
    expect(zone.getByRole('combobox', { name: 'New owner' })).toHaveAttribute('aria-disabled', 'true');
    expect(zone.getByRole('button', { name: 'Transfer' })).toBeDisabled();
    expect(zone.getByRole('button', { name: 'Delete project' })).toBeDisabled();
    fireEvent.click(zone.getByRole('button', { name: 'Delete project' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(writeCalls(fetch)).toEqual([]);
  });

  it('without read-only the same controls are enabled', async () => {
    await openGeneral();
    const details = within(screen.getByTestId('project-details'));
    expect(details.getByLabelText(/Project Name/)).toBeEnabled();
    expect(details.getByRole('button', { name: 'Save Changes' })).toBeEnabled();
    const analysis = within(screen.getByTestId('analysis-settings'));
    expect(analysis.getByLabelText('Phone metadata field (blacklist)')).toBeEnabled();
    expect(
      analysis.getByRole('switch', { name: 'Keep the recordings of skipped conversations' }),
    ).toBeEnabled();
    expect(
      within(screen.getByTestId('danger-zone')).getByRole('button', { name: 'Delete project' }),
    ).toBeEnabled();
  });
});
