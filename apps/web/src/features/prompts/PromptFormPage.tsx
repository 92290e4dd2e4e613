import { cloneName, type Project, type Prompt } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { usePromptByName } from '../../shared/api/prompts';
import { usePromptVersion, usePromptVersions } from '../../shared/api/promptVersions';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { ErrorState, LoadingState } from '../../shared/components/States';
import { currentLanguage } from '../../shared/i18n';
import { newPromptValues, type PromptFormValues, valuesFromPrompt } from './formValues';
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
  // A publish, restore or discard in the versions tab: the form starts again from the prompt's new state.
  const [revision, setRevision] = useState(0);

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
      <EditPromptForm
        key={`edit-${prompt.id}-${revision}`}
        project={project}
        prompt={prompt}
        title={title}
        onVersionsChanged={() => setRevision((value) => value + 1)}
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

/** Edit mode: the form holds the prompt's draft when it has one (editing edits the draft), else the prompt. */
function EditPromptForm({
  project,
  prompt,
  title,
  onVersionsChanged,
}: {
  project: Project;
  prompt: Prompt;
  title: string;
  onVersionsChanged: () => void;
}) {
  const { t } = useTranslation();
  const versions = usePromptVersions(project.id, prompt.id);
  const draftSummary = versions.data?.find((version) => version.state === 'draft') ?? null;
  const published = versions.data?.find((version) => version.state === 'published') ?? null;
  const draft = usePromptVersion(project.id, prompt.id, draftSummary?.id ?? null);
  // Taken once: a draft saved later must not replace what the user is typing.
  const [initial, setInitial] = useState<PromptFormValues | null>(null);
  const ready =
    versions.isError || (versions.data !== undefined && (!draftSummary || draft.data !== undefined));
  if (initial === null && ready) {
    setInitial(valuesFromPrompt(draft.data ? draft.data.prompt : prompt));
  }
  if (initial === null) {
    return (
      <Page title={title}>
        <LoadingState label={t('prompts.form.loading')} />
      </Page>
    );
  }
  return (
    <PromptForm
      mode="edit"
      project={project}
      promptId={prompt.id}
      initialValues={initial}
      modelNotice={prompt.modelNotice}
      versions={{
        draft: draftSummary?.number ?? null,
        published: published?.number ?? null,
        onChanged: onVersionsChanged,
      }}
    />
  );
}
