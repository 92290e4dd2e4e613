import { Autocomplete, Box, Paper, Stack, TextField, Typography } from '@mui/material';
import type { DashboardPeriod, ManagerDashboardResponse } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { ComparisonTable } from './ComparisonTable';
import { ComparisonTrend } from './ComparisonTrend';
import type { ComparisonScope } from './links';
import type { Measure, SortDirection } from './model';

type Comparison = ManagerDashboardResponse['data'];

/** Figures side by side on a printed page (A4 fits about 6): a wider table is printed as several, names repeated. */
const PRINTED_COLUMNS = 6;

function printedParts(measures: Measure[], periods: number): Measure[][] {
  const size = Math.max(1, Math.floor(PRINTED_COLUMNS / Math.max(1, periods)));
  const parts: Measure[][] = [];
  for (let start = 0; start < measures.length; start += size) parts.push(measures.slice(start, start + size));
  return parts;
}

/**
 * A generated comparison: the team's trend across the periods, then the table (narrowed to some items if the
 * reader chooses; all of them otherwise).
 */
export function ComparisonResult({
  data,
  periods,
  labels,
  measures,
  rows,
  scope,
  shown,
  onShown,
  chartItem,
  onChartItem,
  sort,
  direction,
  onSort,
  print,
}: {
  data: Comparison;
  periods: DashboardPeriod[];
  labels: string[];
  measures: Measure[];
  rows: Comparison['rows'];
  scope: ComparisonScope;
  shown: string[];
  onShown: (paths: string[]) => void;
  chartItem: string | null;
  onChartItem: (path: string) => void;
  sort: string;
  direction: SortDirection;
  onSort: (column: string) => void;
  print: boolean;
}) {
  const { t } = useTranslation();
  const labelOf = new Map(data.fields.map((field) => [field.path, field.label]));
  return (
    <Stack spacing={2}>
      <ComparisonTrend
        labels={labels}
        team={data.team}
        fields={data.fields}
        itemPath={chartItem}
        onItem={onChartItem}
        print={print}
      />
      <Paper variant="outlined" sx={print ? { boxShadow: 'none' } : undefined}>
        {print ? null : (
          <Stack
            direction={{ xs: 'column', md: 'row' }}
            spacing={2}
            sx={{ px: 2, py: 1.5, justifyContent: 'space-between', alignItems: { md: 'center' } }}
          >
            <Typography variant="body2" color="textSecondary">
              {t('manager.table.hint')}
            </Typography>
            {data.fields.length > 0 ? (
              <Box sx={{ minWidth: { md: 360 } }}>
                <Autocomplete
                  multiple
                  size="small"
                  limitTags={2}
                  disableCloseOnSelect
                  options={data.fields.map((field) => field.path)}
                  getOptionLabel={(path) => labelOf.get(path) ?? path}
                  value={shown.filter((path) => labelOf.has(path))}
                  onChange={(_event, next) => onShown(next)}
                  renderInput={(params) => (
                    <TextField
                      {...params}
                      label={t('manager.table.items')}
                      placeholder={shown.length === 0 ? t('manager.table.allItems') : undefined}
                      slotProps={{
                        ...params.slotProps,
                        inputLabel: { ...params.slotProps.inputLabel, shrink: true },
                      }}
                    />
                  )}
                />
              </Box>
            ) : null}
          </Stack>
        )}
        {(print ? printedParts(measures, periods.length) : [measures]).map((part) => (
          <ComparisonTable
            key={part.map((measure) => measure.key).join('\n')}
            measures={part}
            periods={periods}
            team={data.team}
            rows={rows}
            scope={scope}
            sort={sort}
            direction={direction}
            onSort={onSort}
            print={print}
          />
        ))}
      </Paper>
    </Stack>
  );
}
