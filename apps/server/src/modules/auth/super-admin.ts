import type { FastifyRequest } from 'fastify';
import { forbidden } from '../../errors.ts';
import { currentUser } from './plugin.ts';

export const SUPER_ADMIN_ONLY = 'Only a super admin can do this.';

/**
 * A preValidation hook for super-admin routes (/api/admin/...): anyone else signed in gets 403 before the
 * request is validated.
 */
export async function superAdminOnly(request: FastifyRequest): Promise<void> {
  if (!currentUser(request).isSuperAdmin) throw forbidden(SUPER_ADMIN_ONLY);
}
