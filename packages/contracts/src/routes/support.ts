import { ProjectIdParams } from '../api.ts';
import {
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserParams,
  AdminUserResponse,
  AdminUserUpdate,
  SupportAccessGrantRequest,
  SupportAccessResponse,
  SupportAuditQuery,
  SupportAuditResponse,
  SupportProjectListResponse,
} from '../settings/api.ts';
import { defineRoute } from './route.ts';

// Support access (spec 2 §2.2 support-access tab): the owner grants support staff (accounts with the role
// 'support') time-limited read-only access and reads the audit of their requests; support staff list the
// projects they can read; super admins give accounts the support role
// and reset a locked-out account's two-factor sign-in. No API key manages any of it.
const tags = ['support'] as const;
const access = 'session';

export const supportRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/projects/:id/support-access',
    operationId: 'getSupportAccess',
    summary: "The project's support access: running or not, until when, granted by whom (admin or owner)",
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: SupportAccessResponse },
    errors: [403, 404],
  }),
  grant: defineRoute({
    method: 'POST',
    path: '/projects/:id/support-access',
    operationId: 'grantSupportAccess',
    summary: 'Grant support staff read-only access for some hours or days (owner; at most 30 days)',
    description:
      'Replaces a running grant. While it runs, accounts with the support role read the project (GET ' +
      'routes, with the admin view; never writes nor owner-only routes) and every request of theirs is ' +
      'written to the audit.',
    tags,
    access,
    params: ProjectIdParams,
    body: SupportAccessGrantRequest,
    responses: { 200: SupportAccessResponse },
    errors: [403, 404],
  }),
  revoke: defineRoute({
    method: 'DELETE',
    path: '/projects/:id/support-access',
    operationId: 'revokeSupportAccess',
    summary: 'End support access now (owner)',
    tags,
    access,
    params: ProjectIdParams,
    responses: { 200: SupportAccessResponse },
    errors: [403, 404],
  }),
  audit: defineRoute({
    method: 'GET',
    path: '/projects/:id/support-access/audit',
    operationId: 'listSupportAudit',
    summary: 'Every request of support staff to the project (who, method, path, allowed, when), newest first',
    tags,
    access,
    params: ProjectIdParams,
    query: SupportAuditQuery,
    responses: { 200: SupportAuditResponse },
    errors: [403, 404],
  }),
  projects: defineRoute({
    method: 'GET',
    path: '/support/projects',
    operationId: 'listSupportProjects',
    summary: 'Projects support staff can read now (the support dashboard); support staff and super admins',
    tags,
    access,
    responses: { 200: SupportProjectListResponse },
    errors: [403],
  }),
  listUsers: defineRoute({
    method: 'GET',
    path: '/admin/users',
    operationId: 'listUsers',
    summary: 'Accounts (search by name or email, filter by role); at most 200',
    tags: ['admin'],
    access,
    query: AdminUserListQuery,
    responses: { 200: AdminUserListResponse },
    errors: [403],
  }),
  setUserRole: defineRoute({
    method: 'PUT',
    path: '/admin/users/:userId',
    operationId: 'setUserRole',
    summary: "Set an account's role: user or support (support staff can read projects whose owner grants it)",
    tags: ['admin'],
    access,
    params: AdminUserParams,
    body: AdminUserUpdate,
    responses: { 200: AdminUserResponse },
    errors: [403, 404],
  }),
  resetUserTwoFactor: defineRoute({
    method: 'POST',
    path: '/admin/users/:userId/two-factor/reset',
    operationId: 'resetUserTwoFactor',
    summary:
      "Reset an account's two-factor sign-in (lost every factor): its app, passkeys and recovery codes go, " +
      'every session ends, the account is emailed; 409 two_factor_not_enabled when it has none',
    tags: ['admin'],
    access,
    params: AdminUserParams,
    responses: { 200: AdminUserResponse },
    errors: [403, 404, 409],
  }),
};
