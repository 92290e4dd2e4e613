import { MEMBER_ROLES, type MemberRole } from '@parley/contracts';
import { useEffect } from 'react';

/** Where the last-known project role is kept between visits (spec 1 §4). */
export const LAST_ROLE_STORAGE_KEY = 'parley.lastKnownRole';

function storedRole(): MemberRole | null {
  try {
    const value = localStorage.getItem(LAST_ROLE_STORAGE_KEY);
    return MEMBER_ROLES.find((role) => role === value) ?? null;
  } catch {
    return null; // storage unavailable (private mode)
  }
}

/**
 * The role the prompt form shows (spec 1 §4): the selected project's, else the last-known role kept in
 * storage, else 'user'. A known project role is kept as the last-known one.
 */
export function useShownRole(projectRole: MemberRole | undefined): MemberRole {
  useEffect(() => {
    if (!projectRole) return;
    try {
      localStorage.setItem(LAST_ROLE_STORAGE_KEY, projectRole);
    } catch {
      // storage unavailable: the role is simply not kept
    }
  }, [projectRole]);
  return projectRole ?? storedRole() ?? 'user';
}
