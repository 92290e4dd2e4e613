import { projectRoutes, TEXTS } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockSettingsApi, settingsProject, settingsRoutes } from '../../features/settings/testUtils';
import { jsonResponse, renderRoutes, routeAnswer, routeKey } from '../../test/utils';

const location = () => screen.getByTestId('location').textContent;

describe('settings page', () => {
  it('redirects /settings to the general tab and shows the breadcrumb', async () => {
    mockSettingsApi();
    renderRoutes(settingsRoutes, '/projects/5/settings');
    expect(await screen.findByRole('heading', { name: 'Project details' })).toBeInTheDocument();
    expect(location()).toBe('/projects/5/settings/general');

    const crumbs = within(screen.getByTestId('settings-breadcrumb'));
    expect(crumbs.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    expect(crumbs.getByRole('link', { name: 'Project' })).toHaveAttribute('href', '/projects/5');
    expect(crumbs.getByText('Settings')).toHaveAttribute('aria-current', 'page');
  });

  it("takes the API keys tab's project from ?projectId=, else the selected project", async () => {
    mockSettingsApi({
      [routeKey(projectRoutes.get, { id: 9 })]: () =>
        routeAnswer(projectRoutes.get, { data: settingsProject({ id: 9, name: 'Other' }) }),
    });
    renderRoutes(settingsRoutes, '/projects/9/settings/api-keys?projectId=5');
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(location()).toBe('/projects/5/settings/api-keys');
  });

  it('has the tabs in order; choosing one navigates to its route', async () => {
    mockSettingsApi();
    renderRoutes(settingsRoutes, '/projects/5/settings/general');
    await screen.findByRole('heading', { name: 'Project details' });
    const tabs = screen.getAllByRole('tab').map((tab) => tab.textContent);
    expect(tabs).toEqual([
      'General',
      'Team Members',
      'Rep Mapping',
      'Team Leaders',
      'API Keys',
      'Webhooks',
      'Automations',
      'Trackers',
      'Privacy',
      'Data Requests',
      'Audit Trail',
      'Support Access',
    ]);
    expect(screen.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(screen.getByRole('tab', { name: 'API Keys' }));
    expect(location()).toBe('/projects/5/settings/api-keys');
    expect(await screen.findByText('No API keys yet')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'API Keys' })).toHaveAttribute('aria-selected', 'true');

    fireEvent.click(screen.getByRole('tab', { name: 'Team Members' }));
    expect(location()).toBe('/projects/5/settings/team-members');
    expect(await screen.findByRole('button', { name: 'Invite member' })).toBeInTheDocument();

    fireEvent.click(screen.getByRole('tab', { name: 'Support Access' }));
    expect(location()).toBe('/projects/5/settings/support-access');
    expect(await screen.findByText('Support access is off')).toBeInTheDocument();
  });

  it('an unknown tab goes to general', async () => {
    mockSettingsApi();
    renderRoutes(settingsRoutes, '/projects/5/settings/nope');
    expect(await screen.findByRole('heading', { name: 'Project details' })).toBeInTheDocument();
    expect(location()).toBe('/projects/5/settings/general');
  });

  it('shows a spinner while the project loads', async () => {
    let release: (response: Response) => void = () => {};
    mockSettingsApi({
      [routeKey(projectRoutes.get, { id: 5 })]: () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    });
    renderRoutes(settingsRoutes, '/projects/5/settings/general');
    expect(await screen.findByText('Loading project settings...')).toBeInTheDocument();
    release(routeAnswer(projectRoutes.get, { data: settingsProject() }));
    expect(await screen.findByRole('heading', { name: 'Project details' })).toBeInTheDocument();
  });

  it("says 'Failed to load project data' when the project fails without a message", async () => {
    mockSettingsApi({
      [routeKey(projectRoutes.get, { id: 5 })]: () =>
        new Response('oops', { status: 500, statusText: 'Internal Server Error' }),
    });
    renderRoutes(settingsRoutes, '/projects/5/settings/general');
    expect(await screen.findByTestId('settings-load-error')).toHaveTextContent(TEXTS.settings.loadFailed);
    expect(screen.getByTestId('settings-breadcrumb')).toBeInTheDocument();
  });

  it("shows the server's message when the project fails with one", async () => {
    mockSettingsApi({
      [routeKey(projectRoutes.get, { id: 5 })]: () =>
        jsonResponse(503, { error: { code: 'unavailable', message: 'Database is unavailable' } }),
    });
    renderRoutes(settingsRoutes, '/projects/5/settings/api-keys');
    expect(await screen.findByTestId('settings-load-error')).toHaveTextContent('Database is unavailable');
  });
});
