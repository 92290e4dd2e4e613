import { fromMicros, billingRoutes as routes, toMilliUnits } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { toBundleDto, toInvoiceDto, toTariffPlanDto } from './dto.ts';
import { canProcess } from './holds.ts';
import { listUsableBundles } from './ledger.ts';
import { purchasePlan } from './plan-purchases.ts';
import { dailySummary, dayTransactions, listInvoices, monthlySummary } from './summaries.ts';

/**
 * One project: bundles, ledger and summaries (admin and owner), the pre-upload check (any member) and the
 * purchase of a plan.
 */
export async function projectBillingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = { preValidation: projectRole(ctx, 'user') };
  const manager = { preValidation: projectRole(ctx, 'admin') };

  serve(app, routes.units, {
    ...manager,
    handler: async (request) => ({
      data: (await listUsableBundles(ctx, projectAccess(request).project.id)).map(toBundleDto),
    }),
  });

  serve(app, routes.invoices, {
    ...manager,
    handler: async (request) => ({
      data: (
        await listInvoices(ctx.db, projectAccess(request).project, request.query.period, request.query.limit)
      ).map(toInvoiceDto),
    }),
  });

  serve(app, routes.monthlySummary, {
    ...manager,
    handler: async (request) => ({
      data: await monthlySummary(ctx.db, projectAccess(request).project, request.query.months),
    }),
  });

  serve(app, routes.dailySummary, {
    ...manager,
    handler: async (request) => ({
      data: await dailySummary(ctx.db, projectAccess(request).project, request.query.month),
    }),
  });

  serve(app, routes.dayDetails, {
    ...manager,
    handler: async (request) => {
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
  });

  serve(app, routes.canProcess, {
    ...member,
    handler: async (request) => ({
      data: {
        can_process: await canProcess(
          ctx,
          projectAccess(request).project.id,
          toMilliUnits(request.query.units),
        ),
      },
    }),
  });

  serve(app, routes.purchase, {
    ...manager,
    handler: async (request) => {
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
  });
}
