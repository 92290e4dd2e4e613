import { hasRoleAtLeast, type MemberRole } from './roles.ts';

export type NavAudience = 'member' | 'manager' | 'support' | 'superadmin' | 'everyone';

export interface NavItem {
  /** i18n key suffix under `nav.` and a stable test id. */
  key: string;
  /** Path relative to /projects/{id}/ for project items, absolute for global ones. */
  path: string;
  scope: 'project' | 'global';
  audience: NavAudience;
  /** Further paths (relative like `path`) under which this item is the active one, e.g. a detail page. */
  alsoActiveOn?: readonly string[];
}

/** Sidebar destinations of spec 1 §2.1, with the visibility rules of spec 1 §6. */
export const NAV_ITEMS: readonly NavItem[] = [
  { key: 'dashboard', path: 'dashboard', scope: 'project', audience: 'member' },
  { key: 'analyses', path: 'analyses', scope: 'project', audience: 'member', alsoActiveOn: ['analysis'] },
  { key: 'search', path: 'search', scope: 'project', audience: 'member' },
  { key: 'analytics', path: 'analytics', scope: 'project', audience: 'member' },
  { key: 'managerDashboard', path: 'analytics/manager-dashboard', scope: 'project', audience: 'member' },
  { key: 'checklistReport', path: 'analytics/checklist-report', scope: 'project', audience: 'member' },
  { key: 'insights', path: 'analytics/insights', scope: 'project', audience: 'member' },
  { key: 'topics', path: 'analytics/topics', scope: 'project', audience: 'member' },
  { key: 'changeRequests', path: 'change-requests', scope: 'project', audience: 'member' },
  { key: 'reviewQueue', path: 'reviews', scope: 'project', audience: 'member' },
  {
    key: 'upload',
    path: 'analysis/upload',
    scope: 'project',
    audience: 'member',
    alsoActiveOn: ['analysis/bulk-upload'],
  },
  { key: 'failedTasks', path: 'failed-tasks', scope: 'project', audience: 'manager' },
  { key: 'billing', path: 'billing', scope: 'project', audience: 'manager' },
  { key: 'prompts', path: 'prompts', scope: 'project', audience: 'manager' },
  { key: 'integrations', path: 'integrations', scope: 'project', audience: 'manager' },
  { key: 'settings', path: 'settings', scope: 'project', audience: 'manager' },
  { key: 'projects', path: '/dashboard', scope: 'global', audience: 'everyone' },
  { key: 'newProject', path: '/projects/new', scope: 'global', audience: 'everyone' },
  { key: 'support', path: '/support', scope: 'global', audience: 'support' },
  { key: 'superAdmin', path: '/admin/super', scope: 'global', audience: 'superadmin' },
  { key: 'profile', path: '/profile', scope: 'global', audience: 'everyone' },
];

export interface NavViewer {
  isSuperAdmin: boolean;
  isSupport: boolean;
  /** The viewer's role in the selected project, or null when none is selected. */
  projectRole: MemberRole | null;
}

/**
 * Whether an item is listed for this viewer. Project items are listed for every role that may use them;
 * with no project chosen they are listed too (disabled with a hint), using the most permissive member view
 * so that a user sees what selecting a project would give them.
 */
export function isNavItemVisible(item: NavItem, viewer: NavViewer): boolean {
  switch (item.audience) {
    case 'everyone':
    case 'member':
      return true;
    case 'manager':
      return viewer.projectRole === null || hasRoleAtLeast(viewer.projectRole, 'admin');
    case 'support':
      return viewer.isSupport || viewer.isSuperAdmin;
    case 'superadmin':
      return viewer.isSuperAdmin;
  }
}

export function projectPath(projectId: number | string, sub = 'dashboard'): string {
  return `/projects/${projectId}/${sub}`;
}

/** Pages that survive a project switch (spec 1 §2.1). */
export const PAGES_KEPT_ON_PROJECT_SWITCH = [
  'dashboard',
  'settings',
  'edit',
  'integrations',
  'billing',
  'prompts',
  'analyses',
  'search',
  'analytics',
  'api-keys',
] as const;

/**
 * Where to go after switching to `newProjectId` from `currentPath`. Kept pages keep their sub-path
 * (a settings tab, an analytics view) up to the first entity id, because an id of one project means
 * nothing in another. Everything else goes to the new project's dashboard.
 */
export function pathAfterProjectSwitch(currentPath: string, newProjectId: number | string): string {
  const match = /^\/projects\/[^/]+\/(.+?)\/?$/.exec(currentPath);
  // An analysis of the old project (/analysis/{taskId}) is its analyses page in the new one.
  const rest = match?.[1]?.replace(/^analysis\/\d+(?=\/|$)/, 'analyses');
  if (rest) {
    const segments = rest.split('/');
    const page = segments[0] as (typeof PAGES_KEPT_ON_PROJECT_SWITCH)[number];
    if (PAGES_KEPT_ON_PROJECT_SWITCH.includes(page)) {
      const firstId = segments.findIndex((segment) => /^\d+$/.test(segment));
      const kept = firstId === -1 ? segments : segments.slice(0, firstId);
      return `/projects/${newProjectId}/${kept.join('/')}`;
    }
  }
  return projectPath(newProjectId);
}

/** The project id in a /projects/{id}/... path, or null. `new` is the create form, not an id. */
export function projectIdFromPath(path: string): number | null {
  const match = /^\/projects\/(\d+)(?:\/|$)/.exec(path);
  return match ? Number(match[1]) : null;
}
