import AddIcon from '@mui/icons-material/Add';
import LightbulbIcon from '@mui/icons-material/LightbulbOutlined';
import {
  Button,
  Divider,
  Grid,
  Paper,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  addCurrentPeriod,
  addPreviousPeriod,
  canAddCurrent,
  canAddPrevious,
  canRemovePeriod,
  DASHBOARD_VIEWS,
  type DashboardPeriod,
  type DashboardView,
  defaultPeriods,
  MAX_DASHBOARD_PERIODS,
  type PeriodClock,
  periodParam,
  removePeriod,
  setPeriodRange,
} from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import type { PromptChoice } from '../../../shared/api/analyses';
import { ComparisonFilters } from './ComparisonFilters';
import type { ManagerConfig } from './config';
import { PeriodCard } from './PeriodCard';

/**
 * The period configuration (spec 2 §2.5, §4 'Dashboard periods'): the view (days, weeks, months; changing it
 * starts again from its default periods), up to 4 period cards oldest first, Add Previous and Add Current,
 * a tip, the filters and Generate. The rules are contracts' analytics/periods.ts.
 */
export function PeriodPanel({
  projectId,
  config,
  clock,
  prompts,
  generating,
  onChange,
  onGenerate,
}: {
  projectId: number;
  config: ManagerConfig;
  clock: PeriodClock;
  prompts: PromptChoice[];
  generating: boolean;
  onChange: (changes: Partial<ManagerConfig>) => void;
  onGenerate: () => void;
}) {
  const { t } = useTranslation();
  const { view, periods } = config;
  const removable = canRemovePeriod(periods);
  // Two cards may hold the same days: the repeat gets a key of its own.
  const seen = new Map<string, number>();
  const keyOf = (period: DashboardPeriod) => {
    const days = periodParam(period);
    const repeat = seen.get(days) ?? 0;
    seen.set(days, repeat + 1);
    return `${days}#${repeat}`;
  };
  const changeView = (next: DashboardView | null) => {
    if (next && next !== view) onChange({ view: next, periods: defaultPeriods(next, clock) });
  };
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('manager.periods.label')}
      sx={{ p: 2, mb: 2 }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between', mb: 2 }}
      >
        <Typography variant="h6" component="h2">
          {t('manager.periods.title')}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={view}
          onChange={(_event, next: DashboardView | null) => changeView(next)}
          aria-label={t('manager.views.label')}
        >
          {DASHBOARD_VIEWS.map((option) => (
            <ToggleButton key={option} value={option}>
              {t(`manager.views.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Stack>
      <Grid container spacing={2}>
        {periods.map((period, index) => (
          <Grid key={keyOf(period)} size={{ xs: 12, sm: 6, lg: 4, xl: 3 }}>
            <PeriodCard
              period={period}
              number={index + 1}
              removable={removable}
              onRange={(range) => onChange({ periods: setPeriodRange(periods, index, range) })}
              onRemove={() => onChange({ periods: removePeriod(periods, index) })}
            />
          </Grid>
        ))}
      </Grid>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mt: 2 }}>
        {canAddPrevious(periods) ? (
          <Button
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            onClick={() => onChange({ periods: addPreviousPeriod(view, periods, clock) })}
          >
            {t('manager.periods.addPrevious')}
          </Button>
        ) : null}
        {canAddCurrent(view, periods) ? (
          <Button
            variant="outlined"
            size="small"
            startIcon={<AddIcon />}
            onClick={() => onChange({ periods: addCurrentPeriod(view, periods, clock) })}
          >
            {t('manager.periods.addCurrent')}
          </Button>
        ) : null}
        <Stack direction="row" spacing={0.75} sx={{ alignItems: 'center', color: 'text.secondary' }}>
          <LightbulbIcon fontSize="small" aria-hidden />
          <Typography variant="body2" color="textSecondary">
            {t('manager.periods.tip', { max: MAX_DASHBOARD_PERIODS })}
          </Typography>
        </Stack>
      </Stack>
      <Divider sx={{ my: 2 }} />
      <ComparisonFilters
        projectId={projectId}
        prompts={prompts}
        promptId={config.promptId}
        promptVersion={config.promptVersion}
        departments={config.departments}
        representatives={config.representatives}
        generating={generating}
        onChange={onChange}
        onGenerate={onGenerate}
      />
    </Paper>
  );
}
