import {
  AdjustmentRequest,
  AdminInvoiceListQuery,
  AdminInvoiceListResponse,
  AdminProjectListResponse,
  AdminProjectResponse,
  AdminTariffParams,
  AssignTariffRequest,
  InvoiceParams,
  InvoiceResponse,
  ProjectIdParams,
  RejectInvoiceRequest,
  TariffPlanInput,
  TariffPlanListResponse,
  TariffPlanResponse,
  TariffPlanUpdate,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { superAdminOnly } from '../auth/super-admin.ts';
import { adjustBalance } from './adjustments.ts';
import { listAdminInvoices, listAdminProjects } from './admin-lists.ts';
import { toInvoiceDto } from './dto.ts';
import { assignPlan } from './plan-purchases.ts';
import { createTariff, listAllTariffs, updateTariff } from './plans.ts';
import { decideTopUp } from './top-ups.ts';

const adminTags = ['billing (super admin)'];

/** The super admin's billing: top-up approval, plans, every project's plan and balance adjustments. */
export async function adminBillingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const superAdmin = { preValidation: superAdminOnly };

  r.get(
    '/admin/billing/invoices',
    {
      ...superAdmin,
      schema: {
        tags: adminTags,
        summary: 'Invoices of every project by status (top-up requests when no status is given)',
        querystring: AdminInvoiceListQuery,
        response: { 200: AdminInvoiceListResponse },
      },
    },
    async (request) => ({ data: await listAdminInvoices(ctx, request.query.status) }),
  );

  r.post(
    '/admin/billing/invoices/:invoiceId/approve',
    {
      ...superAdmin,
      schema: {
        tags: adminTags,
        summary: 'Approve a pending top-up: the balance is credited once',
        params: InvoiceParams,
        response: { 200: InvoiceResponse },
      },
    },
    async (request) => ({
      data: toInvoiceDto(await decideTopUp(ctx, request.params.invoiceId, currentUser(request), 'approve')),
    }),
  );

  r.post(
    '/admin/billing/invoices/:invoiceId/reject',
    {
      ...superAdmin,
      schema: {
        tags: adminTags,
        summary: 'Reject a pending top-up',
        params: InvoiceParams,
        body: RejectInvoiceRequest,
        response: { 200: InvoiceResponse },
      },
    },
    async (request) => ({
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
  );

  r.get(
    '/admin/billing/tariffs',
    {
      ...superAdmin,
      schema: {
        tags: adminTags,
        summary: 'Every plan, public or not',
        response: { 200: TariffPlanListResponse },
      },
    },
    async () => ({ data: await listAllTariffs(ctx) }),
  );

  r.post(
    '/admin/billing/tariffs',
    {
      ...superAdmin,
      schema: {
        tags: adminTags,
        summary: 'Create a plan',
        body: TariffPlanInput,
        response: { 201: TariffPlanResponse },
      },
    },
    async (request, reply) => reply.status(201).send({ data: await createTariff(ctx, request.body) }),
  );

  r.put(
    '/admin/billing/tariffs/:tariffId',
    {
      ...superAdmin,
      schema: {
        tags: adminTags,
        summary: 'Change a plan (bundles already made keep their units and expiry)',
        params: AdminTariffParams,
        body: TariffPlanUpdate,
        response: { 200: TariffPlanResponse },
      },
    },
    async (request) => ({ data: await updateTariff(ctx, request.params.tariffId, request.body) }),
  );

  r.get(
    '/admin/projects',
    {
      ...superAdmin,
      schema: {
        tags: adminTags,
        summary: 'Every project with its balance, plan, units left and pending top-ups',
        response: { 200: AdminProjectListResponse },
      },
    },
    async () => ({ data: await listAdminProjects(ctx) }),
  );

  r.put(
    '/admin/projects/:id/tariff',
    {
      ...superAdmin,
      schema: {
        tags: adminTags,
        summary: 'Put a project on any plan, public or not, without charging; included units become a bundle',
        params: ProjectIdParams,
        body: AssignTariffRequest,
        response: { 200: AdminProjectResponse },
      },
    },
    async (request) => {
      await assignPlan(ctx, request.params.id, request.body.tariff_id);
      const [project] = await listAdminProjects(ctx, request.params.id);
      return { data: project! };
    },
  );

  r.post(
    '/admin/projects/:id/adjustments',
    {
      ...superAdmin,
      schema: {
        tags: adminTags,
        summary: 'Credit or debit a balance with a reason (a settled ledger row)',
        params: ProjectIdParams,
        body: AdjustmentRequest,
        response: { 201: InvoiceResponse },
      },
    },
    async (request, reply) => {
      const invoice = await adjustBalance(ctx, request.params.id, currentUser(request), request.body);
      return reply.status(201).send({ data: toInvoiceDto(invoice) });
    },
  );
}
