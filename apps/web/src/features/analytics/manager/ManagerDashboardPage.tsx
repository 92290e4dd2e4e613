import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import { type PeriodClock, weekStartOf } from '@parley/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { usePromptChoices } from '../../../shared/api/analyses';
import { useManagerDashboard } from '../../../shared/api/analytics';
import { useErrorMessage } from '../../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../../shared/app/ProjectGuard';
import { Page } from '../../../shared/components/Page';
import { EmptyState, ErrorState } from '../../../shared/components/States';
import { toLocalDay } from '../../../shared/utils/dateTime';
import { fileNamePart } from '../../../shared/utils/download';
import { BackfillBanner } from '../BackfillBanner';
import { downloadCsv } from '../csv';
import { NoPrompts } from '../NoPrompts';
import { ReportActions } from '../ReportActions';
import { ComparisonResult } from './ComparisonResult';
import { comparisonQuery, type ManagerConfig, readConfig, writeConfig } from './config';
import { comparisonCsvRows } from './exportCsv';
import { periodDates, periodLabel } from './labels';
import { measuresOf, type SortDirection, sortRows } from './model';
import { PeriodPanel } from './PeriodPanel';

const sameQuery = (a: ManagerConfig, b: ManagerConfig) =>
  JSON.stringify(comparisonQuery(a)) === JSON.stringify(comparisonQuery(b));

/**
 * /projects/:id/analytics/manager-dashboard: up to 4 periods of a prompt side by side, per representative
 * and for the team. The configuration lives in the URL; a link with a prompt opens its comparison at once.
 * With ?pdf=1 a print view (the shell leaves it alone): no configuration panel, a Print button.
 */
