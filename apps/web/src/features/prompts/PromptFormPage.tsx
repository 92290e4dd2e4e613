import { cloneName } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { usePromptByName } from '../../shared/api/prompts';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { currentLanguage } from '../../shared/i18n';
import { newPromptValues, valuesFromPrompt } from './formValues';
import { PromptForm } from './PromptForm';
import { projectIdFromQuery, withoutProjectParams } from './projectParam';

/**
 * /projects/{id}/prompts/new (create; ?clone=<name> copies a prompt) and /projects/{id}/prompts/edit
 * ?promptName=<name> (spec 1 §2.2). ?projectId= / ?project_id= name the project; when it differs from
 * the path the page moves to that project's form.
 */
export default function PromptFormPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const errorMessage = useErrorMessage();
  const promptName = params.get('promptName');
  const clone = promptName ? null : params.get('clone');
  const sourceName = promptName ?? clone;
  const queryProject = projectIdFromQuery(params);
  const elsewhere = queryProject !== null && queryProject !== project.id;
  const source = usePromptByName(project.id, elsewhere ? null : sourceName);

  if (elsewhere) {
    const path = pathname.replace(/^\/projects\/\d+/, `/projects/${queryProject}`);
    return <Navigate to={`${path}${withoutProjectParams(params)}`} replace />;
  }

  if (!sourceName) {
    return (
      <PromptForm
        key="create"
        mode="create"
        project={project}
        initialValues={newPromptValues(currentLanguage())}
      />
    );
  }

  const title = promptName ? t('prompts.form.editTitle') : t('prompts.form.cloneTitle');
  if (source.isPending) {
    return (
      <Page title={title}>
        <LoadingState label={t('prompts.form.loading')} />
      </Page>
    );
  }
  if (source.isError) {
    return (
      <Page title={title} subtitle={sourceName}>
        <ErrorState
          title={t('prompts.form.loadError')}
          message={errorMessage(source.error)}
          onRetry={() => void source.refetch()}
        />
      </Page>
    );
  }

  const prompt = source.data;
  if (promptName) {
    return (
      <PromptForm
        key={`edit-${prompt.id}`}
        mode="edit"
        project={project}
        promptId={prompt.id}
        initialValues={valuesFromPrompt(prompt)}
        modelNotice={prompt.modelNotice}
      />
    );
  }
  return (
    <PromptForm
      key={`clone-${prompt.id}`}
      mode="clone"
      project={project}
      sourceName={prompt.scriptName}
      initialValues={{ ...valuesFromPrompt(prompt), scriptName: cloneName(prompt.scriptName) }}
    />
  );
}
