import { adminRoutes, authRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { calls, planFixture, plans, requests } from '../../test/billing';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeKey,
  sessionAnswer,
  testUser,
} from '../../test/utils';
import SuperAdminPage from './SuperAdminPage';

const routes = [{ path: '/admin/super', element: <SuperAdminPage /> }];

function mockAdminApi(tariffs = plans, overrides: Record<string, Handler> = {}) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer({ ...testUser, is_super_admin: true }),
    [routeKey(adminRoutes.invoices)]: () => jsonResponse(200, { data: [] }),
    [routeKey(adminRoutes.tariffs)]: () => jsonResponse(200, { data: tariffs }),
    [routeKey(adminRoutes.projects)]: () => jsonResponse(200, { data: [] }),
    ...overrides,
  });
}

const card = async () =>
  (await screen.findByRole('heading', { name: 'Starter units for new projects' })).closest(
    '.MuiCard-root',
  ) as HTMLElement;

describe('starter units for new projects', () => {
  it('edits the free default plan’s included units and validity, and says each account’s first project gets them', async () => {
    const fetch = mockAdminApi(plans, {
      [routeKey(adminRoutes.updateTariff, { tariffId: 1 })]: () =>
        jsonResponse(200, { data: planFixture({ included_minutes: 30, validity_period: 14 }) }),
    });
    renderRoutes(routes, '/admin/super');
    const starter = within(await card());
    const rule = await starter.findByText(/Each account gets these units free once/);
    expect(rule).toHaveTextContent(
      'in the first project it creates, as a bundle of the default plan (Pay as you go)',
    );
    expect(rule).toHaveTextContent('Its further projects start without units.');
    const units = starter.getByLabelText('Units per account');
    expect(units).toHaveValue(0);

    fireEvent.change(units, { target: { value: '1.2345' } });
    expect(starter.getByText('Enter units of 0 or more with at most 3 decimals.')).toBeInTheDocument();
    expect(starter.getByRole('button', { name: 'Save starter units' })).toBeDisabled();

    fireEvent.change(units, { target: { value: '30' } });
    fireEvent.change(starter.getByLabelText('Validity (days)'), { target: { value: '14' } });
    fireEvent.click(starter.getByRole('button', { name: 'Save starter units' }));
    expect(await screen.findByTestId('toast')).toHaveTextContent(
      "Saved. Starter units for each account's first project: 30.",
    );
    expect(requests(fetch, routeKey(adminRoutes.updateTariff, { tariffId: 1 }))[0]!.body).toEqual({
      included_minutes: 30,
      validity_period: 14,
    });
  });

  it('says starter units need a free default plan when the default plan is paid', async () => {
    const fetch = mockAdminApi([
      planFixture({ is_default: false }),
      planFixture({ id: 2, name: 'Starter', price: 49, included_minutes: 1000, is_default: true }),
    ]);
    renderRoutes(routes, '/admin/super');
    const starter = within(await card());
    expect(await starter.findByTestId('starter-units-paid-default')).toHaveTextContent(
      'Starter units need a free default plan: the default plan, Starter, costs $49.00.',
    );
    expect(starter.queryByRole('button', { name: 'Save starter units' })).not.toBeInTheDocument();
    await waitFor(() => expect(calls(fetch, routeKey(adminRoutes.tariffs))).toBe(1));
  });
});
