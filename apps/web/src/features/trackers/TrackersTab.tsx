import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import HistoryIcon from '@mui/icons-material/History';
import TrackChangesIcon from '@mui/icons-material/TrackChanges';
import { Alert, Box, Button, Chip, LinearProgress, Link, Stack, Tooltip, Typography } from '@mui/material';
import {
  hasRoleAtLeast,
  LANGUAGE_NATIVE_NAMES,
  type Project,
  TRACKERS,
  type Tracker,
} from '@parley/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { analysesLink } from '../../shared/analytics/view';
import { isApplying, useDeleteTracker, useTrackers } from '../../shared/api/trackers';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { NoPermission } from '../../shared/app/ProjectGuard';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import type { Column } from '../../shared/components/DataTable';
import { ListSection } from '../../shared/components/ListSection';
import { RowAction } from '../../shared/components/RowAction';
import type { ToastMessage } from '../../shared/components/Toast';
import { formatCount } from '../../shared/format/analytics';
import { formatPercent } from '../../shared/format/numbers';
import { readTrackerSuggestion } from '../../shared/trackers/suggestion';
import { ApplyTrackerDialog } from './ApplyTrackerDialog';
import { TrackerDialog } from './TrackerDialog';

/** Phrases shown as chips in the list; the rest are counted in a "+N" chip. */
const PHRASES_SHOWN = 4;

export interface TrackersTabProps {
  project: Project;
  notify: (message: ToastMessage) => void;
  /** Seen through a support-access grant: nothing can be changed. */
  readOnly: boolean;
}

/**
 * Project Settings → Trackers (issue 38, admins and owners): the project's keyword trackers with their words and
 * conditions and smart trackers with their statements, the analyses hit and how far each is applied to past
 * analyses; adding, changing and deleting them, and applying a smart one to past analyses (priced, confirmed).
 */
export function TrackersTab(props: TrackersTabProps) {
  // The settings page is for admins and owners already; the server refuses everyone else too.
  if (!hasRoleAtLeast(props.project.my_role, 'admin')) return <NoPermission />;
  return <Trackers {...props} />;
}

/** Who must say it and when, in one line: "Customer · first 30 s", "Anyone, anywhere". */
export function describeConditions(tracker: Tracker, t: TFunction): string {
  if (tracker.kind === 'smart') return t('trackers.list.smartConditions');
  const parts = [];
  if (tracker.speaker !== 'anyone') parts.push(t(`trackers.speakers.${tracker.speaker}`));
  if (tracker.window)
    parts.push(t(`trackers.list.window.${tracker.window.edge}`, { seconds: tracker.window.seconds }));
  return parts.length > 0 ? parts.join(' · ') : t('trackers.list.anyoneAnywhere');
}

function Phrases({ phrases }: { phrases: readonly string[] }) {
  const shown = phrases.slice(0, PHRASES_SHOWN);
  const rest = phrases.slice(PHRASES_SHOWN);
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5, minWidth: 180 }}>
      {shown.map((phrase) => (
        <Chip key={phrase} size="small" label={phrase} />
      ))}
      {rest.length > 0 ? (
        <Tooltip title={rest.join(', ')}>
          <Chip size="small" variant="outlined" label={`+${rest.length}`} />
        </Tooltip>
      ) : null}
    </Stack>
  );
}

