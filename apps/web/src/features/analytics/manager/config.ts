import {
  calendarRange,
  DASHBOARD_VIEWS,
  type DashboardPeriod,
  type DashboardView,
  type DayRange,
  daysBetween,
  defaultPeriods,
  MAX_DASHBOARD_PERIODS,
  type PeriodClock,
  type PeriodUnit,
  parsePeriodParam,
  periodParam,
  sortPeriods,
} from '@parley/contracts';
import type { ManagerDashboardQuery } from '../../../shared/api/analytics';

/**
 * The manager dashboard's configuration as the URL keeps it (so a reload or a shared link shows the same
 * comparison): view, period (repeated, 'YYYY-MM-DD..YYYY-MM-DD'), prompt_id, prompt_version (the prompt's
 * scorecard version; none: all), department and representative (repeated). The period rules themselves are contracts' analytics/periods.ts.
 */
export interface ManagerConfig {
  view: DashboardView;
  /** Oldest first. */
  periods: DashboardPeriod[];
  promptId: number | undefined;
  promptVersion: number | undefined;
  departments: string[];
  representatives: string[];
}

export const DEFAULT_VIEW: DashboardView = 'weeks';
const CONFIG_KEYS = [
  'view',
  'period',
  'prompt_id',
  'prompt_version',
  'department',
  'representative',
] as const;

const UNIT_OF_VIEW: Record<DashboardView, PeriodUnit> = { days: 'day', weeks: 'week', months: 'month' };

/** How many days, weeks or months before today's the unit starting on `start` is (not checked to fit). */
function unitsBack(unit: PeriodUnit, start: string, clock: PeriodClock): number {
  if (unit === 'day') return (daysBetween(start, clock.today) ?? 0) - 1;
  if (unit === 'week') return ((daysBetween(start, calendarRange('week', 0, clock).start) ?? 0) - 1) / 7;
  const month = (day: string) => Number(day.slice(0, 4)) * 12 + Number(day.slice(5, 7));
  return month(clock.today) - month(start);
}

/**
 * A period read back from the URL: labelled as the view's calendar day, week or month it covers exactly
 * ('Previous week'), else by its dates. A link opened later names the same days by their new distance.
 */
export function periodOfRange(view: DashboardView, range: DayRange, clock: PeriodClock): DashboardPeriod {
  const unit = UNIT_OF_VIEW[view];
  const back = unitsBack(unit, range.start, clock);
  if (Number.isInteger(back) && back >= 0) {
    const calendar = calendarRange(unit, back, clock);
    if (calendar.start === range.start && calendar.end === range.end) {
      return { ...range, label: { kind: 'calendar', unit, back } };
    }
  }
  return { ...range, label: { kind: 'custom' } };
}

const names = (params: URLSearchParams, key: string) => [
  ...new Set(
    params
      .getAll(key)
      .map((name) => name.trim().slice(0, 200))
      .filter(Boolean),
  ),
];

const positiveWhole = (text: string | null) => {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

export function readConfig(params: URLSearchParams, clock: PeriodClock): ManagerConfig {
  const viewParam = params.get('view');
  const view = DASHBOARD_VIEWS.includes(viewParam as DashboardView)
    ? (viewParam as DashboardView)
    : DEFAULT_VIEW;
  const ranges = params
    .getAll('period')
    .map(parsePeriodParam)
    .filter((range): range is DayRange => range !== null)
    .slice(0, MAX_DASHBOARD_PERIODS);
  const periods =
    ranges.length > 0
      ? sortPeriods(ranges.map((range) => periodOfRange(view, range, clock)))
      : defaultPeriods(view, clock);
  const promptId = positiveWhole(params.get('prompt_id'));
  return {
    view,
    periods,
    promptId,
    promptVersion: promptId === undefined ? undefined : positiveWhole(params.get('prompt_version')),
    departments: names(params, 'department'),
    representatives: names(params, 'representative'),
  };
}

/** The URL parameters with this configuration (other parameters, such as the sort, are kept). */
export function writeConfig(params: URLSearchParams, config: ManagerConfig): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of CONFIG_KEYS) next.delete(key);
  next.set('view', config.view);
  for (const period of config.periods) next.append('period', periodParam(period));
  if (config.promptId) next.set('prompt_id', String(config.promptId));
  if (config.promptId && config.promptVersion) next.set('prompt_version', String(config.promptVersion));
  for (const department of config.departments) next.append('department', department);
  for (const representative of config.representatives) next.append('representative', representative);
  return next;
}

/** What the server is asked for this configuration; null without a prompt. */
export function comparisonQuery(config: ManagerConfig): ManagerDashboardQuery | null {
  if (!config.promptId) return null;
  return {
    prompt_id: config.promptId,
    prompt_version: config.promptVersion,
    period: config.periods.map(periodParam),
    department: config.departments.length > 0 ? config.departments : undefined,
    representative: config.representatives.length > 0 ? config.representatives : undefined,
  };
}
