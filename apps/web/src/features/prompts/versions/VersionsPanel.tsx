import { Alert, Box, Button, Chip, Stack, Typography } from '@mui/material';
import type { PromptVersionSummary } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/client';
import { usePromptVersionActions, usePromptVersions } from '../../../shared/api/promptVersions';
import { useErrorMessage } from '../../../shared/api/useErrorMessage';
import { ErrorState, LoadingState } from '../../../shared/components/States';
import { DraftBacktests } from './backtests/DraftBacktests';
import { DraftActions } from './DraftActions';
import { VersionDiff } from './VersionDiff';

const STATE_COLORS = { published: 'success', draft: 'warning', superseded: 'default' } as const;

interface VersionsPanelProps {
  projectId: number;
  promptId: number;
  /** Admins and owners (not through a support grant): publish, restore and discard. */
  canEdit: boolean;
  /** After a publish, restore or discard: the form shows the prompt's new draft or published content. */
  onChanged: () => void;
}

/** A prompt's versions, newest first (a page at a time), each with what changed since the one before it. */
export function VersionsPanel({ projectId, promptId, canEdit, onChanged }: VersionsPanelProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const versions = usePromptVersions(projectId, promptId);
  const actions = usePromptVersionActions(projectId, promptId);
  const [selected, setSelected] = useState<number | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const list = versions.data ?? [];
  const shown = list.find((version) => version.id === selected) ?? list[0];
  const previous = shown ? (list.find((version) => version.number < shown.number) ?? null) : null;
  // The oldest loaded version's predecessor is on the next page: load it for the diff.
  const previousUnloaded = shown !== undefined && previous === null && versions.hasNextPage;
  const { fetchNextPage, isFetchingNextPage } = versions;
  useEffect(() => {
    if (previousUnloaded && !isFetchingNextPage) void fetchNextPage();
  }, [previousUnloaded, isFetchingNextPage, fetchNextPage]);

  if (versions.isPending) return <LoadingState label={t('promptVersions.loading')} />;
  if (versions.isError)
    return (
      <ErrorState
        title={t('promptVersions.loadError')}
        message={errorMessage(versions.error)}
        onRetry={() => void versions.refetch()}
      />
    );

  const draft = list.find((version) => version.state === 'draft');
  const busy = [actions.publish, actions.restore, actions.discard].some((action) => action.isPending);
  const run = (action: Promise<unknown>) => {
    setFailure(null);
    action.then(onChanged, setFailure);
  };
  const failureText =
    failure instanceof ApiError && failure.code === 'draft_exists'
      ? t('promptVersions.errors.draftExists')
      : failure instanceof ApiError && failure.code === 'version_not_draft'
        ? t('promptVersions.errors.notDraft')
        : failure
          ? errorMessage(failure)
          : null;

  return (
    <Stack spacing={2} data-testid="prompt-versions">
      <Typography variant="body2" color="textSecondary">
        {t('promptVersions.intro')}
      </Typography>
      {failureText ? (
        <Alert severity="error" onClose={() => setFailure(null)} data-testid="prompt-versions-error">
          {failureText}
        </Alert>
      ) : null}
      <Box component="ul" aria-label={t('promptVersions.list')} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {list.map((version) => (
          <VersionRow
            key={version.id}
            version={version}
            selected={version.id === shown?.id}
            onSelect={() => setSelected(version.id)}
          >
            {canEdit && version.state === 'draft' ? (
              <DraftActions
                projectId={projectId}
                promptId={promptId}
                draft={version}
                busy={busy}
                onPublish={() => run(actions.publish.mutateAsync(version.id))}
                onDiscard={() => run(actions.discard.mutateAsync())}
              />
            ) : null}
            {canEdit && version.state === 'superseded' ? (
              <Button
                size="small"
                disabled={busy || draft !== undefined}
                title={draft ? t('promptVersions.restoreBlocked') : undefined}
                onClick={() => run(actions.restore.mutateAsync(version.id))}
              >
                {t('promptVersions.restore')}
              </Button>
            ) : null}
          </VersionRow>
        ))}
      </Box>
      {versions.hasNextPage ? (
        <Box>
          <Button
            size="small"
            disabled={versions.isFetchingNextPage}
            onClick={() => void versions.fetchNextPage()}
            data-testid="prompt-versions-more"
          >
            {t('promptVersions.loadMore')}
          </Button>
        </Box>
      ) : null}
      {canEdit && draft ? <DraftBacktests projectId={projectId} promptId={promptId} draft={draft} /> : null}
      {shown && previousUnloaded ? <LoadingState label={t('promptVersions.loading')} /> : null}
      {shown && !previousUnloaded ? (
        <VersionDiff projectId={projectId} promptId={promptId} version={shown} previous={previous} />
      ) : null}
    </Stack>
  );
}

function VersionRow({
  version,
  selected,
  onSelect,
  children,
}: {
  version: PromptVersionSummary;
  selected: boolean;
  onSelect: () => void;
  children: React.ReactNode;
}) {
  const { t, i18n } = useTranslation();
  const author = version.author;
  const who = !author
    ? t('promptVersions.author.unknown')
    : author.api_key
      ? t('promptVersions.author.apiKey', { name: author.name ?? '—', key: author.api_key })
      : (author.name ?? t('promptVersions.author.unknown'));
  const date = new Date(version.published_at ?? version.created_at).toLocaleString(i18n.language, {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  const label = t('promptVersions.number', { number: version.number });
  return (
    <Box
      component="li"
      aria-label={label}
      aria-current={selected ? 'true' : undefined}
      data-state={version.state}
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        p: 1,
        borderBottom: 1,
        borderColor: 'divider',
        bgcolor: selected ? 'action.selected' : undefined,
      }}
    >
      <Button size="small" onClick={onSelect} sx={{ fontWeight: 600 }} aria-pressed={selected}>
        {label}
      </Button>
      <Chip
        size="small"
        color={STATE_COLORS[version.state]}
        variant={version.state === 'superseded' ? 'outlined' : 'filled'}
        label={t(`promptVersions.states.${version.state}`)}
      />
      <Typography variant="body2" sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {who} · {date}
      </Typography>
      <Stack direction="row" spacing={1}>
        {children}
      </Stack>
    </Box>
  );
}
