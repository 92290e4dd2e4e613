import { NAV_ITEMS } from '@parley/contracts';
import { cleanup, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, renderRoutes } from '../test/utils';
import { Sidebar, type SidebarProps } from './Sidebar';

const MANAGER_KEYS = ['failedTasks', 'billing', 'prompts', 'integrations', 'settings'];
const MEMBER_KEYS = [
  'dashboard',
  'analyses',
  'search',
  'analytics',
  'managerDashboard',
  'checklistReport',
  'insights',
  'topics',
  'changeRequests',
  'reviewQueue',
  'upload',
];

function renderSidebar(props: Partial<SidebarProps>, path = '/projects/5/dashboard') {
  mockFetch({});
  const all: SidebarProps = {
    projectId: 5,
    projectRole: 'user',
    isSuperAdmin: false,
    isSupport: false,
    ...props,
  };
  renderRoutes([{ path: '*', element: <Sidebar {...all} /> }], path);
  return screen.getByTestId('sidebar');
}

describe('Sidebar', () => {
  it('hides manager items from a user', () => {
    const sidebar = renderSidebar({ projectRole: 'user' });
    for (const key of MANAGER_KEYS)
      expect(within(sidebar).queryByTestId(`nav-${key}`)).not.toBeInTheDocument();
    for (const key of MEMBER_KEYS) expect(within(sidebar).getByTestId(`nav-${key}`)).toBeInTheDocument();
    expect(within(sidebar).queryByTestId('nav-support')).not.toBeInTheDocument();
    expect(within(sidebar).queryByTestId('nav-superAdmin')).not.toBeInTheDocument();
  });

  it('hides manager items from a team leader too', () => {
    const sidebar = renderSidebar({ projectRole: 'teamleader' });
    for (const key of MANAGER_KEYS)
      expect(within(sidebar).queryByTestId(`nav-${key}`)).not.toBeInTheDocument();
  });

  it('shows manager items to an admin, linking into the project', () => {
    const sidebar = renderSidebar({ projectRole: 'admin' });
    for (const key of MANAGER_KEYS) expect(within(sidebar).getByTestId(`nav-${key}`)).toBeInTheDocument();
    expect(within(sidebar).getByTestId('nav-billing')).toHaveAttribute('href', '/projects/5/billing');
    expect(within(sidebar).getByTestId('nav-upload')).toHaveAttribute('href', '/projects/5/analysis/upload');
    expect(within(sidebar).getByTestId('nav-dashboard')).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).queryByTestId('nav-select-project-hint')).not.toBeInTheDocument();
  });

  it('shows support and super-admin links by account role', () => {
    const sidebar = renderSidebar({ isSuperAdmin: true });
    expect(within(sidebar).getByTestId('nav-support')).toHaveAttribute('href', '/support');
    expect(within(sidebar).getByTestId('nav-superAdmin')).toHaveAttribute('href', '/admin/super');
  });

  it('disables project items with a hint when no project is selected', () => {
    const sidebar = renderSidebar({ projectId: null, projectRole: null });
    for (const item of NAV_ITEMS.filter((i) => i.scope === 'project')) {
      const entry = within(sidebar).getByTestId(`nav-${item.key}`);
      expect(entry).toHaveAttribute('aria-disabled', 'true');
      expect(entry).not.toHaveAttribute('href');
      expect(entry).toHaveAttribute('aria-describedby', 'nav-select-project-hint');
    }
    expect(within(sidebar).getByTestId('nav-select-project-hint')).toHaveTextContent(
      'Select a project first',
    );
    expect(within(sidebar).getByTestId('nav-projects')).toHaveAttribute('href', '/dashboard');
    expect(within(sidebar).getByTestId('nav-newProject')).toHaveAttribute('href', '/projects/new');
    expect(within(sidebar).getByTestId('nav-profile')).toHaveAttribute('href', '/profile');
  });

  it('marks Analyses active on an analysis detail page and Upload on the upload page', () => {
    let sidebar = renderSidebar({ projectRole: 'user' }, '/projects/5/analysis/12');
    expect(within(sidebar).getByTestId('nav-analyses')).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByTestId('nav-upload')).not.toHaveAttribute('aria-current');
    cleanup();
    sidebar = renderSidebar({ projectRole: 'user' }, '/projects/5/analysis/upload');
    expect(within(sidebar).getByTestId('nav-upload')).toHaveAttribute('aria-current', 'page');
    expect(within(sidebar).getByTestId('nav-analyses')).not.toHaveAttribute('aria-current');
    cleanup();
    sidebar = renderSidebar({ projectRole: 'user' }, '/projects/5/analysis/bulk-upload');
    expect(within(sidebar).getByTestId('nav-upload')).toHaveAttribute('aria-current', 'page');
  });

  it('holds only list items in its lists, each list named by its section (axe rule "list")', () => {
    for (const projectId of [5, null]) {
      const sidebar = renderSidebar({ projectId, projectName: 'Sales Calls' });
      const lists = within(sidebar).getAllByRole('list');
      expect(lists.map((list) => list.getAttribute('aria-labelledby'))).toEqual([
        'nav-project-section',
        'nav-general-section',
      ]);
      for (const list of lists) {
        for (const child of Array.from(list.children)) expect(child.tagName).toBe('LI');
      }
      cleanup();
    }
  });
});
