import { Alert, Box, Dialog, DialogContent, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { CALIBRATION } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { calibrationPath, useCreateCalibration } from '../../shared/api/calibrations';
import { useMembers } from '../../shared/api/members';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { mayReview, ReviewerSelect } from '../../shared/components/ReviewerSelect';

/** Starting a calibration session on an analysis (admins and owners): a name and 2–20 reviewers; opens it. */
export function StartCalibrationDialog({
  projectId,
  taskId,
  onClose,
}: {
  projectId: number;
  taskId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage('calibration');
  const members = useMembers(projectId);
  const create = useCreateCalibration(projectId);
  const [name, setName] = useState('');
  const [reviewerIds, setReviewerIds] = useState<number[]>([]);
  const [tried, setTried] = useState(false);
  const tooFew = reviewerIds.length < CALIBRATION.participantsMin;
  const busy = create.isPending;
  const limits = { min: CALIBRATION.participantsMin, max: CALIBRATION.participantsMax };

  const submit = () => {
    setTried(true);
    if (tooFew) return;
    create.mutate(
      { task_id: taskId, name: name.trim(), reviewer_ids: reviewerIds },
      { onSuccess: (session) => void navigate(calibrationPath(projectId, session.id)) },
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{t('calibration.start.title')}</DialogTitle>
      <DialogContent>
        <Box
          component="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          data-testid="calibration-form"
        >
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Typography variant="body2" color="textSecondary">
              {t('calibration.start.intro')}
            </Typography>
            {create.isError ? (
              <Alert severity="error" data-testid="calibration-error">
                {errorMessage(create.error, 'calibration.start.failed')}
              </Alert>
            ) : null}
            {members.isError ? <Alert severity="error">{errorMessage(members.error)}</Alert> : null}
            <TextField
              label={t('calibration.start.name')}
              fullWidth
              autoFocus
              disabled={busy}
              value={name}
              onChange={(event) => setName(event.target.value)}
              helperText={t('calibration.start.nameHelp')}
              slotProps={{ htmlInput: { maxLength: CALIBRATION.nameMax, 'data-testid': 'calibration-name' } }}
            />
            <ReviewerSelect
              label={t('calibration.start.reviewers')}
              members={(members.data?.members ?? []).filter(mayReview)}
              value={reviewerIds}
              onChange={(ids) => setReviewerIds(ids.slice(0, CALIBRATION.participantsMax))}
              emptyText={t('calibration.start.nobody')}
              helperText={t(
                tried && tooFew ? 'calibration.start.tooFew' : 'calibration.start.reviewersHelp',
                limits,
              )}
              error={tried && tooFew}
              required
              disabled={busy}
              testId="calibration-reviewers"
            />
          </Stack>
        </Box>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t('calibration.start.create')}
        busy={busy}
      />
    </Dialog>
  );
}
