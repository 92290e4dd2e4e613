import AssignmentIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import { Button, Link, Typography } from '@mui/material';
import type { Assignment } from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { type Column, DataTable, useQueryTableState } from '../../shared/components/DataTable';
import { formatScore } from '../../shared/format/numbers';
import { analysisPath, PAGE_SIZES, reviewPath } from './api';
import { analysisName } from './names';
import { AssignmentStatusChip } from './Progress';
import type { ViewChanges } from './view';

/** One week's assignments: the analysis (linked), who and what it is, the AI score, the rule, status, Review. */
export function AssignmentsTable({
  projectId,
  query,
  rows,
  total,
  page,
  perPage,
  withReviewer,
  emptyText,
  onChange,
}: {
  projectId: number;
  query: UseQueryResult<unknown>;
  rows: Assignment[] | undefined;
  total: number;
  page: number;
  perPage: number;
  /** The admins' overview names each row's reviewer. */
  withReviewer: boolean;
  emptyText: string;
  onChange: (changes: ViewChanges) => void;
}) {
  const { t, i18n } = useTranslation();
  const state = useQueryTableState(query, { errorTitle: t('reviewQueue.table.loadFailed') });
  const column = (key: string) => t(`reviewQueue.table.columns.${key}`);
  const columns: Column<Assignment>[] = [
    {
      id: 'analysis',
      header: column('analysis'),
      cell: (row) => (
        <Link
          component={RouterLink}
          to={analysisPath(projectId, row.task_id)}
          data-testid={`assignment-link-${row.id}`}
          sx={{ display: 'block', maxWidth: 280, overflowWrap: 'anywhere' }}
        >
          {analysisName(row, t)}
        </Link>
      ),
    },
    ...(withReviewer
      ? [{ id: 'reviewer', header: column('reviewer'), cell: (row: Assignment) => row.reviewer.name || '—' }]
      : []),
    {
      id: 'representative',
      header: column('representative'),
      cell: (row) => row.analysis.representative || '—',
    },
    { id: 'department', header: column('department'), cell: (row) => row.analysis.department || '—' },
    { id: 'prompt', header: column('prompt'), cell: (row) => row.analysis.prompt_name || '—' },
    {
      id: 'score',
      header: column('score'),
      align: 'right',
      cell: (row) => formatScore(row.analysis.final_score, null, i18n.language),
    },
    {
      id: 'rule',
      header: column('rule'),
      cell: (row) => (
        <Typography variant="body2" color={row.rule.id === null ? 'textSecondary' : undefined}>
          {row.rule.name}
        </Typography>
      ),
    },
    { id: 'status', header: column('status'), cell: (row) => <AssignmentStatusChip status={row.status} /> },
    {
      id: 'actions',
      header: column('actions'),
      cell: (row) => (
        <Button
          size="small"
          variant={row.status === 'done' ? 'outlined' : 'contained'}
          component={RouterLink}
          to={reviewPath(projectId, row.task_id)}
          data-testid={`assignment-review-${row.id}`}
        >
          {t(
            row.status === 'done'
              ? 'reviewQueue.table.view'
              : row.status === 'in_progress'
                ? 'reviewQueue.table.continue'
                : 'reviewQueue.table.review',
          )}
        </Button>
      ),
    },
  ];
  return (
    <DataTable
      label={t('reviewQueue.table.label')}
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      rowProps={(row) => ({ 'data-testid': `assignment-row-${row.id}`, 'data-status': row.status })}
      loading={state.loading}
      error={state.error}
      loadingLabel={t('reviewQueue.table.loading')}
      empty={{ text: emptyText, icon: <AssignmentIcon />, testId: 'assignments-empty' }}
      phoneCards
      scrollRegion
      testId="assignments-table"
      pagination={{
        total,
        page,
        pageSize: perPage,
        pageSizes: PAGE_SIZES,
        setPage: (next) => onChange({ page: next }),
        setPageSize: (size) => onChange({ per_page: size }),
      }}
    />
  );
}
