import {
  AdminUserListQuery,
  AdminUserListResponse,
  AdminUserParams,
  AdminUserResponse,
  AdminUserUpdate,
  ProjectIdParams,
  SupportAccessGrantRequest,
  SupportAccessResponse,
  SupportAuditQuery,
  SupportAuditResponse,
  SupportProjectListResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { superAdminOnly } from '../auth/super-admin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import {
  grantSupportAccess,
  listUsers,
  revokeSupportAccess,
  setUserRole,
  supportAccessStatus,
  supportAuditPage,
  supportProjects,
} from './service.ts';

const tags = ['support'];

/**
 * Support access (spec 2 §2.2 support-access tab): the owner grants support staff (accounts with the role
 * 'support') time-limited read-only access and reads the audit of their requests; support staff list the
 * projects they can read; super admins give accounts the support role.
 */
export async function supportRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { preValidation: projectRole(ctx, 'admin') };
  const owner = { preValidation: projectRole(ctx, 'owner') };

  r.get(
    '/projects/:id/support-access',
    {
      ...admin,
      schema: {
        tags,
        summary: "The project's support access: running or not, until when, granted by whom (admin or owner)",
        params: ProjectIdParams,
        response: { 200: SupportAccessResponse },
      },
    },
    async (request) => ({ data: await supportAccessStatus(ctx, projectAccess(request).project.id) }),
  );

  r.post(
    '/projects/:id/support-access',
    {
      ...owner,
      schema: {
        tags,
        summary: 'Grant support staff read-only access for some hours or days (owner; at most 30 days)',
        description:
          'Replaces a running grant. While it runs, accounts with the support role read the project (GET ' +
          'routes, with the admin view; never writes nor owner-only routes) and every request of theirs is ' +
          'written to the audit.',
        params: ProjectIdParams,
        body: SupportAccessGrantRequest,
        response: { 200: SupportAccessResponse },
      },
    },
    async (request) => ({
      data: await grantSupportAccess(
        ctx,
        projectAccess(request),
        currentUser(request),
        request.body.duration,
        request.body.unit,
      ),
    }),
  );

  r.delete(
    '/projects/:id/support-access',
    {
      ...owner,
      schema: {
        tags,
        summary: 'End support access now (owner)',
        params: ProjectIdParams,
        response: { 200: SupportAccessResponse },
      },
    },
    async (request) => ({
      data: await revokeSupportAccess(ctx, projectAccess(request), currentUser(request)),
    }),
  );

  r.get(
    '/projects/:id/support-access/audit',
    {
      ...owner,
      schema: {
        tags,
        summary:
          'Every request of support staff to the project (who, method, path, allowed, when), newest first',
        params: ProjectIdParams,
        querystring: SupportAuditQuery,
        response: { 200: SupportAuditResponse },
      },
    },
    async (request) => ({
      data: await supportAuditPage(ctx, projectAccess(request), request.query.page, request.query.page_size),
    }),
  );

  r.get(
    '/support/projects',
    {
      schema: {
        tags,
        summary:
          'Projects support staff can read now (the support dashboard); support staff and super admins',
        response: { 200: SupportProjectListResponse },
      },
    },
    async (request) => ({ data: await supportProjects(ctx, currentUser(request)) }),
  );

  r.get(
    '/admin/users',
    {
      preValidation: superAdminOnly,
      schema: {
        tags: ['admin'],
        summary: 'Accounts (search by name or email, filter by role); at most 200',
        querystring: AdminUserListQuery,
        response: { 200: AdminUserListResponse },
      },
    },
    async (request) => ({ data: await listUsers(ctx, request.query) }),
  );

  r.put(
    '/admin/users/:userId',
    {
      preValidation: superAdminOnly,
      schema: {
        tags: ['admin'],
        summary:
          "Set an account's role: user or support (support staff can read projects whose owner grants it)",
        params: AdminUserParams,
        body: AdminUserUpdate,
        response: { 200: AdminUserResponse },
      },
    },
    async (request) => ({
      data: await setUserRole(ctx, currentUser(request), request.params.userId, request.body.role),
    }),
  );
}
