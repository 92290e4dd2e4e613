import type { DayRange } from '@parley/contracts';
import { analysesLink } from '../../../shared/analytics/view';
import type { AnalysisFilters } from '../../../shared/api/analysisListQuery';
import { isChecklistType } from '../../../shared/format/analytics';
import type { Measure } from './model';

/** What a comparison counted: the prompt (and version) and the department and representative filters. */
export interface ComparisonScope {
  projectId: number;
  promptId: number;
  promptVersion?: number;
  departments: string[];
  representatives: string[];
}

/** One name as the analyses list filters by it; several can't be said there (undefined), none is every. */
const single = (names: string[]) => (names.length === 1 ? names[0] : names.length === 0 ? null : undefined);

/**
 * The analyses behind a figure, in the analyses list: the representative's (or the team's) completed
 * analyses of the prompt in the period, as the checklist report links an item, for yes/no items the ones
 * that missed it. Null where the list can't show the same analyses: several departments (or, for the team,
 * several representatives) chosen, or analyses without a representative.
 */
export function figureLink(
  scope: ComparisonScope,
  period: DayRange,
  who: 'team' | { representative: string | null },
  measure: Measure,
): string | null {
  const department = single(scope.departments);
  const person = who === 'team' ? single(scope.representatives) : who.representative;
  if (department === undefined || person === undefined || (who !== 'team' && person === null)) return null;
  const filters: AnalysisFilters = {
    from: period.start,
    to: period.end,
    prompt_id: scope.promptId,
    prompt_version: scope.promptVersion,
    department: department ?? undefined,
    representative: person ?? undefined,
    status: 'completed',
  };
  if (measure.kind === 'item') {
    filters.field = measure.key;
    if (isChecklistType(measure.item.type)) filters.field_outcome = 'missed';
  }
  return analysesLink(scope.projectId, filters);
}
