import { Box, Grid, List, ListItem, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { FetchingBar } from '../../shared/components/FetchingBar';
import { IdSelect } from '../../shared/components/IdSelect';
import { AssignmentsTable } from './AssignmentsTable';
import { useAssignments, useSamplingRules } from './api';
import { ProgressBar } from './Progress';
import { StatusFilter } from './StatusFilter';
import { useView } from './view';
import { WeekSwitcher } from './WeekSwitcher';

/** The admins' overview of a week: each reviewer's progress, then every assignment, filtered. */
export function AssignmentsTab({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const { view, update } = useView();
  const query = useAssignments(projectId, view);
  const rules = useSamplingRules(projectId);
  const meta = query.data?.meta;
  const reviewers = (meta?.reviewers ?? []).flatMap((row) =>
    row.reviewer.id === null ? [] : [{ id: row.reviewer.id, name: row.reviewer.name }],
  );
  const withChosen = <T extends { id: number; name: string }>(options: T[], id: number | undefined) =>
    id && !options.some((option) => option.id === id) ? [...options, { id, name: `#${id}` }] : options;
  const filtered = Boolean(view.status || view.reviewer_id || view.rule_id);

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Grid container spacing={2} sx={{ alignItems: 'center' }}>
          <Grid size={{ xs: 12, lg: 5 }}>
            <WeekSwitcher
              week={meta?.week ?? null}
              chosen={Boolean(view.week)}
              onChange={(week) => update({ week })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, lg: 2 }}>
            <IdSelect
              label={t('reviewQueue.filters.reviewer')}
              value={view.reviewer_id}
              options={withChosen(reviewers, view.reviewer_id)}
              onChange={(reviewer_id) => update({ reviewer_id })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, lg: 2 }}>
            <IdSelect
              label={t('reviewQueue.filters.rule')}
              value={view.rule_id}
              options={withChosen(rules.data ?? [], view.rule_id)}
              onChange={(rule_id) => update({ rule_id })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 4, lg: 3 }}>
            <StatusFilter fullWidth value={view.status} onChange={(status) => update({ status })} />
          </Grid>
        </Grid>
      </Paper>
      {meta ? (
        <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="reviewer-progress-title">
          <Typography id="reviewer-progress-title" variant="h6" component="h2" sx={{ mb: 1 }}>
            {t('reviewQueue.assignments.progressTitle')}
          </Typography>
          {meta.reviewers.length === 0 ? (
            <Typography variant="body2" color="textSecondary" data-testid="reviewer-progress-empty">
              {t('reviewQueue.assignments.noReviewers')}
            </Typography>
          ) : (
            <List dense disablePadding data-testid="reviewer-progress">
              {meta.reviewers.map((row) => (
                <ListItem key={row.reviewer.id ?? row.reviewer.name} disableGutters>
                  <Grid container spacing={2} sx={{ width: '100%', alignItems: 'center' }}>
                    <Grid size={{ xs: 12, sm: 4, md: 3 }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
                        {row.reviewer.name}
                      </Typography>
                    </Grid>
                    <Grid size={{ xs: 12, sm: 8, md: 9 }}>
                      <Box>
                        <ProgressBar
                          progress={row}
                          testId={`reviewer-progress-${row.reviewer.id ?? 'none'}`}
                          label={t('reviewQueue.progress.of', { name: row.reviewer.name })}
                        />
                      </Box>
                    </Grid>
                  </Grid>
                </ListItem>
              ))}
            </List>
          )}
        </Paper>
      ) : null}
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <FetchingBar active={query.isFetching && !query.isPending} />
        <AssignmentsTable
          projectId={projectId}
          query={query}
          rows={query.data?.data}
          total={meta?.total ?? 0}
          page={view.page}
          perPage={view.per_page}
          withReviewer
          emptyText={t(filtered ? 'reviewQueue.assignments.noMatches' : 'reviewQueue.assignments.empty')}
          onChange={update}
        />
      </Paper>
    </Stack>
  );
}
