import PostAddIcon from '@mui/icons-material/PostAdd';
import { Button } from '@mui/material';
import { isProjectManager } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { EmptyState } from '../../shared/components/States';

/** A project without prompts has nothing to report on: managers get the way to create one. */
export function NoPrompts({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const canCreate = isProjectManager(project.my_role) && !project.read_only;
  return (
    <EmptyState
      icon={<PostAddIcon />}
      title={t('analytics.noPrompts')}
      description={canCreate ? t('analytics.start.promptDescription') : t('analytics.start.askAdmin')}
      action={
        canCreate ? (
          <Button component={RouterLink} to={`/projects/${projectId}/prompts/new`} variant="contained">
            {t('analytics.start.createPrompt')}
          </Button>
        ) : undefined
      }
    />
  );
}
