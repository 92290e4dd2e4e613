import { LinearProgress, Stack, Typography } from '@mui/material';
import type { PasswordStrength } from '@parley/contracts/password-strength';
import { useTranslation } from 'react-i18next';

const LEVELS = ['veryWeak', 'weak', 'fair', 'good', 'strong'] as const;

/** A bar and a label for the strength of a new password (nothing until there is one to rate). */
export function PasswordStrengthMeter({ strength }: { strength: PasswordStrength | null }) {
  const { t } = useTranslation();
  if (!strength) return null;
  const label = t('password.strength.label', { level: t(`password.strength.${LEVELS[strength.score]}`) });
  const color = strength.problem === null ? 'success' : strength.score < 2 ? 'error' : 'warning';
  return (
    <Stack spacing={0.5} data-testid="password-strength">
      <LinearProgress
        variant="determinate"
        value={(strength.score + 1) * 20}
        color={color}
        aria-label={label}
        sx={{ height: 6, borderRadius: 3 }}
      />
      <Typography variant="caption" color="textSecondary">
        {label}
      </Typography>
    </Stack>
  );
}
