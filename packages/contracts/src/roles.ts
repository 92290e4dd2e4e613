/** Project member roles, lowest to highest (spec 1 §6). */
export const MEMBER_ROLES = ['user', 'teamleader', 'admin', 'owner'] as const;
export type MemberRole = (typeof MEMBER_ROLES)[number];

/** The English names of the member roles, as the UI shows them (emails are written in English). */
export const MEMBER_ROLE_LABELS: Record<MemberRole, string> = {
  user: 'User',
  teamleader: 'Team Leader',
  admin: 'Admin',
  owner: 'Owner',
};

/** The project's own business role (spec 1 §1). */
export const PROJECT_ROLES = ['Sales', 'Support', 'Education', 'Other'] as const;
export type ProjectRole = (typeof PROJECT_ROLES)[number];

/** Account-level role: support staff see the support dashboard (spec 1 §6). */
export const USER_ROLES = ['user', 'support'] as const;
export type UserRole = (typeof USER_ROLES)[number];

export function roleRank(role: MemberRole): number {
  return MEMBER_ROLES.indexOf(role);
}

/** True when `role` is at least `minimum` in the user < teamleader < admin < owner order. */
export function hasRoleAtLeast(role: MemberRole | null | undefined, minimum: MemberRole): boolean {
  return role != null && roleRank(role) >= roleRank(minimum);
}

export function isProjectManager(role: MemberRole | null | undefined): boolean {
  return hasRoleAtLeast(role, 'admin');
}
