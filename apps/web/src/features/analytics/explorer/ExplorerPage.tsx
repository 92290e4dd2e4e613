import DownloadIcon from '@mui/icons-material/Download';
import InsightsIcon from '@mui/icons-material/InsightsOutlined';
import { Button, Grid, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { EXPLORER_GROUPS, type ExplorerGroup, weekStartOf } from '@parley/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnalyticsView } from '../../../shared/analytics/view';
import { usePromptChoices } from '../../../shared/api/analyses';
import { useAnalyticsFields, useExplorer } from '../../../shared/api/analytics';
import { useCurrentProject } from '../../../shared/app/ProjectGuard';
import { Page } from '../../../shared/components/Page';
import { EmptyState, QueryContent } from '../../../shared/components/States';
import { usePagePromptId } from '../../../shared/hooks/openingPrompt';
import { fileNamePart } from '../../../shared/utils/download';
import { AgreementCard } from '../agreement/AgreementCard';
import { BackfillBanner } from '../BackfillBanner';
import { CalibrationCard } from '../calibration/CalibrationCard';
import { downloadCsv } from '../csv';
import { FilterBar } from '../FilterBar';
import { NoPrompts } from '../NoPrompts';
import { TrackerRatesCard } from '../trackers/TrackerRatesCard';
import { valueColumns } from './columns';
import { ExplorerResult } from './ExplorerResult';
import { explorerCsvRows } from './exportCsv';
import { FieldSelect } from './FieldSelect';

const readGroup = (value: string | null): ExplorerGroup =>
  EXPLORER_GROUPS.includes(value as ExplorerGroup) ? (value as ExplorerGroup) : 'representative';

/**
 * /projects/:id/analytics: one field of a prompt, grouped by person, department or period; below it the trackers'
 * hit rates, calibration and reviewer agreement.
 */
export default function ExplorerPage() {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  const { view, params, update, setRange } = useAnalyticsView(project.timezone);
  const prompts = usePromptChoices(project.id);
  const promptId = usePagePromptId(project.id, prompts.data, view.prompt_id);
  const fields = useAnalyticsFields(
    project.id,
    promptId
      ? { prompt_id: promptId, prompt_version: view.prompt_version, from: view.from, to: view.to }
      : null,
  );
  const group = readGroup(params.get('group_by'));
  const fieldList = fields.data ?? [];
  const requested = params.get('field');
  const field =
    fieldList.find((entry) => entry.path === requested) ??
    fieldList.find((entry) => entry.type === 'final') ??
    fieldList[0];
  const explored = useExplorer(
    project.id,
    promptId && field
      ? {
          prompt_id: promptId,
          prompt_version: view.prompt_version,
          field: field.path,
          group_by: group,
          week_start: weekStartOf(i18n.language),
          from: view.from,
          to: view.to,
          department: view.department,
          representative: view.representative,
        }
      : null,
  );
  const promptName = prompts.data?.find((prompt) => prompt.id === promptId)?.name ?? `#${promptId}`;
  const effectiveView = { ...view, prompt_id: promptId };

  const exportCsv = () => {
    if (!explored.data) return;
    const { field: shown, groups, total } = explored.data;
    const columns = valueColumns(shown, total, t, i18n.language);
    const range = [view.from, view.to].filter(Boolean).join('_') || 'all';
    downloadCsv(
      `analytics-${fileNamePart(promptName)}-${fileNamePart(shown.label)}-${group}-${range}.csv`,
      explorerCsvRows(group, columns, groups, total, t, i18n.language),
    );
  };

  const states = { loadingLabel: t('analytics.loading'), errorTitle: t('analytics.loadError') };
  let content: ReactNode;
  if (prompts.isSuccess && prompts.data.length === 0) content = <NoPrompts projectId={project.id} />;
  else if (prompts.isError)
    content = (
      <QueryContent query={prompts} {...states}>
        {() => null}
      </QueryContent>
    );
  else if (fields.isSuccess && fieldList.length === 0) {
    content = (
      <EmptyState
        icon={<InsightsIcon />}
        title={t('analytics.explorer.noFields')}
        description={t('analytics.explorer.noFieldsDescription')}
      />
    );
  } else if (!field)
    content = (
      <QueryContent query={fields} {...states}>
        {() => null}
      </QueryContent>
    );
  else {
    content = (
      <QueryContent
        query={explored}
        {...states}
        isEmpty={(data) => data.total.count === 0}
        empty={
          <EmptyState
            icon={<InsightsIcon />}
            title={t('analytics.explorer.empty')}
            description={t('analytics.explorer.emptyDescription')}
          />
        }
      >
        {(data) => <ExplorerResult data={data} group={group} projectId={project.id} view={effectiveView} />}
      </QueryContent>
    );
  }

  return (
    <Page title={t('nav.analytics')} subtitle={t('analytics.explorer.subtitle')}>
      <BackfillBanner projectId={project.id} />
      <FilterBar
        view={view}
        prompts={prompts.data ?? []}
        promptId={promptId}
        people="both"
        versions
        onChange={(changes) => update('prompt_id' in changes ? { ...changes, field: undefined } : changes)}
        onRange={setRange}
      >
        <Grid size={{ xs: 12, md: 6 }}>
          <FieldSelect
            fields={fieldList}
            value={field?.path ?? ''}
            onChange={(path) => update({ field: path })}
            disabled={fieldList.length === 0}
          />
        </Grid>
      </FilterBar>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}
      >
        <ToggleButtonGroup
          exclusive
          size="small"
          value={group}
          onChange={(_event, value: ExplorerGroup | null) => value && update({ group_by: value })}
          aria-label={t('analytics.explorer.groupByLabel')}
        >
          {EXPLORER_GROUPS.map((option) => (
            <ToggleButton key={option} value={option}>
              {t(`analytics.explorer.groupBy.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <Button
          startIcon={<DownloadIcon />}
          variant="outlined"
          onClick={exportCsv}
          disabled={!explored.data || explored.data.total.count === 0}
        >
          {t('analytics.exportCsv')}
        </Button>
      </Stack>
      {content}
      {/* Below the result: shown once the result is in, so it is not pushed down while on screen. */}
      {promptId && prompts.isSuccess && (field ? !explored.isPending : !fields.isPending) ? (
        <Stack spacing={3} sx={{ mt: 3 }}>
          <TrackerRatesCard projectId={project.id} view={view} params={params} update={update} />
          <CalibrationCard promptId={promptId} promptName={promptName} from={view.from} to={view.to} />
          <AgreementCard promptId={promptId} from={view.from} to={view.to} />
        </Stack>
      ) : null}
    </Page>
  );
}
