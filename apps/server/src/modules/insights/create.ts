import {
  fromMilliUnits,
  INSIGHT_TEXTS,
  type InsightFilters,
  type InsightRequest,
  insightUnitsMilli,
  PROVIDER_NAMES,
  type ProviderId,
} from '@parley/contracts';
import {
  defaultGenerationModel,
  generationTarget,
  isProviderAvailable,
  listModels,
  listProviders,
  providerUnavailable,
} from '../../ai/catalog.ts';
import type { Config } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { type InsightVisibility, insights } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../errors.ts';
import { checkedDays } from '../analytics/filters.ts';
import { promptNames } from '../analytics/prompt-fields.ts';
import { lockProject } from '../billing/ledger.ts';
import { holdPaidWork } from '../billing/paid-job.ts';
import type { ProjectAccess } from '../projects/access.ts';
import { PROMPT_TEXTS } from '../prompts/service.ts';
import { SEARCH_TEXTS } from '../search/search.ts';
import { phraseWords } from '../search/snippets.ts';
import { insightJob } from './jobs.ts';

export type InsightRow = typeof insights.$inferSelect;

const unknownModel = (provider: ProviderId, model: string) =>
  badRequest(`${PROVIDER_NAMES[provider]} offers no model '${model}'.`, 'unknown_model');

/**
 * The provider and model that answer: the ones asked (a model alone: the provider whose catalog has it), else
 * the AI generation model. A provider without credentials answers 503, a model outside the catalog 400.
 * Units: the catalog's (the spec's default of 1 for a configured generation model it does not list).
 */
export function insightModel(
  config: Config,
  asked: Pick<InsightRequest, 'provider' | 'model'>,
): { provider: ProviderId; model: string; units: number } {
  if (!asked.provider && !asked.model) {
    const target = generationTarget(config);
    const info = listModels(config, target.provider).find((model) => model.model === target.model);
    return { ...target, units: info?.units ?? 1 };
  }
  const provider =
    asked.provider ??
    listProviders(config).find((candidate) =>
      listModels(config, candidate.id).some((model) => model.model === asked.model),
    )?.id;
  if (!provider) throw unknownModel(generationTarget(config).provider, asked.model!);
  if (!isProviderAvailable(config, provider)) throw providerUnavailable(provider);
  const model = asked.model ?? defaultGenerationModel(config, provider);
  const info = listModels(config, provider).find((candidate) => candidate.model === model);
  if (!info || info.retired) throw unknownModel(provider, model);
  return { provider, model, units: info.units };
}

/** The analyses the asker sees (media keys never get here: the routes are for full access). */
function visibilityOf(access: ProjectAccess): InsightVisibility {
  return access.visibility?.kind === 'team'
    ? { kind: 'team', assignment: access.visibility.assignment }
    : { kind: 'all' };
}

async function filtersOf(
  ctx: AppContext,
  access: ProjectAccess,
  request: InsightRequest,
): Promise<InsightFilters> {
  checkedDays({ from: request.start_date, to: request.end_date });
  if (request.search !== undefined && phraseWords(request.search).length === 0) {
    throw badRequest(SEARCH_TEXTS.noWords, 'bad_request', 'search');
  }
  const promptId = request.prompt_id ?? null;
  const promptName =
    promptId === null ? null : (await promptNames(ctx.db, access.project.id, [promptId])).get(promptId);
  if (promptName === undefined) throw notFound(PROMPT_TEXTS.notFound);
  return {
    department: request.department ?? [],
    representative: request.representative ?? [],
    start_date: request.start_date ?? null,
    end_date: request.end_date ?? null,
    prompt_id: promptId,
    prompt_name: promptName,
    analysis_fields: [...new Set(request.analysis_fields)],
    search: request.search ?? null,
  };
}

/**
 * Asks a question: under the project's lock, holds the insight's price (402 insufficient_funds when the
 * bundles and balance cannot pay it beside the work in progress), stores the insight (queued) and queues
 * its job, all in one transaction, so an insight is never stored without its hold and its job.
 */
export async function createInsight(
  ctx: AppContext,
  access: ProjectAccess,
  userId: number,
  request: InsightRequest,
): Promise<InsightRow> {
  if (request.project_id !== undefined && request.project_id !== access.project.id) {
    throw badRequest(INSIGHT_TEXTS.projectMismatch, 'project_mismatch');
  }
  const target = insightModel(ctx.config, request);
  const filters = await filtersOf(ctx, access, request);
  const unitsMilli = insightUnitsMilli(target.units);
  return ctx.db.transaction(async (tx) => {
    await lockProject(tx, access.project.id);
    const [row] = await tx
      .insert(insights)
      .values({
        projectId: access.project.id,
        createdBy: userId,
        question: request.question,
        filters,
        provider: target.provider,
        model: target.model,
        visibility: visibilityOf(access),
        language: access.language ?? null,
        unitsMilli,
      })
      .returning();
    const paid = { projectId: access.project.id, item: { insightId: row!.id } };
    if (!(await holdPaidWork(tx, paid, unitsMilli))) {
      const units = fromMilliUnits(unitsMilli).toLocaleString('en-US', { maximumFractionDigits: 3 });
      throw new AppError(
        'payment_required',
        'insufficient_funds',
        INSIGHT_TEXTS.insufficientFunds.replace('{units}', units),
      );
    }
    await insightJob.send(ctx, { insightId: row!.id }, { tx });
    return row!;
  });
}
