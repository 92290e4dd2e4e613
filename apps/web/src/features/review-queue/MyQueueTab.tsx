import { Paper, Stack } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { AssignmentsTable } from './AssignmentsTable';
import { useReviewQueue } from './api';
import { ProgressBar } from './Progress';
import { StatusFilter } from './StatusFilter';
import { useView } from './view';
import { WeekSwitcher } from './WeekSwitcher';

/** The caller's assignments of a week: progress toward the week's total, then the list, open ones first. */
export function MyQueueTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { view, update } = useView();
  const query = useReviewQueue(projectId, {
    week: view.week,
    status: view.status,
    page: view.page,
    per_page: view.per_page,
  });
  const meta = query.data?.meta;
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2}>
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ justifyContent: 'space-between', alignItems: { md: 'center' } }}
          >
            <WeekSwitcher
              week={meta?.week ?? null}
              chosen={Boolean(view.week)}
              onChange={(week) => update({ week })}
            />
            <StatusFilter value={view.status} onChange={(status) => update({ status })} />
          </Stack>
          {meta ? (
            <ProgressBar
              progress={meta.progress}
              testId="queue-progress"
              label={t('reviewQueue.progress.mine')}
            />
          ) : null}
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <FetchingBar active={query.isFetching && !query.isPending} />
        <AssignmentsTable
          projectId={projectId}
          query={query}
          rows={query.data?.data}
          total={meta?.total ?? 0}
          page={view.page}
          perPage={view.per_page}
          withReviewer={false}
          emptyText={t(view.status ? 'reviewQueue.queue.noMatches' : 'reviewQueue.queue.empty')}
          onChange={update}
        />
      </Paper>
    </Stack>
  );
}
