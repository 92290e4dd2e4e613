import { adminRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { superAdminOnly } from '../auth/super-admin.ts';
import { adjustBalance } from './adjustments.ts';
import { listAdminInvoices, listAdminProjects } from './admin-lists.ts';
import { toInvoiceDto } from './dto.ts';
import { assignPlan } from './plan-purchases.ts';
import { createTariff, listAllTariffs, updateTariff } from './plans.ts';
import { decideTopUp } from './top-ups.ts';

/** The super admin's billing: top-up approval, plans, every project's plan and balance adjustments. */
export async function adminBillingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const superAdmin = { preValidation: superAdminOnly };

  serve(app, routes.invoices, {
    ...superAdmin,
    handler: async (request) => ({ data: await listAdminInvoices(ctx, request.query.status) }),
  });

  serve(app, routes.approve, {
    ...superAdmin,
    handler: async (request) => ({
      data: toInvoiceDto(await decideTopUp(ctx, request.params.invoiceId, currentUser(request), 'approve')),
    }),
  });

  serve(app, routes.reject, {
    ...superAdmin,
    handler: async (request) => ({
      data: toInvoiceDto(
        await decideTopUp(
          ctx,
          request.params.invoiceId,
          currentUser(request),
          'reject',
          request.body?.reason || null,
        ),
      ),
    }),
  });

  serve(app, routes.tariffs, {
    ...superAdmin,
    handler: async () => ({ data: await listAllTariffs(ctx) }),
  });

  serve(app, routes.createTariff, {
    ...superAdmin,
    handler: async (request, reply) =>
      reply.status(201).send({ data: await createTariff(ctx, request.body) }),
  });

  serve(app, routes.updateTariff, {
    ...superAdmin,
    handler: async (request) => ({ data: await updateTariff(ctx, request.params.tariffId, request.body) }),
  });

  serve(app, routes.projects, {
    ...superAdmin,
    handler: async () => ({ data: await listAdminProjects(ctx) }),
  });

  serve(app, routes.assignTariff, {
    ...superAdmin,
    handler: async (request) => {
      await assignPlan(ctx, request.params.id, request.body.tariff_id);
      const [project] = await listAdminProjects(ctx, request.params.id);
      return { data: project! };
    },
  });

  serve(app, routes.adjust, {
    ...superAdmin,
    handler: async (request, reply) => {
      const invoice = await adjustBalance(ctx, request.params.id, currentUser(request), request.body);
      return reply.status(201).send({ data: toInvoiceDto(invoice) });
    },
  });
}
