import { describe, expect, it } from 'vitest';
import { isNavItemVisible, NAV_ITEMS, pathAfterProjectSwitch, projectIdFromPath } from './navigation.ts';

describe('pathAfterProjectSwitch', () => {
  it('keeps the kept pages and their tab', () => {
    expect(pathAfterProjectSwitch('/projects/1/settings/api-keys', 2)).toBe('/projects/2/settings/api-keys');
    expect(pathAfterProjectSwitch('/projects/1/billing', 7)).toBe('/projects/7/billing');
    expect(pathAfterProjectSwitch('/projects/1/search', 7)).toBe('/projects/7/search');
    expect(pathAfterProjectSwitch('/projects/1/analytics/manager-dashboard', 7)).toBe(
      '/projects/7/analytics/manager-dashboard',
    );
  });
  it('drops entity ids of the old project', () => {
    expect(pathAfterProjectSwitch('/projects/1/analyses/55', 2)).toBe('/projects/2/analyses');
    expect(pathAfterProjectSwitch('/projects/1/analysis/55', 2)).toBe('/projects/2/analyses');
  });
  it('sends other pages to the new dashboard', () => {
    expect(pathAfterProjectSwitch('/projects/1/analysis/upload', 2)).toBe('/projects/2/dashboard');
    expect(pathAfterProjectSwitch('/projects/1/failed-tasks', 2)).toBe('/projects/2/dashboard');
    expect(pathAfterProjectSwitch('/profile', 3)).toBe('/projects/3/dashboard');
    expect(pathAfterProjectSwitch('/projects/1', 3)).toBe('/projects/3/dashboard');
  });
});

describe('projectIdFromPath', () => {
  it('reads numeric ids only', () => {
    expect(projectIdFromPath('/projects/12/billing')).toBe(12);
    expect(projectIdFromPath('/projects/12')).toBe(12);
    expect(projectIdFromPath('/projects/new')).toBeNull();
    expect(projectIdFromPath('/dashboard')).toBeNull();
  });
});

describe('isNavItemVisible', () => {
  const item = (key: string) => NAV_ITEMS.find((i) => i.key === key)!;
  const viewer = { isSuperAdmin: false, isSupport: false, projectRole: 'user' as const };
  it('hides manager items from users and team leaders', () => {
    for (const key of ['failedTasks', 'billing', 'prompts', 'integrations', 'settings']) {
      expect(isNavItemVisible(item(key), viewer)).toBe(false);
      expect(isNavItemVisible(item(key), { ...viewer, projectRole: 'teamleader' })).toBe(false);
      expect(isNavItemVisible(item(key), { ...viewer, projectRole: 'admin' })).toBe(true);
      expect(isNavItemVisible(item(key), { ...viewer, projectRole: 'owner' })).toBe(true);
    }
  });
  it('shows member items to every role', () => {
    for (const key of [
      'dashboard',
      'analyses',
      'search',
      'analytics',
      'insights',
      'changeRequests',
      'reviewQueue',
      'upload',
    ]) {
      expect(isNavItemVisible(item(key), viewer)).toBe(true);
    }
  });
  it('shows support and super-admin links by account role', () => {
    expect(isNavItemVisible(item('support'), viewer)).toBe(false);
    expect(isNavItemVisible(item('support'), { ...viewer, isSupport: true })).toBe(true);
    expect(isNavItemVisible(item('support'), { ...viewer, isSuperAdmin: true })).toBe(true);
    expect(isNavItemVisible(item('superAdmin'), { ...viewer, isSupport: true })).toBe(false);
    expect(isNavItemVisible(item('superAdmin'), { ...viewer, isSuperAdmin: true })).toBe(true);
  });
});
