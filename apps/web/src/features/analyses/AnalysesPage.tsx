import CloudUploadOutlinedIcon from '@mui/icons-material/CloudUploadOutlined';
import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import {
  Button,
  Link,
  Paper,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import {
  type AnalysisRow,
  analysisKeys,
  analysisPath,
  type TaskEventHandlers,
  useAnalysisList,
  usePromptChoices,
  useTaskEvents,
} from '../../shared/api/analyses';
import {
  FILTER_KEYS,
  hasFilters,
  type ListView,
  PAGE_SIZES,
  readListView,
  viewParams,
  withFilters,
} from '../../shared/api/analysisListQuery';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { ListPagination } from '../../shared/components/ListPagination';
import { LiveIndicator } from '../../shared/components/LiveIndicator';
import { Page } from '../../shared/components/Page';
import { ScrollRegion } from '../../shared/components/ScrollRegion';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { TaskStatusCell } from '../../shared/components/TaskStatus';
import { formatDuration, formatScore } from '../../shared/format/numbers';
import { formatDateTime } from '../../shared/utils/displayDates';
import { AnalysisFilters } from './AnalysisFilters';
import { ListExport } from './ListExport';

const hideBelowMd = { display: { xs: 'none', md: 'table-cell' } };
const hideBelowLg = { display: { xs: 'none', lg: 'table-cell' } };
const hideBelowXl = { display: { xs: 'none', xl: 'table-cell' } };

/** /projects/{id}/analyses: the project's analyses, server-paged and filtered, with live status. */
export default function AnalysesPage() {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  // Seen through a support-access grant: nothing can be uploaded (the upload page only says so).
  const readOnly = Boolean(project.read_only);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readListView(params), [params]);
  const list = useAnalysisList(project.id, view);
  // The rows and filters render in a background render React splits into short tasks, instead of at once in the
  // task that brought the answer (TanStack Query's store updates render synchronously): no long task.
  const shownList = useDeferredValue(list);
  const prompts = usePromptChoices(project.id);
  const uploadPath = `/projects/${project.id}/analysis/upload`;

  // Several filters may apply in one tick (debounced fields): each builds on the one before, not on the
  // parameters of the last render.
  const latest = useRef({ seen: params, current: params });
  if (latest.current.seen !== params) latest.current = { seen: params, current: params };
  const update = (change: (view: ListView) => ListView, replace: boolean) => {
    const base = latest.current.current;
    const next = change(readListView(base));
    // Parameters this page does not own (e.g. pdf=1) stay.
    const search = new URLSearchParams(base);
    for (const key of ['page', 'page_size', ...FILTER_KEYS]) search.delete(key);
    for (const [key, value] of viewParams(next)) search.set(key, value);
    latest.current.current = search;
    setParams(search, { replace });
  };
  const clearFilters = () => update((current) => ({ ...current, page: 1, filters: {} }), true);

  // A page past the end (rows were removed since the link was made): go to the last page.
  const lastPage = list.data ? Math.max(1, Math.ceil(list.data.total / view.pageSize)) : 1;
  const pastEnd = Boolean(
    list.data &&
      !list.isPlaceholderData &&
      !list.data.total_capped &&
      view.page > lastPage &&
      list.data.total > 0,
  );
  useEffect(() => {
    if (pastEnd) update((current) => ({ ...current, page: lastPage }), true);
  });

  const events = useMemo<TaskEventHandlers>(() => {
    const refetch = () => void queryClient.invalidateQueries({ queryKey: analysisKeys.lists(project.id) });
    return {
      onChange: (change, applied) => {
        // A finished task gets its score and title; a new task appears on the first page.
        if (applied.finished || (!applied.known && change.status === 'queued' && view.page === 1)) refetch();
      },
      onOpen: refetch,
    };
  }, [queryClient, project.id, view.page]);
  const live = useTaskEvents(project.id, events);

  const openRow = (row: AnalysisRow) => navigate(analysisPath(project.id, row.id));

  const uploadButton = (
    <Button
      {...(readOnly ? { disabled: true } : { component: RouterLink, to: uploadPath })}
      variant="contained"
      startIcon={<CloudUploadOutlinedIcon />}
    >
      {t('analyses.list.upload')}
    </Button>
  );

  const filtered = hasFilters(view.filters);
  const showFilters = filtered || (shownList.data?.total ?? 0) > 0;

  return (
    <Page
      title={t('nav.analyses')}
      subtitle={t('analyses.list.subtitle')}
      actions={
        <>
          <LiveIndicator state={live} />
          {(shownList.data?.total ?? 0) > 0 ? (
            <ListExport projectId={project.id} filters={view.filters} />
          ) : null}
          {uploadButton}
        </>
      }
    >
      {showFilters ? (
        <AnalysisFilters
          projectId={project.id}
          filters={view.filters}
          prompts={prompts.data ?? []}
          onChange={(changes) => update((current) => withFilters(current, changes), true)}
          onClear={clearFilters}
        />
      ) : null}
      <QueryContent
        query={shownList}
        loadingLabel={t('analyses.list.loading')}
        errorTitle={t('analyses.list.loadError')}
        isEmpty={(data) => data.total === 0 && data.items.length === 0}
        empty={
          filtered ? (
            <EmptyState
              icon={<ManageSearchIcon />}
              title={t('analyses.list.noMatchesTitle')}
              description={t('analyses.list.noMatchesDescription')}
              action={
                <Button variant="outlined" onClick={clearFilters}>
                  {t('analyses.filters.clear')}
                </Button>
              }
            />
          ) : (
            <EmptyState
              icon={<CloudUploadOutlinedIcon />}
              title={t('analyses.list.emptyTitle')}
              description={
                project.my_representative === null
                  ? t('guard.unlinkedAgent')
                  : t('analyses.list.emptyDescription')
              }
              action={uploadButton}
            />
          )
        }
      >
        {(data) => (
          <Paper variant="outlined">
            <FetchingBar active={list.isFetching} />
            <ScrollRegion label={t('nav.analyses')}>
              <Table size="small" aria-label={t('nav.analyses')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('analyses.columns.date')}</TableCell>
                    <TableCell>{t('analyses.columns.title')}</TableCell>
                    <TableCell sx={hideBelowMd}>{t('analyses.columns.representative')}</TableCell>
                    <TableCell sx={hideBelowXl}>{t('analyses.columns.department')}</TableCell>
                    <TableCell sx={hideBelowMd}>{t('analyses.columns.prompt')}</TableCell>
                    <TableCell align="right">{t('analyses.columns.score')}</TableCell>
                    <TableCell align="right" sx={hideBelowLg}>
                      {t('analyses.columns.duration')}
                    </TableCell>
                    <TableCell>{t('analyses.columns.status')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((row) => (
                    <TableRow
                      key={row.id}
                      hover
                      data-testid={`analysis-row-${row.id}`}
                      onClick={(event) => {
                        if ((event.target as HTMLElement).closest('a')) return;
                        openRow(row);
                      }}
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(row.conversation_at, i18n.language, project.timezone)}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 260 }}>
                        <Link
                          component={RouterLink}
                          to={analysisPath(project.id, row.id)}
                          sx={{ fontWeight: 500, display: 'block' }}
                          noWrap
                        >
                          {row.title || row.file_name || t('analyses.list.untitled', { id: row.id })}
                        </Link>
                        {row.title && row.file_name ? (
                          <Typography variant="caption" color="textSecondary" noWrap component="div">
                            {row.file_name}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell sx={{ ...hideBelowMd, whiteSpace: 'nowrap' }}>
                        {row.representative || '—'}
                      </TableCell>
                      <TableCell sx={hideBelowXl}>{row.department || '—'}</TableCell>
                      <TableCell sx={{ ...hideBelowMd, whiteSpace: 'nowrap' }}>
                        {row.prompt_name || '—'}
                      </TableCell>
                      <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="analysis-score">
                        {formatScore(row.final_score, row.score_mode, i18n.language)}
                        {row.human_score !== null && row.human_score !== undefined ? (
                          <Typography
                            variant="caption"
                            color="textSecondary"
                            component="div"
                            sx={{ whiteSpace: 'nowrap', fontWeight: 400 }}
                            data-testid="analysis-human-score"
                          >
                            {t('reviews.list.humanScore', {
                              score: formatScore(row.human_score, row.score_mode, i18n.language),
                            })}
                          </Typography>
                        ) : null}
                      </TableCell>
                      <TableCell align="right" sx={{ ...hideBelowLg, fontVariantNumeric: 'tabular-nums' }}>
                        {formatDuration(row.duration_seconds)}
                      </TableCell>
                      <TableCell>
                        <TaskStatusCell status={row.status} stage={row.stage} progress={row.progress} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
            <ListPagination
              total={data.total}
              totalCapped={data.total_capped}
              page={view.page}
              pageSize={view.pageSize}
              pageSizes={PAGE_SIZES}
              onPage={(page) => update((current) => ({ ...current, page }), false)}
              onPageSize={(pageSize) => update((current) => ({ ...current, page: 1, pageSize }), false)}
            />
          </Paper>
        )}
      </QueryContent>
    </Page>
  );
}
