import { MenuItem, TextField } from '@mui/material';
import type { AnalyticsField, ManagerFigures } from '@parley/contracts';
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { SectionCard } from '../../../shared/components/SectionCard';
import { LazyChart } from '../LazyChart';
import { itemMeasure } from './model';

const ComparisonChart = lazy(() => import('./ComparisonChart'));
const CHART_HEIGHT = 280;

/** The team's trend across the periods: the average score and one item of the prompt (the first unless chosen). */
export function ComparisonTrend({
  labels,
  team,
  fields,
  itemPath,
  onItem,
  print,
}: {
  labels: string[];
  team: ManagerFigures;
  fields: AnalyticsField[];
  itemPath: string | null;
  onItem: (path: string) => void;
  print: boolean;
}) {
  const { t } = useTranslation();
  const chosen = fields.findIndex((entry) => entry.path === itemPath);
  const index = chosen >= 0 ? chosen : 0;
  const field = fields[index];
  const picker =
    fields.length > 0 && !print ? (
      <TextField
        select
        size="small"
        label={t('manager.chart.item')}
        value={field?.path ?? ''}
        onChange={(event) => onItem(event.target.value)}
        sx={{ minWidth: 220, mb: 1 }}
      >
        {fields.map((entry) => (
          <MenuItem key={entry.path} value={entry.path}>
            {entry.label}
          </MenuItem>
        ))}
      </TextField>
    ) : null;
  return (
    <SectionCard
      title={t('manager.chart.title')}
      subtitle={t('manager.chart.subtitle')}
      testId="comparison-trend"
    >
      {picker}
      <LazyChart height={CHART_HEIGHT}>
        <ComparisonChart
          height={CHART_HEIGHT}
          labels={labels}
          team={team}
          item={field ? itemMeasure(field, index) : null}
        />
      </LazyChart>
    </SectionCard>
  );
}
