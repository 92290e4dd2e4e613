import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import { Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { shiftDay, weekRange } from './view';

/**
 * Previous week / this week / next week, and the shown week's days. `week` is the Monday the server answered
 * for (null while loading); `chosen` is whether the URL names a week (else the current one is shown).
 */
export function WeekSwitcher({
  week,
  chosen,
  onChange,
}: {
  week: string | null;
  chosen: boolean;
  onChange: (week: string | undefined) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Tooltip title={t('reviewQueue.week.previous')}>
        <span>
          <IconButton
            aria-label={t('reviewQueue.week.previous')}
            data-testid="week-previous"
            disabled={!week}
            onClick={() => week && onChange(shiftDay(week, -7))}
          >
            <ChevronLeftIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Typography
        data-testid="week-range"
        component="span"
        sx={{ fontWeight: 600, minWidth: 180, textAlign: 'center' }}
      >
        {week ? weekRange(week, i18n.language) : '…'}
      </Typography>
      <Tooltip title={t('reviewQueue.week.next')}>
        <span>
          <IconButton
            aria-label={t('reviewQueue.week.next')}
            data-testid="week-next"
            disabled={!week}
            onClick={() => week && onChange(shiftDay(week, 7))}
          >
            <ChevronRightIcon />
          </IconButton>
        </span>
      </Tooltip>
      <Button size="small" data-testid="week-current" disabled={!chosen} onClick={() => onChange(undefined)}>
        {t('reviewQueue.week.current')}
      </Button>
    </Stack>
  );
}
