import { MenuItem, TextField } from '@mui/material';
import { PROMPT_VERSION_PAGE } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { usePromptVersions } from '../api/promptVersions';

/** The analyses of one scorecard version of the chosen prompt (drafts have none: they are not offered). */
export function VersionFilter({
  projectId,
  promptId,
  value,
  onChange,
}: {
  projectId: number;
  promptId: number;
  value: number | undefined;
  onChange: (version: number | undefined) => void;
}) {
  const { t } = useTranslation();
  // The newest 100 (the most a page holds); an older one can still come from a link.
  const versions = usePromptVersions(projectId, promptId, PROMPT_VERSION_PAGE.max);
  const numbers = (versions.data ?? [])
    .filter((version) => version.state !== 'draft')
    .map((version) => version.number);
  // A version from a shared link stays shown while the list loads (or when it is not this prompt's).
  if (value !== undefined && !numbers.includes(value)) numbers.unshift(value);
  return (
    <TextField
      select
      size="small"
      fullWidth
      label={t('promptVersions.filter.label')}
      value={value ?? ''}
      onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
    >
      <MenuItem value="">{t('promptVersions.filter.all')}</MenuItem>
      {numbers.map((number) => (
        <MenuItem key={number} value={number}>
          {t('promptVersions.number', { number })}
        </MenuItem>
      ))}
    </TextField>
  );
}
