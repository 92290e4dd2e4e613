import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import {
  Box,
  Chip,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  Tooltip,
  Typography,
} from '@mui/material';
import { INSIGHT_LIMITS, type InsightSummary } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { formatUnitsMilli } from '../../shared/format/analytics';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useDeleteInsight, useInsights } from './api';
import { STATUS_COLORS } from './model';
import { useFilterTexts } from './useFilterTexts';

function HistoryRow({
  insight,
  onOpen,
  onDelete,
}: {
  insight: InsightSummary;
  onOpen: () => void;
  onDelete?: () => void;
}) {
  const { t, i18n } = useTranslation();
  const filterTexts = useFilterTexts();
  const filters = filterTexts(insight.filters).join(' · ');
  return (
    <TableRow hover onClick={onOpen} sx={{ cursor: 'pointer' }} data-testid={`insight-row-${insight.id}`}>
      <TableCell sx={{ maxWidth: 360 }}>
        <Typography
          variant="body2"
          sx={{ display: '-webkit-box', WebkitLineClamp: 2, WebkitBoxOrient: 'vertical', overflow: 'hidden' }}
        >
          {insight.question}
        </Typography>
      </TableCell>
      <TableCell>
        <Typography variant="body2" color="textSecondary">
          {filters || t('insights.history.noFilters')}
        </Typography>
      </TableCell>
      <TableCell>{insight.model_name}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(insight.created_at, i18n.language)}</TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {insight.charged ? formatUnitsMilli(insight.units_milli, i18n.language) : '—'}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          color={STATUS_COLORS[insight.status]}
          label={t(`insights.status.${insight.status}`)}
        />
      </TableCell>
      {onDelete ? (
        <TableCell align="right" padding="checkbox">
          <Tooltip title={t('insights.history.delete')}>
            <IconButton
              aria-label={t('insights.history.delete')}
              onClick={(event) => {
                event.stopPropagation();
                onDelete();
              }}
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </TableCell>
      ) : null}
    </TableRow>
  );
}

/** The project's insights, newest first, paged; a row opens the insight; admins and owners delete. */
export function InsightHistory({ projectId, canDelete }: { projectId: number; canDelete: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(INSIGHT_LIMITS.defaultPageSize);
  const [deleting, setDeleting] = useState<InsightSummary | null>(null);
  const insights = useInsights(projectId, page, pageSize);
  const remove = useDeleteInsight(projectId);

  const closeDialog = () => {
    setDeleting(null);
    remove.reset();
  };
  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        closeDialog();
        // The last row of a page gone: show the page before.
        if (insights.data?.items.length === 1 && page > 1) setPage(page - 1);
      },
    });
  };

  return (
    <>
      <QueryContent
        query={insights}
        loadingLabel={t('insights.history.loading')}
        errorTitle={t('insights.history.loadError')}
        isEmpty={(data) => data.total === 0}
        empty={
          <EmptyState
            icon={<LightbulbIcon />}
            title={t('insights.history.empty')}
            description={t('insights.history.emptyDescription')}
          />
        }
      >
        {(data) => (
          <Box>
            <TableContainer>
              <Table size="small" aria-label={t('insights.history.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('insights.history.question')}</TableCell>
                    <TableCell>{t('insights.history.filters')}</TableCell>
                    <TableCell>{t('insights.history.model')}</TableCell>
                    <TableCell>{t('insights.history.date')}</TableCell>
                    <TableCell align="right">{t('insights.history.cost')}</TableCell>
                    <TableCell>{t('insights.history.status')}</TableCell>
                    {canDelete ? <TableCell padding="checkbox" /> : null}
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((insight) => (
                    <HistoryRow
                      key={insight.id}
                      insight={insight}
                      onOpen={() => navigate(`/projects/${projectId}/analytics/insights/${insight.id}`)}
                      onDelete={canDelete ? () => setDeleting(insight) : undefined}
                    />
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              component="div"
              count={data.total}
              page={page - 1}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[...INSIGHT_LIMITS.pageSizes]}
              onPageChange={(_event, next) => setPage(next + 1)}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(1);
              }}
              labelRowsPerPage={t('insights.history.rowsPerPage')}
              labelDisplayedRows={({ from, to, count }) =>
                t('insights.history.displayedRows', { from, to, total: count })
              }
              getItemAriaLabel={(type) => t(`insights.history.pageButtons.${type}`)}
            />
          </Box>
        )}
      </QueryContent>
      <ConfirmDialog
        open={deleting !== null}
        title={t('insights.history.deleteTitle')}
        message={t('insights.history.deleteMessage', { question: deleting?.question ?? '' })}
        confirmLabel={t('insights.history.delete')}
        onConfirm={confirmDelete}
        onClose={closeDialog}
        busy={remove.isPending}
        error={remove.error ? errorMessage(remove.error) : undefined}
        destructive
      />
    </>
  );
}
