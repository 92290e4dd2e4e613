import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CheckIcon from '@mui/icons-material/CheckCircle';
import HourglassIcon from '@mui/icons-material/HourglassEmptyOutlined';
import {
  Alert,
  Box,
  Button,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Stack,
  Typography,
} from '@mui/material';
import { type CalibrationDetail, isProjectManager } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { AnalysisSection } from '../../shared/analyses/AnalysisSection';
import { useCalibration, useCloseCalibration } from '../../shared/api/calibrations';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { Page } from '../../shared/components/Page';
import { QueryContent } from '../../shared/components/States';
import { formatDateTime } from '../../shared/utils/displayDates';
import { analysisPath, reviewPath } from './api';
import { CalibrationStatusChip } from './CalibrationStatusChip';
import { ComparisonView } from './ComparisonView';
import { analysisName, awaitsMyReview, sessionTitle } from './names';
import { SubmittedProgress } from './SubmittedProgress';

/** /projects/{id}/reviews/calibrations/{calibrationId}: who takes part, and their answers side by side once visible. */
export default function CalibrationPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const calibrationId = Number(useParams().calibrationId);
  const query = useCalibration(project.id, calibrationId);
  return (
    <QueryContent
      query={query}
      loadingLabel={t('calibration.page.loading')}
      errorTitle={t('calibration.page.loadFailed')}
    >
      {(session) => <SessionView session={session} />}
    </QueryContent>
  );
}

function SessionView({ session }: { session: CalibrationDetail }) {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  const errorMessage = useErrorMessage('calibration');
  const close = useCloseCalibration(project.id);
  const [confirming, setConfirming] = useState(false);
  const title = sessionTitle(session, t);
  const mayClose = session.status === 'open' && isProjectManager(project.my_role) && !project.read_only;
  const pending = awaitsMyReview(session);

  return (
    <Page
      title={title}
      subtitle={[session.analysis.representative, session.analysis.prompt_name].filter(Boolean).join(' · ')}
      actions={
        <>
          <Button
            variant="outlined"
            startIcon={<ArrowBackIcon />}
            component={RouterLink}
            to={`/projects/${project.id}/reviews?tab=calibration`}
          >
            {t('calibration.page.back')}
          </Button>
          {mayClose ? (
            <Button
              variant="outlined"
              color="warning"
              onClick={() => setConfirming(true)}
              data-testid="calibration-close"
            >
              {t('calibration.page.close')}
            </Button>
          ) : null}
        </>
      }
    >
      <Stack spacing={3}>
        <AnalysisSection title={t('calibration.page.session')} testId="calibration-session">
          <Stack spacing={2}>
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <CalibrationStatusChip status={session.status} />
              <Typography variant="body2" color="textSecondary">
                {t(session.created_by ? 'calibration.page.startedBy' : 'calibration.page.started', {
                  name: session.created_by?.name ?? '',
                  date: formatDateTime(session.created_at, i18n.language, project.timezone),
                })}
                {session.closed_at
                  ? ` · ${t('calibration.page.closedAt', { date: formatDateTime(session.closed_at, i18n.language, project.timezone) })}`
                  : ''}
              </Typography>
            </Stack>
            <Typography variant="body2">
              {t('calibration.page.analysis')}{' '}
              <Link component={RouterLink} to={analysisPath(project.id, session.task_id)}>
                {analysisName(session, t)}
              </Link>
            </Typography>
            <Box sx={{ maxWidth: 360 }}>
              <SubmittedProgress session={session} label={t('calibration.progressOf', { name: title })} />
            </Box>
            <Box>
              <Typography variant="subtitle2" component="h3">
                {t('calibration.page.participants')}
              </Typography>
              <List dense disablePadding data-testid="calibration-participants">
                {session.participants.map((participant) => (
                  <ListItem key={participant.id} disableGutters data-testid={`participant-${participant.id}`}>
                    <ListItemIcon sx={{ minWidth: 32 }}>
                      {participant.submitted_at ? (
                        <CheckIcon color="success" fontSize="small" />
                      ) : (
                        <HourglassIcon color="disabled" fontSize="small" />
                      )}
                    </ListItemIcon>
                    <ListItemText
                      primary={participant.name}
                      secondary={
                        participant.submitted_at
                          ? t('calibration.page.submittedAt', {
                              date: formatDateTime(participant.submitted_at, i18n.language, project.timezone),
                            })
                          : t('calibration.page.waiting')
                      }
                    />
                  </ListItem>
                ))}
              </List>
            </Box>
          </Stack>
        </AnalysisSection>
        <AnalysisSection title={t('calibration.page.answers')} testId="calibration-answers">
          {session.comparison ? (
            <ComparisonView session={session} comparison={session.comparison} />
          ) : (
            <Alert
              severity="info"
              data-testid="calibration-hidden"
              action={
                pending && !project.read_only ? (
                  <Button
                    size="small"
                    variant="contained"
                    component={RouterLink}
                    to={reviewPath(project.id, session.task_id)}
                    data-testid="calibration-review"
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    {t('calibration.page.review')}
                  </Button>
                ) : undefined
              }
            >
              {t(pending ? 'calibration.page.hiddenMine' : 'calibration.page.hiddenOthers')}
            </Alert>
          )}
        </AnalysisSection>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('calibration.page.closeTitle')}
        message={t('calibration.page.closeMessage')}
        confirmLabel={t('calibration.page.close')}
        onConfirm={() => close.mutate(session.id, { onSuccess: () => setConfirming(false) })}
        onClose={() => setConfirming(false)}
        busy={close.isPending}
        error={close.isError ? errorMessage(close.error) : undefined}
      />
    </Page>
  );
}
