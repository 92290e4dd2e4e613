import { Grid, MenuItem, Paper, TextField } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { VersionFilter } from '../../shared/analyses/VersionFilter';
import type { AnalyticsView, ParamChanges } from '../../shared/analytics/view';
import type { PromptChoice } from '../../shared/api/analyses';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { DateRangePicker } from '../../shared/components/DateRangePicker';
import { DebouncedTextField } from '../../shared/components/DebouncedTextField';

/**
 * The filters of an analytics page: the date range, a prompt (optional on the dashboard: 'All prompts'),
 * the prompt's scorecard version where the page counts by it, and where the page offers them department and
 * representative. `children` are the page's own controls.
 */
export function FilterBar({
  view,
  prompts,
  promptId,
  allPrompts = false,
  people = false,
  versions = false,
  onChange,
  onRange,
  children,
}: {
  view: AnalyticsView;
  prompts: PromptChoice[];
  /** The prompt shown (a page that needs one picks the first when none is chosen). */
  promptId: number | undefined;
  allPrompts?: boolean;
  /** Offer the department and representative filters. */
  people?: 'department' | 'both' | false;
  /** Offer the scorecard version filter (prompt_version) once a prompt is chosen. */
  versions?: boolean;
  onChange: (changes: ParamChanges) => void;
  onRange: (from: string | null, to: string | null) => void;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const known = promptId === undefined || prompts.some((prompt) => prompt.id === promptId);
  const options = known ? prompts : [...prompts, { id: promptId, name: `#${promptId}` }];
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={t('analytics.filters.label')}
      sx={{ p: 2, mb: 2 }}
    >
      <Grid container spacing={2} sx={{ alignItems: 'center' }}>
        <Grid size={{ xs: 12, md: 5 }}>
          <DateRangePicker
            start={view.from ?? null}
            end={view.to ?? null}
            onChange={onRange}
            label={t('analytics.filters.range')}
            size="small"
            fullWidth
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6, md: 3 }}>
          <TextField
            select
            size="small"
            fullWidth
            label={t('analytics.filters.prompt')}
            value={promptId ? String(promptId) : ''}
            onChange={(event) =>
              onChange({ prompt_id: event.target.value || undefined, prompt_version: undefined })
            }
            slotProps={
              allPrompts ? { select: { displayEmpty: true }, inputLabel: { shrink: true } } : undefined
            }
          >
            {allPrompts ? <MenuItem value="">{t('analytics.filters.allPrompts')}</MenuItem> : null}
            {options.map((prompt) => (
              <MenuItem key={prompt.id} value={String(prompt.id)}>
                {prompt.name}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        {versions && view.prompt_id ? (
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <VersionFilter
              projectId={project.id}
              promptId={view.prompt_id}
              value={view.prompt_version}
              onChange={(version) => onChange({ prompt_version: version })}
            />
          </Grid>
        ) : null}
        {people ? (
          <Grid size={{ xs: 12, sm: 6, md: people === 'both' ? 2 : 4 }}>
            <DebouncedTextField
              size="small"
              fullWidth
              label={t('analytics.filters.department')}
              value={view.department ?? ''}
              onCommit={(department) => onChange({ department: department.trim() })}
            />
          </Grid>
        ) : null}
        {people === 'both' ? (
          <Grid size={{ xs: 12, sm: 6, md: 2 }}>
            <DebouncedTextField
              size="small"
              fullWidth
              label={t('analytics.filters.representative')}
              value={view.representative ?? ''}
              onCommit={(representative) => onChange({ representative: representative.trim() })}
            />
          </Grid>
        ) : null}
        {children}
      </Grid>
    </Paper>
  );
}
