import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import { Button, Link, Paper, Typography } from '@mui/material';
import type { CalibrationSession } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { calibrationPath, useCalibrations } from '../../shared/api/calibrations';
import { type Column, DataTable, useQueryTableState } from '../../shared/components/DataTable';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { formatDate } from '../../shared/utils/displayDates';
import { analysisPath, PAGE_SIZES, reviewPath } from './api';
import { CalibrationStatusChip } from './CalibrationStatusChip';
import { analysisName, awaitsMyReview, sessionTitle } from './names';
import { SubmittedProgress } from './SubmittedProgress';
import { useView } from './view';

/** Calibration sessions (all for admins and owners, else the caller's), open ones first, paged like the queue. */
export function CalibrationTab({ projectId, timeZone }: { projectId: number; timeZone: string }) {
  const { t, i18n } = useTranslation();
  const { view, update } = useView();
  const query = useCalibrations(projectId, { page: view.page, per_page: view.per_page });
  const state = useQueryTableState(query, { errorTitle: t('calibration.list.loadFailed') });
  const column = (key: string) => t(`calibration.list.columns.${key}`);
  const columns: Column<CalibrationSession>[] = [
    {
      id: 'session',
      header: column('session'),
      cell: (row) => (
        <Link
          component={RouterLink}
          to={calibrationPath(projectId, row.id)}
          data-testid={`calibration-link-${row.id}`}
          sx={{ display: 'block', maxWidth: 280, overflowWrap: 'anywhere' }}
        >
          {sessionTitle(row, t)}
        </Link>
      ),
    },
    {
      id: 'analysis',
      header: column('analysis'),
      cell: (row) => (
        <>
          <Link
            component={RouterLink}
            to={analysisPath(projectId, row.task_id)}
            sx={{ display: 'block', maxWidth: 280, overflowWrap: 'anywhere' }}
          >
            {analysisName(row, t)}
          </Link>
          {row.analysis.representative ? (
            <Typography variant="body2" color="textSecondary">
              {row.analysis.representative}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      id: 'progress',
      header: column('progress'),
      cell: (row) => (
        <SubmittedProgress
          session={row}
          label={t('calibration.progressOf', { name: sessionTitle(row, t) })}
        />
      ),
    },
    { id: 'status', header: column('status'), cell: (row) => <CalibrationStatusChip status={row.status} /> },
    {
      id: 'created',
      header: column('created'),
      cell: (row) => formatDate(row.created_at, i18n.language, timeZone),
    },
    {
      id: 'actions',
      header: column('actions'),
      cell: (row) =>
        awaitsMyReview(row) ? (
          <Button
            size="small"
            variant="contained"
            component={RouterLink}
            to={reviewPath(projectId, row.task_id)}
            data-testid={`calibration-review-${row.id}`}
          >
            {t('calibration.list.review')}
          </Button>
        ) : null,
    },
  ];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
      <FetchingBar active={query.isFetching && !query.isPending} />
      <DataTable
        label={t('calibration.list.label')}
        columns={columns}
        rows={query.data?.data}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': `calibration-row-${row.id}`, 'data-status': row.status })}
        loading={state.loading}
        error={state.error}
        loadingLabel={t('calibration.list.loading')}
        empty={{
          text: t('calibration.list.empty'),
          description: t('calibration.list.emptyHelp'),
          icon: <GroupsIcon />,
          testId: 'calibrations-empty',
        }}
        phoneCards
        scrollRegion
        testId="calibrations-table"
        pagination={{
          total: query.data?.meta.total ?? 0,
          page: view.page,
          pageSize: view.per_page,
          pageSizes: PAGE_SIZES,
          setPage: (next) => update({ page: next }),
          setPageSize: (size) => update({ per_page: size }),
        }}
      />
    </Paper>
  );
}
