import type {
  Insight,
  InsightCitation,
  InsightFilters,
  InsightForm,
  InsightStage,
  InsightStatus,
} from '@parley/contracts';
import { analysesLink } from '../../shared/analytics/view';

/** The suggested questions (texts in insights.suggestions.<key>). */
export const SUGGESTION_KEYS = [
  'missedItems',
  'coachingPriorities',
  'objections',
  'bestVsWorst',
  'departments',
  'empathy',
  'contactReasons',
  'closing',
] as const;

export const emptyInsightForm = (): InsightForm => ({
  question: '',
  departments: [],
  representatives: [],
  analysisFields: [],
  startDate: null,
  endDate: null,
  promptId: null,
  search: '',
  provider: null,
  model: null,
});

/** The form an insight was asked with, to ask it again (changed or not). */
export function formOfInsight(insight: Insight): InsightForm {
  const { filters } = insight;
  return {
    question: insight.question,
    departments: filters.department,
    representatives: filters.representative,
    analysisFields: filters.analysis_fields,
    startDate: filters.start_date,
    endDate: filters.end_date,
    promptId: filters.prompt_id,
    search: filters.search ?? '',
    provider: insight.provider,
    model: insight.model,
  };
}

/** The only name of a filter of one name (a list of several can't be one analyses-list filter). */
const single = (names: readonly string[]) => (names.length === 1 ? names[0] : undefined);

/**
 * The analyses a citation rests on: its representative, department and field (with the outcome) within the
 * insight's date range and prompt; a department or representative the insight was narrowed to stays on.
 */
export function citationLink(projectId: number, filters: InsightFilters, citation: InsightCitation): string {
  return analysesLink(projectId, {
    from: filters.start_date ?? undefined,
    to: filters.end_date ?? undefined,
    prompt_id: filters.prompt_id ?? undefined,
    department: citation.department ?? single(filters.department),
    representative: citation.representative ?? single(filters.representative),
    field: citation.field ?? undefined,
    field_outcome: (citation.field && citation.field_outcome) || undefined,
  });
}

/** An example analysis of a citation. */
export const analysisLink = (projectId: number, analysisId: number) =>
  `/projects/${projectId}/analyses/${analysisId}`;

export const STATUS_COLORS: Record<InsightStatus, 'default' | 'primary' | 'success' | 'error'> = {
  queued: 'default',
  running: 'primary',
  completed: 'success',
  failed: 'error',
};

/** How far along a running insight is, for its progress bar. */
export const STAGE_PROGRESS: Record<InsightStage, number> = {
  queued: 10,
  gathering: 40,
  asking: 75,
  done: 100,
};

export const isRunning = (status: InsightStatus) => status === 'queued' || status === 'running';
