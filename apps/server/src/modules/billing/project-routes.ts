import {
  CanProcessQuery,
  CanProcessResponse,
  DailySummaryQuery,
  DailySummaryResponse,
  DayDetailsQuery,
  DayDetailsResponse,
  fromMicros,
  InvoiceListQuery,
  InvoiceListResponse,
  MonthlySummaryQuery,
  MonthlySummaryResponse,
  ProjectIdParams,
  PurchaseRequest,
  PurchaseResponse,
  toMilliUnits,
  UnitBundlesResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { toBundleDto, toInvoiceDto, toTariffPlanDto } from './dto.ts';
import { canProcess } from './holds.ts';
import { listUsableBundles } from './ledger.ts';
import { purchasePlan } from './plan-purchases.ts';
import { dailySummary, dayTransactions, listInvoices, monthlySummary } from './summaries.ts';

const tags = ['billing'];

/**
 * One project: bundles, ledger and summaries (admin and owner), the pre-upload check (any member) and the
 * purchase of a plan.
 */
export async function projectBillingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const member = { preValidation: projectRole(ctx, 'user') };
  const manager = { preValidation: projectRole(ctx, 'admin') };

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
}
