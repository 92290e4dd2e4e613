import { Alert, Box, Chip, Stack, Typography } from '@mui/material';
import type { PromptVersionSummary } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { usePromptVersion } from '../../../shared/api/promptVersions';
import { useErrorMessage } from '../../../shared/api/useErrorMessage';
import { LoadingState } from '../../../shared/components/States';
import { SETTING_LABELS } from '../AiImproveReview';
import { FieldDiffList } from '../FieldDiffList';
import { changedSettings, diffFields } from '../promptDiff';

interface VersionDiffProps {
  projectId: number;
  promptId: number;
  version: PromptVersionSummary;
  /** The version before it; null for the first. */
  previous: PromptVersionSummary | null;
}

/** What a version changed since the one before it: its fields side by side, and the settings it changed. */
export function VersionDiff({ projectId, promptId, version, previous }: VersionDiffProps) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const after = usePromptVersion(projectId, promptId, version.id);
  const before = usePromptVersion(projectId, promptId, previous?.id ?? null);
  const title = previous
    ? t('promptVersions.diff.title', { from: previous.number, to: version.number })
    : t('promptVersions.diff.first', { number: version.number });

  const failed = after.error ?? before.error;
  let body: React.ReactNode;
  if (failed) body = <Alert severity="error">{errorMessage(failed)}</Alert>;
  else if (!after.data || (previous && !before.data))
    body = <LoadingState label={t('promptVersions.loading')} />;
  else if (!before.data) body = null;
  else {
    const settings = changedSettings(before.data.prompt, after.data.prompt);
    body = (
      <Stack spacing={2}>
        <FieldDiffList
          diffs={diffFields(before.data.prompt.content, after.data.prompt.content)}
          labels={{
            current: t('promptVersions.number', { number: before.data.number }),
            proposed: t('promptVersions.number', { number: after.data.number }),
          }}
        />
        {settings.length > 0 ? (
          <Box data-testid="version-settings">
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {t('promptVersions.diff.settings')}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
              {settings.map((key) => (
                <Chip
                  key={key}
                  size="small"
                  color="warning"
                  variant="outlined"
                  label={t(SETTING_LABELS[key])}
                />
              ))}
            </Stack>
          </Box>
        ) : null}
      </Stack>
    );
  }

  return (
    <Box component="section" aria-label={title} data-testid="version-diff">
      <Typography variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {title}
      </Typography>
      {body}
    </Box>
  );
}
