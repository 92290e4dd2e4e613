import {
  AdjustmentRequest,
  AdminInvoiceListQuery,
  AdminInvoiceListResponse,
  AdminProjectListResponse,
  AdminProjectResponse,
  AdminTariffParams,
  AssignTariffRequest,
  CanProcessQuery,
  CanProcessResponse,
  DailySummaryQuery,
  DailySummaryResponse,
  DayDetailsQuery,
  DayDetailsResponse,
  fromMicros,
  InvoiceListQuery,
  InvoiceListResponse,
  InvoiceParams,
  InvoiceResponse,
  MonthlySummaryQuery,
  MonthlySummaryResponse,
  ProjectIdParams,
  PurchaseRequest,
  PurchaseResponse,
  RejectInvoiceRequest,
  TariffListQuery,
  TariffParams,
  TariffPlanInput,
  TariffPlanListResponse,
  TariffPlanResponse,
  TariffPlanUpdate,
  TopUpRequest,
  toMilliUnits,
  UnitBundlesResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { superAdminOnly } from '../auth/super-admin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { toBundleDto, toInvoiceDto, toTariffPlanDto } from './dto.ts';
import {
  adjustBalance,
  assignPlan,
  canProcess,
  createTariff,
  decideTopUp,
  getTariff,
  listAdminInvoices,
  listAdminProjects,
  listAllTariffs,
  listTariffs,
  listUsableBundles,
  purchasePlan,
  requestTopUp,
  updateTariff,
} from './service.ts';
import { dailySummary, dayTransactions, listInvoices, monthlySummary } from './summaries.ts';

const tags = ['billing'];
const adminTags = ['billing (super admin)'];

/**
 * Billing: a project's balance, bundles, ledger and summaries (admin and owner), the pre-upload check (any
 * member), plans and top-up requests, and the super admin's approval, plan and adjustment routes.
 */
export async function billingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: projectRole(ctx, 'user') };
  const manager = { preValidation: projectRole(ctx, 'admin') };
  const superAdmin = { preValidation: superAdminOnly };

  // ---------- one project ----------

  r.get(
    '/projects/:id/billing/units',
    {
      ...manager,
      schema: {
        tags,
        summary: 'Usable unit bundles (not expired, units left), in the order they are consumed',
        params: ProjectIdParams,
        response: { 200: UnitBundlesResponse },
      },
    },
    async (request) => ({
      data: (await listUsableBundles(ctx, projectAccess(request).project.id)).map(toBundleDto),
    }),
  );

  r.get(
    '/projects/:id/billing/invoices',
    {
      ...manager,
      schema: {
        tags,
        summary: "The project's invoices of a period (project timezone), newest first",
        params: ProjectIdParams,
        querystring: InvoiceListQuery,
        response: { 200: InvoiceListResponse },
      },
    },
    async (request) => ({
      data: (
        await listInvoices(ctx.db, projectAccess(request).project, request.query.period, request.query.limit)
      ).map(toInvoiceDto),
    }),
  );

  r.get(
    '/projects/:id/billing/summaries/monthly',
    {
      ...manager,
      schema: {
        tags,
        summary: 'Settled transactions per month of the last 3, 6, 12 or 24 months, and their total',
        params: ProjectIdParams,
        querystring: MonthlySummaryQuery,
        response: { 200: MonthlySummaryResponse },
      },
    },
    async (request) => ({
      data: await monthlySummary(ctx.db, projectAccess(request).project, request.query.months),
    }),
  );

  r.get(
    '/projects/:id/billing/summaries/daily',
    {
      ...manager,
      schema: {
        tags,
        summary: 'Settled transactions per day of one month (YYYY-MM), and the month total',
        params: ProjectIdParams,
        querystring: DailySummaryQuery,
        response: { 200: DailySummaryResponse },
      },
    },
    async (request) => ({
      data: await dailySummary(ctx.db, projectAccess(request).project, request.query.month),
    }),
  );

  r.get(
    '/projects/:id/billing/summaries/day',
    {
      ...manager,
      schema: {
        tags,
        summary: 'Settled transactions of one day (YYYY-MM-DD)',
        params: ProjectIdParams,
        querystring: DayDetailsQuery,
        response: { 200: DayDetailsResponse },
      },
    },
    async (request) => {
      const rows = await dayTransactions(ctx.db, projectAccess(request).project, request.query.day);
      return {
        data: {
          day: request.query.day,
          transactions: rows.map((row) => {
            const dto = toInvoiceDto(row);
            return {
              id: dto.id,
              process_date: dto.process_date,
              description: dto.description,
              unit_amount: dto.unit_amount,
              minutes_used: dto.minutes_used,
              amount: dto.amount,
              currency: dto.currency,
              type: dto.type,
            };
          }),
        },
      };
    },
  );

  r.get(
    '/projects/:id/billing/can-process',
    {
      ...member,
      schema: {
        tags,
        summary: 'Whether bundles, or the balance when allowed, cover this many units (pre-upload check)',
        params: ProjectIdParams,
        querystring: CanProcessQuery,
        response: { 200: CanProcessResponse },
      },
    },
    async (request) => ({
      data: {
        can_process: await canProcess(
          ctx,
          projectAccess(request).project.id,
          toMilliUnits(request.query.units),
        ),
      },
    }),
  );

  r.post(
    '/projects/:id/billing/purchase',
    {
      ...manager,
      schema: {
        tags,
        summary: 'Buy a public plan with the balance: its included units become a bundle',
        params: ProjectIdParams,
        body: PurchaseRequest,
        response: { 200: PurchaseResponse },
      },
    },
    async (request) => {
      const result = await purchasePlan(
        ctx,
        projectAccess(request).project.id,
        currentUser(request),
        request.body,
      );
      return {
        data: {
          invoice: toInvoiceDto(result.invoice),
          bundle: result.bundle && toBundleDto(result.bundle),
          tariff_plan: toTariffPlanDto(result.plan),
          current_balance: fromMicros(result.project.balanceMicros),
          use_balance_for_analysis: result.project.useBalanceForAnalysis,
        },
      };
    },
  );

  // ---------- plans and top-up requests ----------

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

  // ---------- super admin ----------

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