function ApplyProgress({ tracker }: { tracker: Tracker }) {
  const { t, i18n } = useTranslation();
  const { done, total } = tracker.apply;
  const share = total > 0 ? Math.min(1, done / total) : 0;
  const percent = formatPercent(share, i18n.language, 0);
  return (
    <Box sx={{ minWidth: 160, mt: 0.5 }} data-testid={`tracker-${tracker.id}-applying`}>
      <Typography variant="caption" color="textSecondary">
        {t('trackers.list.applying', { percent })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={share * 100}
        aria-label={t('trackers.list.applying', { percent })}
      />
    </Box>
  );
}

function Trackers({ project, notify, readOnly }: TrackersTabProps) {
  const { t, i18n } = useTranslation();
  const projectId = project.id;
  const errorText = useErrorMessage('trackers');
  const query = useTrackers(projectId);
  const remove = useDeleteTracker(projectId);
  // A suggestion in the address (a topic's "Create tracker") opens the add dialog filled in, once.
  const [params, setParams] = useSearchParams();
  const [suggestion] = useState(() => (readOnly ? null : readTrackerSuggestion(params)));
  const [editing, setEditing] = useState<Tracker | 'new' | null>(suggestion ? 'new' : null);
  const closeDialog = () => {
    setEditing(null);
    if (readTrackerSuggestion(params)) setParams({}, { replace: true });
  };
  const [deleting, setDeleting] = useState<Tracker | null>(null);
  const [applying, setApplying] = useState<Tracker | null>(null);
  const full = (query.data?.length ?? 0) >= TRACKERS.trackersMax;

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify({ severity: 'success', text: t('trackers.delete.done') }),
      onError: (error) => notify({ severity: 'error', text: errorText(error, 'trackers.delete.failed') }),
      onSettled: () => setDeleting(null),
    });
  };

  const addButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setEditing('new')}
      disabled={readOnly || full}
    >
      {t('trackers.list.add')}
    </Button>
  );

  const header = (key: string) => t(`trackers.list.columns.${key}`);
  const columns: Column<Tracker>[] = [
    {
      id: 'name',
      header: header('name'),
      cell: (tracker) => (
        <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 120 }}>
          {tracker.name}
        </Typography>
      ),
    },
    {
      id: 'language',
      header: header('language'),
      cell: (tracker) => <span lang={tracker.language}>{LANGUAGE_NATIVE_NAMES[tracker.language]}</span>,
    },
    {
      id: 'phrases',
      header: header('phrases'),
      cell: (tracker) =>
        tracker.kind === 'smart' ? (
          <Typography
            variant="body2"
            sx={{ minWidth: 180, fontStyle: 'italic' }}
            data-testid="tracker-statement"
          >
            {t('trackers.list.statement', { statement: tracker.statement ?? '' })}
          </Typography>
        ) : (
          <Phrases phrases={tracker.phrases} />
        ),
    },
    {
      id: 'conditions',
      header: header('conditions'),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (tracker) => describeConditions(tracker, t),
    },
    {
      id: 'hits',
      header: header('hits'),
      cell: (tracker) => (
        <>
          <Link
            component={RouterLink}
            to={analysesLink(projectId, { tracker_id: tracker.id })}
            aria-label={t('trackers.list.hitsLink', {
              count: tracker.analyses_hit,
              hits: formatCount(tracker.analyses_hit, i18n.language),
              name: tracker.name,
            })}
          >
            {formatCount(tracker.analyses_hit, i18n.language)}
          </Link>
          {isApplying(tracker) ? <ApplyProgress tracker={tracker} /> : null}
          {tracker.apply.error ? (
            <Typography variant="caption" color="error" sx={{ display: 'block' }}>
              {tracker.apply.error}
            </Typography>
          ) : null}
        </>
      ),
    },
    {
      id: 'actions',
      header: header('actions'),
      align: 'right',
      cell: (tracker) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          {tracker.kind === 'smart' ? (
            <RowAction
              label={t('trackers.list.applyPast')}
              icon={<HistoryIcon fontSize="small" />}
              onClick={() => setApplying(tracker)}
              disabled={readOnly || isApplying(tracker)}
            />
          ) : null}
          <RowAction
            label={t('trackers.list.edit')}
            icon={<EditOutlinedIcon fontSize="small" />}
            onClick={() => setEditing(tracker)}
            disabled={readOnly}
          />
          <RowAction
            label={t('trackers.delete.button')}
            icon={<DeleteOutlineIcon fontSize="small" />}
            onClick={() => setDeleting(tracker)}
            disabled={readOnly}
            color="error"
          />
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={2}>
      <ListSection
        title={t('trackers.list.title')}
        description={`${t('trackers.list.description')} ${t('trackers.list.smartHint')}`}
        testId="trackers"
        query={query}
        loadingLabel={t('trackers.list.loading')}
        loadFailed={t('trackers.list.loadFailed')}
        addButton={addButton}
        empty={{
          icon: <TrackChangesIcon />,
          text: t('trackers.list.emptyTitle'),
          description: t('trackers.list.emptyHint'),
          testId: 'trackers-empty',
        }}
        columns={columns}
        rowKey={(tracker) => tracker.id}
        rowProps={(tracker) => ({ 'data-testid': `tracker-${tracker.id}` })}
      />
      {full ? (
        <Alert severity="info" data-testid="trackers-full">
          {t('trackers.list.full', { count: TRACKERS.trackersMax })}
        </Alert>
      ) : null}
      {editing !== null ? (
        <TrackerDialog
          projectId={projectId}
          tracker={editing === 'new' ? null : editing}
          suggestion={editing === 'new' ? suggestion : null}
          notify={notify}
          onClose={closeDialog}
        />
      ) : null}
      {applying !== null ? (
        <ApplyTrackerDialog
          projectId={projectId}
          tracker={applying}
          notify={notify}
          onClose={() => setApplying(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('trackers.delete.title')}
        message={t('trackers.delete.message', { name: deleting?.name ?? '' })}
        confirmLabel={t('trackers.delete.confirm')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        destructive
      />
    </Stack>
  );
}