export default function ManagerDashboardPage() {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const project = useCurrentProject();
  const errorMessage = useErrorMessage();
  const { pathname } = useLocation();
  const [params, setParams] = useSearchParams();
  // Today is the reader's own day; weeks start as the reader's language has them.
  const clock: PeriodClock = useMemo(
    () => ({ today: toLocalDay(new Date()), weekStart: weekStartOf(language) }),
    [language],
  );
  const config = useMemo(() => readConfig(params, clock), [params, clock]);
  const print = params.get('pdf') === '1';
  // The configuration last generated, of this project (a switch of project keeps the page, not its prompt).
  const [snapshot, setSnapshot] = useState(() => ({
    projectId: project.id,
    config: config.promptId ? config : null,
  }));
  const generated = snapshot.projectId === project.id ? snapshot.config : null;
  const setGenerated = (next: ManagerConfig) => setSnapshot({ projectId: project.id, config: next });
  const shownConfig = print ? config : generated;
  const comparison = useManagerDashboard(project.id, shownConfig ? comparisonQuery(shownConfig) : null);
  const prompts = usePromptChoices(project.id);

  const setParam = (changes: Record<string, string | string[] | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      next.delete(key);
      for (const item of value === null ? [] : [value].flat()) next.append(key, item);
    }
    setParams(next, { replace: true });
  };
  const change = (changes: Partial<ManagerConfig>) =>
    setParams(writeConfig(params, { ...config, ...changes }), { replace: true });
  const generate = () => {
    // The periods become explicit in the URL, so the link keeps these very days.
    setParams(writeConfig(params, config), { replace: true });
    if (generated && sameQuery(generated, config)) void comparison.refetch();
    setGenerated(config);
  };

  // Another comparison's figures (kept while this one loads) would not match these periods' names.
  const data = comparison.isPlaceholderData ? undefined : comparison.data;
  const periods = shownConfig?.periods ?? [];
  const labels = periods.map((period) => periodLabel(period, t, language));
  const shown = useMemo(() => params.getAll('show'), [params]);
  const measures = useMemo(() => (data ? measuresOf(data.fields, shown) : []), [data, shown]);
  const sort = params.get('sort') || 'representative';
  const direction: SortDirection = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const rows = useMemo(
    () => (data ? sortRows(data.rows, measures, sort, direction, language) : []),
    [data, measures, sort, direction, language],
  );
  const promptName = prompts.data?.find((prompt) => prompt.id === shownConfig?.promptId)?.name ?? '';
  const hasData = Boolean(data?.team.analyses.some((analyses) => analyses > 0));

  // A new column sorts best first (names from A); the same column again the other way round.
  const onSort = (column: string) => {
    const toggled = direction === 'asc' ? 'desc' : 'asc';
    setParam({ sort: column, dir: sort === column ? toggled : column === 'representative' ? 'asc' : 'desc' });
  };
  const exportCsv = () => {
    if (!data || periods.length === 0) return;
    const range = `${periods[0]!.start}_${periods.at(-1)!.end}`;
    downloadCsv(
      `manager-dashboard-${fileNamePart(promptName || 'prompt')}-${range}.csv`,
      comparisonCsvRows(measures, labels, data.team, rows, t),
    );
  };
  const printParams = generated ? writeConfig(params, generated) : new URLSearchParams(params);
  printParams.set('pdf', '1');

  const actions = (
    <ReportActions
      print={print}
      printHref={`${pathname}?${printParams}`}
      hasData={hasData}
      onExportCsv={exportCsv}
    />
  );

  let result: ReactNode = null;
  if (!shownConfig) {
    result = (
      <EmptyState
        icon={<CompareArrowsIcon />}
        title={t('manager.intro.title')}
        description={t('manager.intro.description')}
      />
    );
  } else if (comparison.isError) {
    result = (
      <ErrorState
        title={t('manager.loadError')}
        message={errorMessage(comparison.error)}
        onRetry={() => void comparison.refetch()}
      />
    );
  } else if (data && !hasData) {
    result = (
      <EmptyState
        icon={<EventBusyIcon />}
        title={t('manager.empty')}
        description={t('manager.emptyDescription')}
      />
    );
  } else if (data) {
    result = (
      <ComparisonResult
        data={data}
        periods={periods}
        labels={labels}
        measures={measures}
        rows={rows}
        scope={{
          projectId: project.id,
          promptId: shownConfig.promptId!,
          promptVersion: shownConfig.promptVersion,
          departments: shownConfig.departments,
          representatives: shownConfig.representatives,
        }}
        shown={shown}
        onShown={(paths) => setParam({ show: paths })}
        chartItem={params.get('item')}
        onChartItem={(path) => setParam({ item: path })}
        sort={sort}
        direction={direction}
        onSort={onSort}
        print={print}
      />
    );
  }

  const subtitle = print
    ? [
        project.name,
        promptName,
        shownConfig?.promptVersion ? t('promptVersions.number', { number: shownConfig.promptVersion }) : '',
        ...(shownConfig?.departments ?? []),
        ...(shownConfig?.representatives ?? []),
      ]
        .filter(Boolean)
        .join(' · ')
    : t('manager.subtitle');

  return (
    <Page
      title={t('nav.managerDashboard')}
      subtitle={subtitle}
      actions={actions}
      maxWidth={print ? 'none' : undefined}
    >
      {print ? (
        <Typography variant="body2" color="textSecondary" sx={{ mb: 2 }} data-testid="print-periods">
          {periods
            .map((period, index) => [labels[index], periodDates(period, language)].filter(Boolean).join(': '))
            .join(' → ')}
        </Typography>
      ) : (
        <>
          <BackfillBanner projectId={project.id} />
          {prompts.isSuccess && prompts.data.length === 0 ? null : (
            <PeriodPanel
              projectId={project.id}
              config={config}
              clock={clock}
              prompts={prompts.data ?? []}
              generating={comparison.isFetching}
              onChange={change}
              onGenerate={generate}
            />
          )}
        </>
      )}
      {prompts.isSuccess && prompts.data.length === 0 ? (
        <NoPrompts projectId={project.id} />
      ) : (
        <>
          {comparison.isFetching ? <LinearProgress aria-label={t('manager.loading')} sx={{ mb: 2 }} /> : null}
          {generated && !print && !sameQuery(generated, config) && data ? (
            <Alert severity="info" sx={{ mb: 2 }}>
              {t('manager.outdated')}
            </Alert>
          ) : null}
          <Box>{result}</Box>
        </>
      )}
    </Page>
  );
}
