import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Stack,
  TextField,
  Typography,
  useTheme,
} from '@mui/material';
import {
  type AnalysisDetail,
  SPEAKER_ROLES,
  type SpeakerRole,
  speakerLabels,
  swapRoles,
} from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { AnalysisSection } from '../../shared/analyses/AnalysisSection';
import { RedactedText } from '../../shared/analyses/RedactedText';
import { type SpeakerNaming, speakerColors } from '../../shared/analyses/speakers';
import { useSaveSpeakerRoles } from '../../shared/api/analyses';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { RoleMetricsTable } from './RoleMetrics';

/**
 * Who each speaker is (a role per transcribed label, which a reviewer may change), where that came from, a
 * warning when the content contradicts the channels, and the metrics per role. Nothing until the analysis
 * is completed, nor when the conversation has no speakers to tell apart.
 */
export function SpeakerRolesCard({
  detail,
  naming,
  readOnly,
}: {
  detail: AnalysisDetail;
  naming: SpeakerNaming;
  readOnly: boolean;
}) {
  const labels = [
    ...new Set([
      ...speakerLabels(detail.transcript ?? []),
      ...Object.keys(detail.speaker_roles?.roles ?? {}),
    ]),
  ];
  if (detail.status !== 'completed') return null;
  if (!detail.speaker_roles && labels.length === 0) return null;
  return <SpeakerRolesView detail={detail} labels={labels} naming={naming} readOnly={readOnly} />;
}

function SpeakerRolesView({
  detail,
  labels,
  naming,
  readOnly,
}: {
  detail: AnalysisDetail;
  labels: string[];
  naming: SpeakerNaming;
  readOnly: boolean;
}) {
  const { t } = useTranslation();
  const theme = useTheme();
  const errorMessage = useErrorMessage();
  const save = useSaveSpeakerRoles(detail.project_id, detail.id);
  const current = detail.speaker_roles;
  const roles = current?.roles ?? {};
  const colors = speakerColors(labels, theme, roles);
  const locked = readOnly || save.isPending;
  const swappable = Object.values(roles).some((role) => role !== 'other');
  const swap = () => save.mutate(swapRoles(roles));
  const choose = (label: string, role: SpeakerRole) => save.mutate({ ...roles, [label]: role });

  return (
    <AnalysisSection
      title={t('analysis.roles.title')}
      testId="speaker-roles"
      aside={
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {save.isPending ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }} role="status">
              <CircularProgress size={16} />
              <Typography variant="caption" color="textSecondary">
                {t('common.saving')}
              </Typography>
            </Stack>
          ) : null}
          <Button
            size="small"
            startIcon={<SwapHorizIcon />}
            onClick={swap}
            disabled={locked || !swappable}
            sx={{ displayPrint: 'none', whiteSpace: 'nowrap' }}
          >
            {t('analysis.roles.swap')}
          </Button>
        </Stack>
      }
    >
      <Typography variant="caption" color="textSecondary" component="p" sx={{ mb: 1.5 }}>
        {t(`analysis.roles.source.${current?.source ?? 'none'}`)}
      </Typography>
      <Stack spacing={1.5}>
        {current?.check === 'disagrees' && current.source !== 'reviewer' ? (
          <Alert
            severity="warning"
            action={
              <Button color="inherit" size="small" onClick={swap} disabled={locked}>
                {t('analysis.roles.swapShort')}
              </Button>
            }
          >
            {t('analysis.roles.disagrees')}
          </Alert>
        ) : null}
        {save.isError ? (
          <Alert severity="error">{errorMessage(save.error, 'analysis.roles.saveError')}</Alert>
        ) : null}
        {labels.map((label) => (
          <Stack
            key={label}
            direction="row"
            spacing={2}
            sx={{ alignItems: 'center', justifyContent: 'space-between' }}
          >
            <Box sx={{ minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600, color: colors.get(label) }} noWrap>
                <RedactedText text={naming.nameOf(label)} />
              </Typography>
              {naming.nameOf(label) !== label ? (
                <Typography variant="caption" color="textSecondary">
                  <RedactedText text={label} />
                </Typography>
              ) : null}
            </Box>
            <TextField
              select
              size="small"
              value={roles[label] ?? ''}
              onChange={(event) => choose(label, event.target.value as SpeakerRole)}
              disabled={locked}
              slotProps={{
                htmlInput: { 'aria-label': t('analysis.roles.roleOf', { speaker: label }) },
                select: { displayEmpty: true },
              }}
              sx={{ minWidth: 170, flexShrink: 0 }}
            >
              <MenuItem value="" disabled>
                <em>{t('analysis.roles.choose')}</em>
              </MenuItem>
              {SPEAKER_ROLES.map((role) => (
                <MenuItem key={role} value={role}>
                  {t(`analysis.roles.${role}`)}
                </MenuItem>
              ))}
            </TextField>
          </Stack>
        ))}
      </Stack>
      {current ? (
        <Box sx={{ mt: 2 }}>
          <RoleMetricsTable metrics={current.metrics} kind={detail.media.kind === 'text' ? 'chat' : 'call'} />
        </Box>
      ) : null}
    </AnalysisSection>
  );
}
