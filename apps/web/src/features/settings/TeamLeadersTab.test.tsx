import { repRoutes } from '@parley/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoutes, routeAnswer, routeKey } from '../../test/utils';
import {
  callsTo,
  lastBody,
  mockSettingsApi,
  settingsProject,
  settingsRoutes,
  teamLeader,
  writeCalls,
} from './testUtils';

describe('team leaders tab', () => {
  it('explains the rule and, without team leaders, points to the members tab', async () => {
    mockSettingsApi();
    renderRoutes(settingsRoutes, '/projects/5/settings/team-leaders');
    expect(await screen.findByText('No team leaders')).toBeInTheDocument();
    expect(screen.getByTestId('team-leader-rule')).toHaveTextContent(
      'A team leader sees only the analyses of their team',
    );
    expect(screen.getByTestId('team-leader-rule')).toHaveTextContent(
      'Without an assignment they see no analyses.',
    );
    expect(screen.getByRole('link', { name: 'Go to team members' })).toHaveAttribute(
      'href',
      '/projects/5/settings/team-members',
    );
  });

  it('saves one leader’s departments and representatives (options from the project, free entry allowed)', async () => {
    const fetch = mockSettingsApi({
      [routeKey(repRoutes.listTeamLeaders, { id: 5 })]: () =>
        routeAnswer(repRoutes.listTeamLeaders, {
          data: [
            teamLeader(3, {
              name: 'Tess Lead',
              departments: ['Sales'],
              updated_at: '2026-03-01T10:00:00.000Z',
            }),
            teamLeader(4, { name: 'Nina New' }),
          ],
        }),
      [routeKey(repRoutes.departments, { id: 5 })]: () =>
        routeAnswer(repRoutes.departments, { data: ['Sales', 'Support'] }),
      [routeKey(repRoutes.representatives, { id: 5 })]: () =>
        routeAnswer(repRoutes.representatives, { data: ['Ann Smith', 'Bob Jones'] }),
      [routeKey(repRoutes.setTeamLeader, { id: 5, userId: 4 })]: (_url, init) =>
        routeAnswer(repRoutes.setTeamLeader, {
          data: teamLeader(4, {
            name: 'Nina New',
            ...JSON.parse(String(init?.body)),
            updated_at: '2026-03-02',
          }),
        }),
    });
    renderRoutes(settingsRoutes, '/projects/5/settings/team-leaders');
    const tess = within(await screen.findByTestId('leader-3'));
    const nina = within(screen.getByTestId('leader-4'));
    expect(tess.getByText('Sales')).toBeInTheDocument();
    expect(nina.getByText('No assignment: sees no analyses')).toBeInTheDocument();
    const save = nina.getByRole('button', { name: 'Save the team of Nina New' });
    expect(save).toBeDisabled();

    // pick a suggested department
    const departments = nina.getByRole('combobox', { name: 'Departments of Nina New' });
    fireEvent.mouseDown(departments);
    fireEvent.change(departments, { target: { value: 'Sup' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Support' }));
    // type a representative that is not in the list yet
    const representatives = nina.getByRole('combobox', { name: 'Representatives of Nina New' });
    fireEvent.change(representatives, { target: { value: 'Carl New' } });
    fireEvent.keyDown(representatives, { key: 'Enter' });
    expect(nina.getByText('Carl New')).toBeInTheDocument();

    expect(save).toBeEnabled();
    fireEvent.click(save);
    expect(await screen.findByText('Team of Nina New saved.')).toBeInTheDocument();
    expect(lastBody(fetch, routeKey(repRoutes.setTeamLeader, { id: 5, userId: 4 }))).toEqual({
      departments: ['Support'],
      representatives: ['Carl New'],
    });
    expect(callsTo(fetch, routeKey(repRoutes.setTeamLeader, { id: 5, userId: 3 }))).toHaveLength(0);
    expect(nina.getByText('Departments: 1 · Representatives: 1')).toBeInTheDocument();
  });

  it('read-only (support access): the teams are shown, nothing can be changed', async () => {
    const fetch = mockSettingsApi(
      {
        [routeKey(repRoutes.listTeamLeaders, { id: 5 })]: () =>
          routeAnswer(repRoutes.listTeamLeaders, {
            data: [
              teamLeader(3, { name: 'Tess Lead', departments: ['Sales'], representatives: ['Ann Smith'] }),
            ],
          }),
        [routeKey(repRoutes.departments, { id: 5 })]: () =>
          routeAnswer(repRoutes.departments, { data: ['Sales', 'Support'] }),
        [routeKey(repRoutes.setTeamLeader, { id: 5, userId: 3 })]: () =>
          routeAnswer(repRoutes.setTeamLeader, { data: teamLeader(3) }),
      },
      settingsProject({ read_only: true }),
    );
    renderRoutes(settingsRoutes, '/projects/5/settings/team-leaders');
    const tess = within(await screen.findByTestId('leader-3'));
    expect(tess.getByText('Sales')).toBeInTheDocument();
    expect(tess.getByText('Ann Smith')).toBeInTheDocument();
    const departments = tess.getByRole('combobox', { name: 'Departments of Tess Lead' });
    expect(departments).toBeDisabled();
    expect(tess.getByRole('combobox', { name: 'Representatives of Tess Lead' })).toBeDisabled();
    expect(tess.getByRole('button', { name: 'Save the team of Tess Lead' })).toBeDisabled();
    fireEvent.mouseDown(departments);
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
    fireEvent.click(tess.getByRole('button', { name: 'Save the team of Tess Lead' }));
    expect(writeCalls(fetch)).toEqual([]);
  });
});
