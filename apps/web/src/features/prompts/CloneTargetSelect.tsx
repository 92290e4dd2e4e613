import { Alert, MenuItem, TextField } from '@mui/material';
import { isProjectManager } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useProjects } from '../../shared/app/projects';

interface CloneTargetSelectProps {
  sourceName: string;
  value: number;
  onChange: (projectId: number) => void;
  currentProjectId: number;
}

/**
 * Cloning copies a prompt into any of the user's projects (spec 1 §2.2); the current one by default.
 * Projects where the user may not manage prompts are listed but can't be chosen.
 */
export function CloneTargetSelect({ sourceName, value, onChange, currentProjectId }: CloneTargetSelectProps) {
  const { t } = useTranslation();
  const projects = useProjects();
  const list = projects.data ?? [];
  const options = list.some((project) => project.id === value)
    ? list
    : [{ id: value, name: `#${value}`, my_role: 'admin' as const }, ...list];
  return (
    <Alert severity="info" icon={false} sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      {t('prompts.clone.intro', { name: sourceName })}
      <TextField
        select
        size="small"
        fullWidth
        label={t('prompts.clone.target')}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        disabled={projects.isPending}
        helperText={projects.isError ? t('prompts.clone.projectsError') : undefined}
        sx={{ mt: 1.5, maxWidth: 480, bgcolor: 'background.paper' }}
        slotProps={{ select: { inputProps: { 'data-testid': 'clone-target' } } }}
      >
        {options.map((project) => (
          <MenuItem key={project.id} value={project.id} disabled={!isProjectManager(project.my_role)}>
            {project.name}
            {project.id === currentProjectId ? ` (${t('prompts.clone.current')})` : ''}
          </MenuItem>
        ))}
      </TextField>
    </Alert>
  );
}
