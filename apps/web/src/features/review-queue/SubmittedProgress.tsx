import { LinearProgress, Stack, Typography } from '@mui/material';
import type { CalibrationSession } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/numbers';

/** "2 of 3 submitted" over a bar of the participants who submitted. */
export function SubmittedProgress({ session, label }: { session: CalibrationSession; label: string }) {
  const { t, i18n } = useTranslation();
  const total = session.participants.length;
  return (
    <Stack spacing={0.5} sx={{ minWidth: 120 }}>
      <Typography variant="body2" data-testid={`calibration-progress-${session.id}`}>
        {t('calibration.progress', {
          submitted: formatNumber(session.submitted, i18n.language),
          total: formatNumber(total, i18n.language),
        })}
      </Typography>
      <LinearProgress
        variant="determinate"
        value={total > 0 ? Math.round((session.submitted / total) * 100) : 0}
        aria-label={label}
        sx={{ height: 6, borderRadius: 3 }}
      />
    </Stack>
  );
}
