import ClearIcon from '@mui/icons-material/FilterAltOff';
import { Button, Grid, Paper } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { DateRangePicker } from '../../shared/components/DateRangePicker';
import { DebouncedTextField } from '../../shared/components/DebouncedTextField';
import { IdSelect } from '../../shared/components/IdSelect';
import { hasFilters, type RequestsView, type ViewChanges } from './listView';

export interface PersonChoice {
  id: number;
  name: string;
}

/** Field, representative, requester and date range of the change-requests list (applied at once). */
export function RequestFilters({
  view,
  requesters,
  onChange,
}: {
  view: RequestsView;
  requesters: PersonChoice[];
  onChange: (changes: ViewChanges) => void;
}) {
  const { t } = useTranslation();
  const choices =
    view.requester_id && !requesters.some((person) => person.id === view.requester_id)
      ? [...requesters, { id: view.requester_id, name: `#${view.requester_id}` }]
      : requesters;
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      component="section"
      aria-label={t('analyses.filters.label')}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 3 }}>
          <DebouncedTextField
            size="small"
            fullWidth
            label={t('changeRequests.filters.field')}
            value={view.path ?? ''}
            onCommit={(path) => onChange({ path: path.trim() || undefined })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <DebouncedTextField
            size="small"
            fullWidth
            label={t('analyses.filters.representative')}
            value={view.representative ?? ''}
            onCommit={(representative) => onChange({ representative: representative.trim() || undefined })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 2 }}>
          <IdSelect
            label={t('changeRequests.filters.requester')}
            value={view.requester_id}
            options={choices}
            onChange={(requester_id) => onChange({ requester_id })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 3 }}>
          <DateRangePicker
            size="small"
            fullWidth
            start={view.from ?? null}
            end={view.to ?? null}
            onChange={(from, to) => onChange({ from: from ?? undefined, to: to ?? undefined })}
          />
        </Grid>
        <Grid size={{ xs: 12, md: 1 }} sx={{ display: 'flex', alignItems: 'center' }}>
          <Button
            fullWidth
            startIcon={<ClearIcon />}
            disabled={!hasFilters(view)}
            onClick={() =>
              onChange({
                path: undefined,
                representative: undefined,
                requester_id: undefined,
                from: undefined,
                to: undefined,
              })
            }
          >
            {t('analyses.filters.clear')}
          </Button>
        </Grid>
      </Grid>
    </Paper>
  );
}
