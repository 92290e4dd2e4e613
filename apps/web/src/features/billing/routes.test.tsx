import { authRoutes } from '@parley/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { writeLastProjectId } from '../../shared/app/selection';
import { mockBillingApi } from '../../test/billing';
import { renderRoutes, routeKey, sessionAnswer } from '../../test/utils';

const location = () => screen.getByTestId('location').textContent;

describe('/billing (spec 2 §2.1)', () => {
  it('?projectId= opens that project’s billing page and keeps the other parameters', async () => {
    mockBillingApi({ [routeKey(authRoutes.session)]: () => sessionAnswer() });
    renderRoutes(routes, '/billing?projectId=5&tab=tariff');
    // the shell and the page are lazy chunks: give their first import time when the suite runs in parallel
    expect(
      await screen.findByRole('tab', { name: 'Tariff plan', selected: true }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(location()).toBe('/projects/5/billing?tab=tariff');
  });

  it('without a project uses the selected one, else the projects list', async () => {
    mockBillingApi({ [routeKey(authRoutes.session)]: () => sessionAnswer() });
    const { unmount } = renderRoutes(routes, '/billing');
    expect(await screen.findByRole('heading', { name: 'Projects' }, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toBe('/dashboard');
    unmount();
    writeLastProjectId(5);
    renderRoutes(routes, '/billing');
    expect(await screen.findByTestId('balance-amount', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(location()).toBe('/projects/5/billing');
  });
});
