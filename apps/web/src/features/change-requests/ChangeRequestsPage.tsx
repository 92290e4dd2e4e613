import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import {
  Box,
  Button,
  Chip,
  Link,
  Paper,
  Tab,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Tabs,
  Typography,
} from '@mui/material';
import { CHANGE_REQUEST_STATUSES, isProjectManager } from '@parley/contracts';
import { type MouseEvent, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { valueText } from '../../shared/analyses/valueText';
import { useMe } from '../../shared/api/auth';
import { useChangeRequest, useChangeRequests } from '../../shared/api/changeRequests';
import { useMembers } from '../../shared/api/members';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { ListPagination } from '../../shared/components/ListPagination';
import { Page } from '../../shared/components/Page';
import { ScrollRegion } from '../../shared/components/ScrollRegion';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { scrollableTabs } from '../../shared/components/scrollableTabs';
import { visuallyHidden } from '../../shared/components/visuallyHidden';
import { formatNumber } from '../../shared/format/numbers';
import { formatDateTime } from '../../shared/utils/displayDates';
import {
  changedParams,
  hasFilters,
  listQuery,
  PAGE_SIZES,
  readRequestsView,
  type StatusTab,
  type ViewChanges,
} from './listView';
import { RequestDrawer } from './RequestDrawer';
import { type PersonChoice, RequestFilters } from './RequestFilters';
import { StatusChip } from './StatusChip';

const TABS: StatusTab[] = [...CHANGE_REQUEST_STATUSES, 'all'];
const hideBelowMd = { display: { xs: 'none', md: 'table-cell' } };

/** /projects/{id}/change-requests: the disputes the member sees, by status, with filters and a detail drawer. */
export default function ChangeRequestsPage() {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readRequestsView(params), [params]);
  const list = useChangeRequests(project.id, listQuery(view));
  const me = useMe();
  const members = useMembers(project.id, isProjectManager(project.my_role) && !project.read_only);
  const opened = list.data?.items.find((item) => item.id === view.request);
  // A request linked from elsewhere (an analysis's correction) may be on no page of this view.
  const single = useChangeRequest(project.id, view.request, list.isSuccess && !opened);

  const latest = useRef({ seen: params, current: params });
  if (latest.current.seen !== params) latest.current = { seen: params, current: params };
  const update = (changes: ViewChanges, replace = true) => {
    const next = changedParams(latest.current.current, changes);
    latest.current.current = next;
    setParams(next, { replace });
  };

  const requesters = useMemo(() => {
    const people = new Map<number, PersonChoice>();
    if (me.data) people.set(me.data.id, { id: me.data.id, name: me.data.name || me.data.email });
    for (const member of members.data?.members ?? [])
      people.set(member.user_id, { id: member.user_id, name: member.name || member.email });
    for (const item of list.data?.items ?? [])
      people.set(item.requester.id, {
        id: item.requester.id,
        name: item.requester.name || item.requester.email,
      });
    return [...people.values()];
  }, [me.data, members.data, list.data]);

  const counts = list.data?.counts;
  const countOf = (tab: StatusTab) =>
    counts ? (tab === 'all' ? counts.open + counts.approved + counts.rejected : counts[tab]) : null;
  const filtered = hasFilters(view);

  return (
    <Page title={t('nav.changeRequests')} subtitle={t('changeRequests.subtitle')}>
      <Tabs
        value={view.status}
        onChange={(_event, status: StatusTab) => update({ status }, false)}
        {...scrollableTabs}
        sx={{ mb: 2 }}
        aria-label={t('changeRequests.statusTabs')}
      >
        {TABS.map((tab) => {
          const count = countOf(tab);
          return (
            <Tab
              key={tab}
              value={tab}
              data-testid={`tab-${tab}`}
              label={
                <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                  {t(`changeRequests.status.${tab}`)}
                  {count !== null ? <Chip size="small" label={formatNumber(count, i18n.language)} /> : null}
                </Box>
              }
            />
          );
        })}
      </Tabs>
      <RequestFilters view={view} requesters={requesters} onChange={(changes) => update(changes)} />
      <QueryContent
        query={list}
        loadingLabel={t('changeRequests.loading')}
        errorTitle={t('changeRequests.loadError')}
        isEmpty={(data) => data.items.length === 0 && data.total === 0}
        empty={
          <EmptyState
            icon={<RateReviewIcon />}
            title={t(filtered ? 'changeRequests.noMatchesTitle' : 'changeRequests.emptyTitle')}
            description={t(
              filtered ? 'changeRequests.noMatchesDescription' : 'changeRequests.emptyDescription',
            )}
          />
        }
      >
        {(data) => (
          <Paper variant="outlined">
            <FetchingBar active={list.isFetching} />
            <ScrollRegion label={t('nav.changeRequests')}>
              <Table size="small" aria-label={t('nav.changeRequests')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('analyses.columns.date')}</TableCell>
                    <TableCell>{t('changeRequests.columns.analysis')}</TableCell>
                    <TableCell>{t('changeRequests.columns.change')}</TableCell>
                    <TableCell sx={hideBelowMd}>{t('analyses.columns.representative')}</TableCell>
                    <TableCell sx={hideBelowMd}>{t('changeRequests.filters.requester')}</TableCell>
                    <TableCell>{t('analyses.columns.status')}</TableCell>
                    <TableCell>
                      <Box component="span" sx={visuallyHidden}>
                        {t('changeRequests.columns.actions')}
                      </Box>
                    </TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.items.map((request) => (
                    <TableRow
                      key={request.id}
                      hover
                      data-testid={`request-row-${request.id}`}
                      onClick={() => update({ request: request.id }, false)}
                      sx={{ cursor: 'pointer' }}
                    >
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>
                        {formatDateTime(request.created_at, i18n.language, project.timezone)}
                      </TableCell>
                      <TableCell sx={{ maxWidth: 220 }}>
                        <Typography variant="body2" noWrap>
                          {request.title || t('analyses.list.untitled', { id: request.task_id })}
                        </Typography>
                      </TableCell>
                      <TableCell sx={{ maxWidth: 320 }}>
                        {request.kind === 'reanalyze' ? (
                          <Typography variant="body2" noWrap>
                            {t('changeRequests.detail.reanalyze', {
                              prompt: request.prompt_name ?? `#${request.prompt_id}`,
                            })}
                          </Typography>
                        ) : (
                          request.items.map((item) => (
                            <Typography key={item.path} variant="body2" noWrap>
                              <Link
                                component="button"
                                title={t('changeRequests.filters.byField', { field: item.path })}
                                onClick={(event: MouseEvent) => {
                                  // Filters the list by this field instead of opening the request.
                                  event.stopPropagation();
                                  update({ path: item.path });
                                }}
                                sx={{ fontWeight: 600, verticalAlign: 'baseline' }}
                              >
                                {item.path}
                              </Link>
                              : {valueText(item.ai_value, t, i18n.language)} →{' '}
                              {valueText(item.approved_value ?? item.proposed_value, t, i18n.language)}
                            </Typography>
                          ))
                        )}
                      </TableCell>
                      <TableCell sx={hideBelowMd}>{request.representative || '—'}</TableCell>
                      <TableCell sx={hideBelowMd}>
                        {request.requester.name || request.requester.email}
                      </TableCell>
                      <TableCell>
                        <StatusChip status={request.status} />
                      </TableCell>
                      <TableCell>
                        <Button
                          size="small"
                          variant={request.can_review && request.status === 'open' ? 'contained' : 'outlined'}
                          data-testid={`request-open-${request.id}`}
                          onClick={(event: MouseEvent) => {
                            event.stopPropagation();
                            update({ request: request.id }, false);
                          }}
                        >
                          {t(
                            request.can_review && request.status === 'open'
                              ? 'changeRequests.review.title'
                              : 'changeRequests.view',
                          )}
                        </Button>
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </ScrollRegion>
            <ListPagination
              total={data.total}
              page={view.page}
              pageSize={view.pageSize}
              pageSizes={PAGE_SIZES}
              onPage={(page) => update({ page }, false)}
              onPageSize={(pageSize) => update({ pageSize }, false)}
            />
          </Paper>
        )}
      </QueryContent>
      <RequestDrawer
        request={view.request ? (opened ?? single.data ?? null) : null}
        projectId={project.id}
        timeZone={project.timezone}
        onClose={() => update({ request: undefined }, false)}
      />
    </Page>
  );
}
