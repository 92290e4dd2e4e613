import { act, fireEvent, render, screen } from '@testing-library/react';
import { type ComponentType, lazy, Suspense } from 'react';
import { Link, Outlet, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppRouter, useNavigationPending } from './AppRouter';

/** A chunk that loads when the test says so. */
function chunk(content: ComponentType) {
  let arrive = () => {};
  const loaded = new Promise<{ default: ComponentType }>((resolve) => {
    arrive = () => resolve({ default: content });
  });
  const preload = vi.fn(() => loaded);
  return { Component: lazy(preload), preload, arrive };
}

function Layout() {
  const pending = useNavigationPending();
  return (
    <>
      {pending ? <p>next page loading</p> : null}
      <Suspense fallback={<p>nothing to show yet</p>}>
        <Outlet />
      </Suspense>
    </>
  );
}

describe('app router', () => {
  it('fetches a page and its guard at once, keeping the current page until they are in', async () => {
    window.history.replaceState(null, '', '/');
    const guard = chunk(() => <Outlet />);
    const page = chunk(() => <h1>Reports</h1>);
    const routes: RouteObject[] = [
      {
        element: <Layout />,
        children: [
          { path: '/', element: <Link to="/reports">Open reports</Link> },
          {
            element: <guard.Component />,
            handle: { preload: guard.preload },
            children: [{ path: '/reports', element: <page.Component />, handle: { preload: page.preload } }],
          },
        ],
      },
    ];
    render(<AppRouter routes={routes} />);

    fireEvent.click(screen.getByRole('link', { name: 'Open reports' }));
    // The page's code is asked for while the guard's is still on its way.
    expect(guard.preload).toHaveBeenCalled();
    expect(page.preload).toHaveBeenCalled();
    expect(await screen.findByText('next page loading')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open reports' })).toBeInTheDocument();
    expect(screen.queryByText('nothing to show yet')).not.toBeInTheDocument();

    await act(async () => {
      guard.arrive();
      page.arrive();
    });
    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    expect(screen.queryByText('next page loading')).not.toBeInTheDocument();
    expect(window.location.pathname).toBe('/reports');
  });
});
