import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Autocomplete, Button, Chip, Grid, MenuItem, TextField } from '@mui/material';
import { insightOptionNames } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { VersionFilter } from '../../../shared/analyses/VersionFilter';
import type { PromptChoice } from '../../../shared/api/analyses';
import { useNames } from '../../../shared/api/repMapping';

/** Names to pick from: the project's (without 'null' and 'undefined'), and those already chosen. */
function NamesFilter({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string[];
  options: string[];
  onChange: (names: string[]) => void;
}) {
  return (
    <Autocomplete
      multiple
      size="small"
      limitTags={2}
      filterSelectedOptions
      options={insightOptionNames([...options, ...value])}
      value={value}
      onChange={(_event, next) => onChange(next)}
      renderValue={(selected, getItemProps) =>
        selected.map((option, index) => {
          const { key, ...itemProps } = getItemProps({ index });
          return <Chip key={key} size="small" label={option} {...itemProps} />;
        })
      }
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
}

/**
 * What the comparison counts: a prompt (required) and one of its scorecard versions (none: all), departments
 * and representatives (any of them; none: everybody), and the Generate button (disabled while a comparison
 * loads or without a prompt).
 */
export function ComparisonFilters({
  projectId,
  prompts,
  promptId,
  promptVersion,
  departments,
  representatives,
  generating,
  onChange,
  onGenerate,
}: {
  projectId: number;
  prompts: PromptChoice[];
  promptId: number | undefined;
  promptVersion: number | undefined;
  departments: string[];
  representatives: string[];
  generating: boolean;
  onChange: (changes: {
    promptId?: number;
    promptVersion?: number;
    departments?: string[];
    representatives?: string[];
  }) => void;
  onGenerate: () => void;
}) {
  const { t } = useTranslation();
  const departmentNames = useNames(projectId, 'departments');
  const representativeNames = useNames(projectId, 'representatives');
  const known = promptId === undefined || prompts.some((prompt) => prompt.id === promptId);
  const promptOptions = known ? prompts : [...prompts, { id: promptId, name: `#${promptId}` }];
  return (
    <Grid container spacing={2} sx={{ alignItems: 'center' }}>
      <Grid size={{ xs: 12, md: promptId ? 3 : 4 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('analytics.filters.prompt')}
          value={promptId ? String(promptId) : ''}
          onChange={(event) =>
            onChange({ promptId: Number(event.target.value) || undefined, promptVersion: undefined })
          }
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="" disabled>
            {t('manager.filters.choosePrompt')}
          </MenuItem>
          {promptOptions.map((prompt) => (
            <MenuItem key={prompt.id} value={String(prompt.id)}>
              {prompt.name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {promptId ? (
        <Grid size={{ xs: 12, sm: 6, md: 2 }}>
          <VersionFilter
            projectId={projectId}
            promptId={promptId}
            value={promptVersion}
            onChange={(version) => onChange({ promptVersion: version })}
          />
        </Grid>
      ) : null}
      <Grid size={{ xs: 12, sm: 6, md: promptId ? 2 : 3 }}>
        <NamesFilter
          label={t('manager.filters.departments')}
          value={departments}
          options={departmentNames.data ?? []}
          onChange={(names) => onChange({ departments: names })}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <NamesFilter
          label={t('manager.filters.representatives')}
          value={representatives}
          options={representativeNames.data ?? []}
          onChange={(names) => onChange({ representatives: names })}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 2 }}>
        <Button
          variant="contained"
          fullWidth
          startIcon={<PlayArrowIcon />}
          onClick={onGenerate}
          disabled={generating || !promptId}
        >
          {t('manager.generate')}
        </Button>
      </Grid>
    </Grid>
  );
}
