import ClearIcon from '@mui/icons-material/FilterAltOff';
import FilterIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import {
  Button,
  FormControlLabel,
  Grid,
  InputAdornment,
  MenuItem,
  Paper,
  Switch,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { TASK_STATUSES, type TaskStatus } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrackerChoices, withChosen } from '../../shared/analyses/filterChoices';
import { VersionFilter } from '../../shared/analyses/VersionFilter';
import type { PromptChoice } from '../../shared/api/analyses';
import {
  type AnalysisFilters as Filters,
  foldedFilterCount,
  hasFilters,
} from '../../shared/api/analysisListQuery';
import { DateRangePicker } from '../../shared/components/DateRangePicker';
import { DebouncedTextField } from '../../shared/components/DebouncedTextField';
import { IdSelect } from '../../shared/components/IdSelect';
import { FieldFilterChip } from './FieldFilterChip';

const toNumber = (text: string): number | undefined => {
  if (text.trim() === '') return undefined;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
};

const SCORE_BOUNDS = [
  { key: 'score_min', label: 'analyses.filters.scoreMin' },
  { key: 'score_max', label: 'analyses.filters.scoreMax' },
] as const;

/**
 * The list's filters and search; every change is applied at once (text after a short pause). On a phone
 * only the search shows, the other filters behind a Filters button that counts those set.
 */
export function AnalysisFilters({
  projectId,
  filters,
  prompts,
  onChange,
  onClear,
}: {
  projectId: number;
  filters: Filters;
  prompts: PromptChoice[];
  onChange: (changes: Partial<Filters>) => void;
  onClear: () => void;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [unfolded, setUnfolded] = useState(false);
  const folded = phone && !unfolded;
  const active = foldedFilterCount(filters);
  const promptOptions = withChosen(prompts, filters.prompt_id);
  // The tracker filter shows once the project has trackers (or the URL names one).
  const trackerOptions = useTrackerChoices(projectId, filters.tracker_id);

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, mb: 2 }}
      component="section"
      aria-label={t('analyses.filters.label')}
    >
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 4 }}>
          <DebouncedTextField
            size="small"
            fullWidth
            type="search"
            label={t('analyses.filters.search')}
            placeholder={t('analyses.filters.searchPlaceholder')}
            value={filters.q ?? ''}
            onCommit={(q) => onChange({ q: q.trim() || undefined })}
            slotProps={{
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        </Grid>
        {phone ? (
          <Grid size={12}>
            <Button
              fullWidth
              variant="outlined"
              startIcon={<FilterIcon />}
              aria-expanded={unfolded}
              onClick={() => setUnfolded(!unfolded)}
            >
              {active > 0 ? t('analyses.filters.moreActive', { count: active }) : t('analyses.filters.more')}
            </Button>
          </Grid>
        ) : null}
        {folded ? null : (
          <>
            <Grid size={{ xs: 12, md: 4 }}>
              <DateRangePicker
                size="small"
                fullWidth
                start={filters.from ?? null}
                end={filters.to ?? null}
                onChange={(from, to) => onChange({ from: from ?? undefined, to: to ?? undefined })}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}>
              <IdSelect
                label={t('analyses.filters.prompt')}
                value={filters.prompt_id}
                options={promptOptions}
                onChange={(prompt_id) => onChange({ prompt_id })}
              />
            </Grid>
            {filters.prompt_id ? (
              <Grid size={{ xs: 12, sm: 6, md: 2 }}>
                <VersionFilter
                  projectId={projectId}
                  promptId={filters.prompt_id}
                  value={filters.prompt_version}
                  onChange={(prompt_version) => onChange({ prompt_version })}
                />
              </Grid>
            ) : null}
            <Grid size={{ xs: 12, sm: 6, md: 2 }}>
              <TextField
                select
                size="small"
                fullWidth
                label={t('analyses.filters.status')}
                value={filters.status ?? ''}
                onChange={(event) =>
                  onChange({ status: (event.target.value || undefined) as TaskStatus | undefined })
                }
              >
                <MenuItem value="">{t('analyses.filters.all')}</MenuItem>
                {TASK_STATUSES.map((status) => (
                  <MenuItem key={status} value={status}>
                    {t(`analyses.status.${status}`)}
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <DebouncedTextField
                size="small"
                fullWidth
                label={t('analyses.filters.department')}
                value={filters.department ?? ''}
                onCommit={(department) => onChange({ department: department.trim() || undefined })}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 3 }}>
              <DebouncedTextField
                size="small"
                fullWidth
                label={t('analyses.filters.representative')}
                value={filters.representative ?? ''}
                onCommit={(representative) =>
                  onChange({ representative: representative.trim() || undefined })
                }
              />
            </Grid>
            {SCORE_BOUNDS.map(({ key, label }) => (
              <Grid key={key} size={{ xs: 6, md: 2 }}>
                <DebouncedTextField
                  size="small"
                  fullWidth
                  type="number"
                  label={t(label)}
                  value={filters[key] === undefined ? '' : String(filters[key])}
                  onCommit={(text) => onChange({ [key]: toNumber(text) })}
                />
              </Grid>
            ))}
            <Grid size={{ xs: 12, md: 2 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={filters.knocked_out === 'true'}
                    onChange={(event) => onChange({ knocked_out: event.target.checked ? 'true' : undefined })}
                  />
                }
                label={t('knockouts.list.filter')}
              />
            </Grid>
            <Grid size={{ xs: 12, sm: 6, md: 2 }}>
              <TextField
                select
                size="small"
                fullWidth
                label={t('reviews.list.filter')}
                value={filters.reviewed ?? ''}
                onChange={(event) =>
                  onChange({ reviewed: (event.target.value || undefined) as Filters['reviewed'] })
                }
                data-testid="reviewed-filter"
              >
                <MenuItem value="">{t('analyses.filters.all')}</MenuItem>
                <MenuItem value="yes">{t('reviews.list.yes')}</MenuItem>
                <MenuItem value="no">{t('reviews.list.no')}</MenuItem>
              </TextField>
            </Grid>
            {trackerOptions.length > 0 ? (
              <Grid size={{ xs: 12, sm: 6, md: 2 }} data-testid="tracker-filter">
                <IdSelect
                  label={t('trackers.filter.label')}
                  value={filters.tracker_id}
                  options={trackerOptions}
                  onChange={(tracker_id) => onChange({ tracker_id })}
                />
              </Grid>
            ) : null}
            <Grid size={{ xs: 12, md: 2 }} sx={{ display: 'flex', alignItems: 'center' }}>
              <Button fullWidth startIcon={<ClearIcon />} onClick={onClear} disabled={!hasFilters(filters)}>
                {t('analyses.filters.clear')}
              </Button>
            </Grid>
          </>
        )}
      </Grid>
      <FieldFilterChip filters={filters} onChange={onChange} />
    </Paper>
  );
}
