import ClearIcon from '@mui/icons-material/FilterAltOff';
import FilterIcon from '@mui/icons-material/FilterList';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Grid,
  InputAdornment,
  MenuItem,
  Paper,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { SEARCH, TRACKER_SPEAKERS } from '@parley/contracts';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrackerChoices, withChosen } from '../../shared/analyses/filterChoices';
import { usePromptChoices } from '../../shared/api/analyses';
import { DateRangePicker } from '../../shared/components/DateRangePicker';
import { DebouncedTextField } from '../../shared/components/DebouncedTextField';
import { IdSelect } from '../../shared/components/IdSelect';
import { type SearchFilters, type SearchView, searchFilterCount } from './searchView';

/**
 * The phrase (searched on Enter or the button) and the filters (applied at once; text after a short pause).
 * On a phone the filters fold behind a Filters button that counts those set.
 */
export function SearchForm({
  projectId,
  view,
  onSearch,
  onFilters,
  onClear,
  message,
}: {
  projectId: number;
  view: SearchView;
  onSearch: (q: string) => void;
  onFilters: (changes: Partial<SearchFilters>) => void;
  onClear: () => void;
  /** Why the server refused the search (shown under the phrase). */
  message?: ReactNode;
}) {
  const { t } = useTranslation();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [unfolded, setUnfolded] = useState(false);
  const [text, setText] = useState(view.q ?? '');
  const { filters } = view;
  const active = searchFilterCount(filters);
  const trackers = useTrackerChoices(projectId, filters.tracker_id);
  const prompts = withChosen(usePromptChoices(projectId).data ?? [], filters.prompt_id);

  // Another phrase from outside (back, a link): the box shows it.
  useEffect(() => setText(view.q ?? ''), [view.q]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };

  return (
    <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
      <Box component="form" role="search" aria-label={t('search.form.label')} onSubmit={submit} noValidate>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 'grow' }}>
            <TextField
              fullWidth
              size="small"
              type="search"
              label={t('search.form.phrase')}
              placeholder={t('search.form.placeholder')}
              value={text}
              onChange={(event) => setText(event.target.value)}
              error={Boolean(message)}
              helperText={message}
              slotProps={{
                htmlInput: { maxLength: SEARCH.queryMax, 'data-testid': 'search-phrase' },
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
          <Grid size={{ xs: 12, sm: 'auto' }}>
            <Button type="submit" variant="contained" fullWidth sx={{ minHeight: 40, px: 3 }}>
              {t('search.form.submit')}
            </Button>
          </Grid>
        </Grid>
      </Box>
      {phone ? (
        <Button
          fullWidth
          variant="outlined"
          startIcon={<FilterIcon />}
          aria-expanded={unfolded}
          onClick={() => setUnfolded(!unfolded)}
          sx={{ mt: 2 }}
        >
          {active > 0 ? t('analyses.filters.moreActive', { count: active }) : t('analyses.filters.more')}
        </Button>
      ) : null}
      {phone && !unfolded ? null : (
        <Grid container spacing={2} sx={{ mt: 2 }} component="section" aria-label={t('search.filters.label')}>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <TextField
              select
              size="small"
              fullWidth
              label={t('search.filters.speaker')}
              value={filters.speaker ?? 'anyone'}
              onChange={(event) => onFilters({ speaker: event.target.value as SearchFilters['speaker'] })}
              data-testid="speaker-filter"
            >
              {TRACKER_SPEAKERS.map((speaker) => (
                <MenuItem key={speaker} value={speaker}>
                  {t(`search.filters.speakers.${speaker}`)}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          {trackers.length > 0 ? (
            <Grid size={{ xs: 12, sm: 6, md: 3 }} data-testid="tracker-filter">
              <IdSelect
                label={t('search.filters.tracker')}
                value={filters.tracker_id}
                options={trackers}
                onChange={(tracker_id) => onFilters({ tracker_id })}
              />
            </Grid>
          ) : null}
          <Grid size={{ xs: 12, md: 6 }}>
            <DateRangePicker
              size="small"
              fullWidth
              start={filters.from ?? null}
              end={filters.to ?? null}
              onChange={(from, to) => onFilters({ from: from ?? undefined, to: to ?? undefined })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <IdSelect
              label={t('analyses.filters.prompt')}
              value={filters.prompt_id}
              options={prompts}
              onChange={(prompt_id) => onFilters({ prompt_id })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <DebouncedTextField
              size="small"
              fullWidth
              label={t('analyses.filters.department')}
              value={filters.department ?? ''}
              onCommit={(department) => onFilters({ department: department.trim() || undefined })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }}>
            <DebouncedTextField
              size="small"
              fullWidth
              label={t('analyses.filters.representative')}
              value={filters.representative ?? ''}
              onCommit={(representative) => onFilters({ representative: representative.trim() || undefined })}
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6, md: 3 }} sx={{ display: 'flex', alignItems: 'center' }}>
            <Button fullWidth startIcon={<ClearIcon />} onClick={onClear} disabled={active === 0}>
              {t('analyses.filters.clear')}
            </Button>
          </Grid>
        </Grid>
      )}
    </Paper>
  );
}
