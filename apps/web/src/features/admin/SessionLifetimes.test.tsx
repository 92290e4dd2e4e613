import { authRoutes, sessionRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes, routeAnswer, routeKey, sessionAnswer, testUser } from '../../test/utils';
import SuperAdminPage from './SuperAdminPage';

const routes = [{ path: '/admin/super', element: <SuperAdminPage /> }];

describe('session lifetimes (super admin)', () => {
  it('shows the idle timeout in its largest whole unit, checks the bounds, and saves minutes and days', async () => {
    const fetch = mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer({ ...testUser, is_super_admin: true }),
      [routeKey(sessionRoutes.lifetimes)]: () =>
        routeAnswer(sessionRoutes.lifetimes, { data: { idle_minutes: 120, absolute_days: 30 } }),
      [routeKey(sessionRoutes.setLifetimes)]: (_url, init) =>
        routeAnswer(sessionRoutes.setLifetimes, { data: JSON.parse(String(init?.body)) }),
    });
    renderRoutes(routes, '/admin/super');
    const card = within(await screen.findByTestId('session-lifetimes'));
    const idle = card.getByRole('spinbutton', { name: 'Idle timeout' });
    const absolute = card.getByRole('spinbutton', { name: 'Maximum lifetime (days)' });
    expect(idle).toHaveValue(2);
    expect(card.getByRole('combobox', { name: 'Unit' })).toHaveTextContent('hours');
    const save = card.getByRole('button', { name: 'Save session lifetimes' });

    fireEvent.change(idle, { target: { value: '3' } });
    fireEvent.mouseDown(card.getByRole('combobox', { name: 'Unit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'minutes' }));
    expect(card.getByText('Between 5 minutes and 90 days.')).toBeInTheDocument();
    expect(save).toBeDisabled();

    fireEvent.change(idle, { target: { value: '2' } });
    fireEvent.mouseDown(card.getByRole('combobox', { name: 'Unit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'days' }));
    fireEvent.change(absolute, { target: { value: '1' } });
    expect(card.getByText('Cannot be longer than the maximum lifetime.')).toBeInTheDocument();
    fireEvent.change(absolute, { target: { value: '400' } });
    expect(card.getByText('A whole number of days from 1 to 365.')).toBeInTheDocument();

    fireEvent.change(absolute, { target: { value: '7' } });
    expect(save).toBeEnabled();
    fireEvent.click(save);
    expect(await screen.findByText('Session lifetimes saved.')).toBeInTheDocument();
    const sent = fetch.mock.calls.find(
      ([url, init]) => String(url).endsWith('/api/admin/session-lifetimes') && init?.method === 'PUT',
    );
    expect(JSON.parse(String(sent![1]?.body))).toEqual({ idle_minutes: 2 * 24 * 60, absolute_days: 7 });
    await waitFor(() => expect(idle).toHaveValue(2));
  });
});
