import { fireEvent, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { renderRoutes } from '../test/utils';
import { PageErrorBoundary } from './PageErrorBoundary';

function Crashing(): never {
  throw new Error('page crashed');
}
// A page whose code is gone (a deploy replaced the files).
const Missing = lazy(() => Promise.reject(new Error('Failed to fetch dynamically imported module')));

const routes = [
  {
    element: (
      <PageErrorBoundary>
        <Suspense>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    ),
    children: [
      { path: '/start', element: <Link to="/crash">Open the page</Link> },
      { path: '/crash', element: <Crashing /> },
      { path: '/missing', element: <Missing /> },
    ],
  },
];

describe('page error boundary', () => {
  it('shows the error with a reload button when a page crashes; another location shows the pages again', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router } = renderRoutes(routes, '/start');
    fireEvent.click(await screen.findByRole('link', { name: 'Open the page' }));
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();

    await router.navigate(-1);
    expect(await screen.findByRole('link', { name: 'Open the page' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });

  it('shows the same error when a page’s code fails to load', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderRoutes(routes, '/missing');
    expect(await screen.findByText('Something went wrong')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});
