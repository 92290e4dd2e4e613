import { billingRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { toInvoiceDto } from './dto.ts';
import { getTariff, listTariffs } from './plans.ts';
import { requestTopUp } from './top-ups.ts';

/** Plans a signed-in user may see, and top-up requests. */
export async function tariffAndTopUpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.tariffs, {
    handler: async (request) => ({
      data: await listTariffs(ctx, currentUser(request), request.query.project_id),
    }),
  });

  serve(app, routes.tariff, {
    handler: async (request) => ({ data: await getTariff(ctx, currentUser(request), request.params.id) }),
  });

  serve(app, routes.requestTopUp, {
    handler: async (request, reply) => {
      const invoice = await requestTopUp(ctx, currentUser(request), request.body);
      return reply.status(201).send({ data: toInvoiceDto(invoice) });
    },
  });
}
