import {
  InvoiceResponse,
  TariffListQuery,
  TariffParams,
  TariffPlanListResponse,
  TariffPlanResponse,
  TopUpRequest,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { toInvoiceDto } from './dto.ts';
import { getTariff, listTariffs } from './plans.ts';
import { requestTopUp } from './top-ups.ts';

const tags = ['billing'];

/** Plans a signed-in user may see, and top-up requests. */
export async function tariffAndTopUpRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/billing/tariffs',
    {
      schema: {
        tags,
        summary: "Public plans, plus the project's assigned plan when project_id is given",
        querystring: TariffListQuery,
        response: { 200: TariffPlanListResponse },
      },
    },
    async (request) => ({ data: await listTariffs(ctx, currentUser(request), request.query.project_id) }),
  );

  r.get(
    '/billing/tariffs/:id',
    {
      schema: {
        tags,
        summary: 'A plan: public, or assigned to a project of the caller',
        params: TariffParams,
        response: { 200: TariffPlanResponse },
      },
    },
    async (request) => ({ data: await getTariff(ctx, currentUser(request), request.params.id) }),
  );

  r.post(
    '/billing/invoices',
    {
      schema: {
        tags,
        summary: 'Request a balance top-up (admin or owner of project_id); a super admin approves it',
        body: TopUpRequest,
        response: { 201: InvoiceResponse },
      },
    },
    async (request, reply) => {
      const invoice = await requestTopUp(ctx, currentUser(request), request.body);
      return reply.status(201).send({ data: toInvoiceDto(invoice) });
    },
  );
}
