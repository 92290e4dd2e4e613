import { authRoutes, projectRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockFetch, renderRoutes, routeKey, sessionAnswer, testProject } from '../test/utils';
import { routes } from './routes';

/** A phone: the theme's `down('md')` query (max-width 899.95px) matches, wider ones do not. */
function phoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: /max-width:\s*899\.95px/.test(query),
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }));
}

describe('app shell on a phone', () => {
  it('hides the sidebar until the menu button opens it, and closes it when an item is chosen', async () => {
    phoneWidth();
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(),
      [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [testProject()] }),
    });
    renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Calls' })).toBeInTheDocument();
    expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Open navigation' }));
    const sidebar = await screen.findByTestId('sidebar');
    fireEvent.click(within(sidebar).getByTestId('nav-analyses'));

    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/projects/5/analyses'));
    await waitFor(() => expect(screen.queryByTestId('sidebar')).not.toBeInTheDocument());
  });

  it('keeps the sidebar beside the page on a wide screen, without a menu button', async () => {
    mockFetch({
      [routeKey(authRoutes.session)]: () => sessionAnswer(),
      [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [testProject()] }),
    });
    renderRoutes(routes, '/projects/5/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sales Calls' })).toBeInTheDocument();
    expect(screen.getByTestId('sidebar')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Open navigation' })).not.toBeInTheDocument();
  });
});
