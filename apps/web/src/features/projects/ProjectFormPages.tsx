import { useTranslation } from 'react-i18next';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { ProjectForm } from '../../shared/components/ProjectForm';

export function ProjectCreatePage() {
  const { t } = useTranslation();
  return (
    <Page title={t('projectForm.createTitle')} subtitle={t('projectForm.createSubtitle')} form>
      <ProjectForm mode="create" />
    </Page>
  );
}

export function ProjectEditPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  return (
    <Page title={t('projectForm.editTitle')} subtitle={project.name} form>
      <ProjectForm key={project.id} mode="edit" project={project} readOnly={project.read_only} />
    </Page>
  );
}
