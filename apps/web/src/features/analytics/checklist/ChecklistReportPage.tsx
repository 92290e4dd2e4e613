import FactCheckIcon from '@mui/icons-material/FactCheckOutlined';
import { Paper, Stack, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useAnalyticsView } from '../../../shared/analytics/view';
import { usePromptChoices } from '../../../shared/api/analyses';
import { useChecklist } from '../../../shared/api/analytics';
import { useCurrentProject } from '../../../shared/app/ProjectGuard';
import { Page } from '../../../shared/components/Page';
import { EmptyState, QueryContent } from '../../../shared/components/States';
import { formatDayRange } from '../../../shared/format/analytics';
import { usePagePromptId } from '../../../shared/hooks/openingPrompt';
import { fileNamePart } from '../../../shared/utils/download';
import { BackfillBanner } from '../BackfillBanner';
import { downloadCsv } from '../csv';
import { FilterBar } from '../FilterBar';
import { NoPrompts } from '../NoPrompts';
import { ReportActions } from '../ReportActions';
import { ChecklistTable } from './ChecklistTable';
import { ColorLegend } from './ColorLegend';
import { ColumnChooser } from './ColumnChooser';
import {
  COLUMNS_PARAM,
  checklistCsvRows,
  columnsParam,
  type SortDirection,
  shownItems,
  sortRows,
} from './model';

/**
 * /projects/:id/analytics/checklist-report: representatives × the checklist items of a prompt. With ?pdf=1
 * a print view (the shell leaves it alone): no filters, the whole table, a Print button.
 */
export default function ChecklistReportPage() {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  const { pathname, search } = useLocation();
  const { view, params, update, setRange } = useAnalyticsView(project.timezone);
  const print = params.get('pdf') === '1';
  const prompts = usePromptChoices(project.id);
  const promptId = usePagePromptId(project.id, prompts.data, view.prompt_id);
  const report = useChecklist(
    project.id,
    promptId
      ? {
          prompt_id: promptId,
          prompt_version: view.prompt_version,
          from: view.from,
          to: view.to,
          department: view.department,
        }
      : null,
  );
  const sort = params.get('sort') || 'representative';
  const direction: SortDirection = params.get('dir') === 'desc' ? 'desc' : 'asc';
  const rows = useMemo(
    () => (report.data ? sortRows(report.data.rows, sort, direction, i18n.language) : []),
    [report.data, sort, direction, i18n.language],
  );
  const items = useMemo(
    () => (report.data ? shownItems(report.data.items, params.get(COLUMNS_PARAM)) : []),
    [report.data, params],
  );
  const promptName =
    prompts.data?.find((prompt) => prompt.id === promptId)?.name ?? (promptId ? `#${promptId}` : '');
  // The report counts only the department filter, and names representatives itself.
  const reportView = { ...view, prompt_id: promptId, representative: undefined };
  const rangeText =
    view.from && view.to ? formatDayRange(view.from, view.to, i18n.language) : t('analytics.filters.allTime');

  // A new column sorts best first (names from A); the same column again the other way round.
  const onSort = (column: string) => {
    const toggled = direction === 'asc' ? 'desc' : 'asc';
    update({ sort: column, dir: sort === column ? toggled : column === 'representative' ? 'asc' : 'desc' });
  };
  const exportCsv = () => {
    if (!report.data) return;
    const range = [view.from, view.to].filter(Boolean).join('_') || 'all';
    downloadCsv(
      `checklist-${fileNamePart(promptName)}-${range}.csv`,
      checklistCsvRows({ ...report.data, items }, rows, t),
    );
  };
  const printParams = new URLSearchParams(search);
  printParams.set('pdf', '1');
  if (promptId) printParams.set('prompt_id', String(promptId));
  const hasData = Boolean(report.data && report.data.rows.length > 0);

  const actions = (
    <ReportActions
      print={print}
      printHref={`${pathname}?${printParams}`}
      hasData={hasData}
      onExportCsv={exportCsv}
    />
  );

  return (
    <Page
      title={t('nav.checklistReport')}
      subtitle={
        print
          ? [project.name, promptName, rangeText, view.department].filter(Boolean).join(' · ')
          : t('analytics.checklist.subtitle')
      }
      actions={actions}
      maxWidth={print ? 'none' : undefined}
    >
      {print ? null : (
        <>
          <BackfillBanner projectId={project.id} />
          <FilterBar
            view={view}
            prompts={prompts.data ?? []}
            promptId={promptId}
            people="department"
            versions
            onChange={update}
            onRange={setRange}
          />
        </>
      )}
      {prompts.isSuccess && prompts.data.length === 0 ? (
        <NoPrompts projectId={project.id} />
      ) : (
        <QueryContent
          query={report}
          loadingLabel={t('analytics.loading')}
          errorTitle={t('analytics.loadError')}
          isEmpty={(data) => data.rows.length === 0 || data.items.length === 0}
          empty={
            <EmptyState
              icon={<FactCheckIcon />}
              title={
                report.data?.items.length === 0
                  ? t('analytics.checklist.noItems')
                  : t('analytics.checklist.empty')
              }
              description={
                report.data?.items.length === 0
                  ? t('analytics.checklist.noItemsDescription')
                  : t('analytics.checklist.emptyDescription')
              }
            />
          }
        >
          {(data) => (
            <Paper variant="outlined" sx={print ? { boxShadow: 'none' } : undefined}>
              <Stack
                direction="row"
                sx={{ px: 2, py: 1, justifyContent: 'space-between', alignItems: 'center' }}
              >
                <Typography variant="body2" color="textSecondary">
                  {print ? '' : t('analytics.checklist.hint')}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  {print ? null : (
                    <ColumnChooser
                      items={data.items}
                      shown={new Set(items.map((item) => item.path))}
                      onChange={(shown) => update({ [COLUMNS_PARAM]: columnsParam(data.items, shown) })}
                    />
                  )}
                  <ColorLegend />
                </Stack>
              </Stack>
              <ChecklistTable
                data={{ ...data, items }}
                rows={rows}
                projectId={project.id}
                view={reportView}
                sort={sort}
                direction={direction}
                onSort={onSort}
                print={print}
              />
            </Paper>
          )}
        </QueryContent>
      )}
    </Page>
  );
}
