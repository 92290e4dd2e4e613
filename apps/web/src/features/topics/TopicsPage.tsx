import TopicOutlinedIcon from '@mui/icons-material/TopicOutlined';
import { Alert, FormControlLabel, LinearProgress, Stack, Switch, Typography } from '@mui/material';
import { hasRoleAtLeast, type TopicRun } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { SectionCard } from '../../shared/components/SectionCard';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { formatDay } from '../../shared/format/analytics';
import { isRunning, useTopicRun, useTopicRuns, useTopicSettings } from './api';
import { RunNow } from './RunNow';
import { TopicTable } from './TopicTable';

function RunState({ run }: { run: TopicRun }) {
  const { t, i18n } = useTranslation();
  if (isRunning(run))
    return (
      <Alert severity="info" data-testid="topics-running">
        {t(`topics.stage.${run.stage}`)}
        <LinearProgress sx={{ mt: 1 }} />
      </Alert>
    );
  if (run.status === 'failed')
    return (
      <Alert severity="error" data-testid="topics-failed">
        {t('topics.failed', {
          start: formatDay(run.start_date, i18n.language),
          end: formatDay(run.end_date, i18n.language),
        })}{' '}
        {run.error_message}
      </Alert>
    );
  return null;
}

/** /projects/:id/analytics/topics: what customers called about, from the latest completed topic run. */
export default function TopicsPage() {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  const manager = hasRoleAtLeast(project.my_role, 'admin') && !project.read_only;
  const runs = useTopicRuns(project.id);
  const list = runs.data?.data ?? [];
  const latest = list[0] ?? null;
  const shown = list.find((run) => run.status === 'completed') ?? null;
  const run = useTopicRun(project.id, shown?.id ?? null);
  const settings = useTopicSettings(project.id);
  const actions = manager ? (
    // Each kept on one line: beside the long subtitle they would otherwise shrink to a word per line. On a phone,
    // where they sit under the title, the button goes under the switch when both do not fit.
    <Stack
      direction="row"
      spacing={2}
      useFlexGap
      sx={{ alignItems: 'center', whiteSpace: 'nowrap', flexWrap: { xs: 'wrap', sm: 'nowrap' }, rowGap: 1 }}
    >
      <FormControlLabel
        control={
          <Switch
            checked={runs.data?.monthly ?? false}
            disabled={!runs.data || settings.isPending}
            onChange={(event) => settings.mutate(event.target.checked)}
          />
        }
        label={t('topics.monthly')}
      />
      <RunNow project={project} disabled={latest !== null && isRunning(latest)} />
    </Stack>
  ) : undefined;
  return (
    <Page title={t('nav.topics')} subtitle={t('topics.subtitle')} actions={actions}>
      <QueryContent
        query={runs}
        loadingLabel={t('topics.loading')}
        errorTitle={t('topics.loadError')}
        isEmpty={(data) => data.data.length === 0}
        empty={
          <EmptyState
            icon={<TopicOutlinedIcon />}
            title={t('topics.empty.title')}
            description={manager ? t('topics.empty.manager') : t('topics.empty.member')}
          />
        }
      >
        {() => (
          <Stack spacing={2}>
            {latest && latest.id !== shown?.id ? <RunState run={latest} /> : null}
            {shown ? (
              <SectionCard
                title={t('topics.period', {
                  start: formatDay(shown.start_date, i18n.language),
                  end: formatDay(shown.end_date, i18n.language),
                  previousStart: formatDay(shown.previous_start_date, i18n.language),
                  previousEnd: formatDay(shown.previous_end_date, i18n.language),
                })}
                testId="topics-latest"
              >
                <QueryContent
                  query={run}
                  loadingLabel={t('topics.loading')}
                  errorTitle={t('topics.loadError')}
                >
                  {(detail) =>
                    detail.topics.length === 0 ? (
                      <Typography color="textSecondary">{t('topics.none')}</Typography>
                    ) : (
                      <TopicTable projectId={project.id} topics={detail.topics} canCreateTracker={manager} />
                    )
                  }
                </QueryContent>
              </SectionCard>
            ) : null}
          </Stack>
        )}
      </QueryContent>
    </Page>
  );
}
