import { Alert, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import {
  idleFitsLifetime,
  type SessionLifetimes as Lifetimes,
  SESSION_LIFETIME_LIMITS,
} from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveSessionLifetimes, useSessionLifetimes } from '../../shared/api/sessions';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { QueryBody, Section, type ShowToast } from './Section';

const UNIT_MINUTES = { minutes: 1, hours: 60, days: 24 * 60 } as const;
type IdleUnit = keyof typeof UNIT_MINUTES;

/** The idle timeout in the largest unit it is a whole number of. */
function idleInUnits(minutes: number): { amount: string; unit: IdleUnit } {
  const unit: IdleUnit =
    minutes % UNIT_MINUTES.days === 0 ? 'days' : minutes % UNIT_MINUTES.hours === 0 ? 'hours' : 'minutes';
  return { amount: String(minutes / UNIT_MINUTES[unit]), unit };
}

const wholeNumber = (text: string): number | null =>
  /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null;

/** How long a signed-in browser stays signed in: without a request, and at most (issue 39 part 4). */
export function SessionLifetimes({ onToast }: { onToast: ShowToast }) {
  const { t } = useTranslation();
  const query = useSessionLifetimes();
  return (
    <Section title={t('sessions.lifetimes.title')}>
      <QueryBody query={query} errorTitle={t('sessions.lifetimes.loadError')}>
        {(lifetimes) => (
          <LifetimesForm
            key={`${lifetimes.idle_minutes}:${lifetimes.absolute_days}`}
            lifetimes={lifetimes}
            onToast={onToast}
          />
        )}
      </QueryBody>
    </Section>
  );
}

function LifetimesForm({ lifetimes, onToast }: { lifetimes: Lifetimes; onToast: ShowToast }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const save = useSaveSessionLifetimes();
  const initialIdle = idleInUnits(lifetimes.idle_minutes);
  const [idleAmount, setIdleAmount] = useState(initialIdle.amount);
  const [idleUnit, setIdleUnit] = useState<IdleUnit>(initialIdle.unit);
  const [absolute, setAbsolute] = useState(String(lifetimes.absolute_days));

  const { idleMinutes: idleLimits, absoluteDays: absoluteLimits } = SESSION_LIFETIME_LIMITS;
  const amount = wholeNumber(idleAmount);
  const idleMinutes = amount === null ? null : amount * UNIT_MINUTES[idleUnit];
  const absoluteDays = wholeNumber(absolute);
  const absoluteError =
    absoluteDays === null || absoluteDays < absoluteLimits.min || absoluteDays > absoluteLimits.max
      ? t('sessions.lifetimes.absoluteRange', absoluteLimits)
      : null;
  const idleError =
    idleMinutes === null || idleMinutes < idleLimits.min || idleMinutes > idleLimits.max
      ? t('sessions.lifetimes.idleRange', { min: idleLimits.min, max: idleLimits.max / UNIT_MINUTES.days })
      : absoluteDays !== null && !absoluteError && !idleFitsLifetime(idleMinutes, absoluteDays)
        ? t('sessions.lifetimes.idleTooLong')
        : null;
  const invalid = Boolean(idleError || absoluteError);

  const submit = () => {
    if (invalid || idleMinutes === null || absoluteDays === null) return;
    save.mutate(
      { idle_minutes: idleMinutes, absolute_days: absoluteDays },
      { onSuccess: () => onToast({ severity: 'success', text: t('sessions.lifetimes.saved') }) },
    );
  };

  return (
    <Stack spacing={2} data-testid="session-lifetimes">
      <Typography variant="body2" color="textSecondary">
        {t('sessions.lifetimes.description')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack direction="row" spacing={1} sx={{ flex: 1, width: '100%' }}>
          <TextField
            label={t('sessions.lifetimes.idle')}
            type="number"
            value={idleAmount}
            onChange={(event) => setIdleAmount(event.target.value)}
            error={Boolean(idleError)}
            helperText={idleError ?? t('sessions.lifetimes.idleHelp')}
            slotProps={{ htmlInput: { min: 1, step: 1 } }}
            fullWidth
          />
          <TextField
            select
            label={t('sessions.lifetimes.unit')}
            value={idleUnit}
            onChange={(event) => setIdleUnit(event.target.value as IdleUnit)}
            sx={{ minWidth: 130 }}
          >
            {(Object.keys(UNIT_MINUTES) as IdleUnit[]).map((unit) => (
              <MenuItem key={unit} value={unit}>
                {t(`sessions.lifetimes.units.${unit}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
        <TextField
          label={t('sessions.lifetimes.absolute')}
          type="number"
          value={absolute}
          onChange={(event) => setAbsolute(event.target.value)}
          error={Boolean(absoluteError)}
          helperText={absoluteError ?? t('sessions.lifetimes.absoluteHelp')}
          slotProps={{ htmlInput: { min: absoluteLimits.min, max: absoluteLimits.max, step: 1 } }}
          sx={{ flex: 1 }}
          fullWidth
        />
      </Stack>
      {save.isError ? <Alert severity="error">{errorMessage(save.error)}</Alert> : null}
      <div>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending || invalid}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {t('sessions.lifetimes.save')}
        </Button>
      </div>
    </Stack>
  );
}
