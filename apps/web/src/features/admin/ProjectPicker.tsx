import { Autocomplete, TextField } from '@mui/material';
import type { AdminProject } from '@parley/contracts';
import { useTranslation } from 'react-i18next';

export function ProjectPicker({
  projects,
  value,
  onChange,
}: {
  projects: AdminProject[];
  value: AdminProject | null;
  onChange: (project: AdminProject | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Autocomplete
      options={projects}
      value={value}
      onChange={(_event, next) => onChange(next)}
      getOptionLabel={(project) => `${project.name} (#${project.id})`}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      noOptionsText={t('admin.noProjects')}
      renderInput={(params) => <TextField {...params} label={t('admin.columns.project')} />}
    />
  );
}
