import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { adminBillingRoutes } from './admin-routes.ts';
import { projectBillingRoutes } from './project-routes.ts';
import { tariffAndTopUpRoutes } from './tariff-and-top-up-routes.ts';

/**
 * Billing: a project's balance, bundles, ledger and summaries (admin and owner), the pre-upload check (any
 * member), plans and top-up requests, and the super admin's approval, plan and adjustment routes.
 */
export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await projectBillingRoutes(app, ctx);
  await tariffAndTopUpRoutes(app, ctx);
  await adminBillingRoutes(app, ctx);
}
