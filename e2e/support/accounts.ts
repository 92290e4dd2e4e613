/**
 * The very first account of an installation becomes the super admin, who may open every project.
 * Global setup creates this account before any test runs, so that no test user is a super admin by the
 * luck of the worker schedule (that would, for example, let "user X" open "user Y"'s project).
 */
export const SUPER_ADMIN = {
  email: 'e2e-super-admin@example.com',
  password: 'super-admin-password-1',
  name: 'E2E Super Admin',
} as const;
