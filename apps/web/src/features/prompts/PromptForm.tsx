import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import UndoIcon from '@mui/icons-material/Undo';
import { Alert, Box, Button, Paper, Snackbar, Stack, Tab, Tabs } from '@mui/material';
import {
  hasRoleAtLeast,
  type ModelNotice,
  PROMPT_MESSAGES,
  type Project,
  type PromptData,
  type PromptProblem,
  TIMINGS,
  validatePrompt,
  withDefaultFields,
} from '@parley/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePrompts, useProviders, useSavePrompt } from '../../shared/api/prompts';
import { usePromptVersionActions } from '../../shared/api/promptVersions';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useProjects } from '../../shared/app/projects';
import { Page } from '../../shared/components/Page';
import { scrollableTabs } from '../../shared/components/scrollableTabs';
import { useSafeNavigate } from '../../shared/hooks/useSafeNavigate';
import { currentLanguage } from '../../shared/i18n';
import { AiGeneratorTab } from './AiGeneratorTab';
import { AiImproveDialog } from './AiImproveDialog';
import { AiImproveReview } from './AiImproveReview';
import { AiProgressOverlay } from './AiProgressOverlay';
import { BasicSettingsTab } from './BasicSettingsTab';
import { CloneTargetSelect } from './CloneTargetSelect';
import { type PromptFormValues, valuesFromPrompt } from './formValues';
import { MetadataTab } from './MetadataTab';
import { ModelNoticeAlert } from './ModelNoticeAlert';
import { translatePromptMessage } from './messages';
import { useShownRole } from './shownRole';
import { StructureEditor } from './structure/StructureEditor';
import { useAiGenerator } from './useAiGenerator';
import { useImproveReview } from './useImproveReview';
import { VersionsPanel } from './versions/VersionsPanel';

export type PromptFormMode = 'create' | 'edit' | 'clone';
export type PromptTab = 'ai' | PromptProblem['tab'] | 'versions';

interface PromptFormProps {
  mode: PromptFormMode;
  project: Project;
  initialValues: PromptFormValues;
  /** The prompt being edited (edit mode). */
  promptId?: number;
  /** The name of the prompt being copied (clone mode). */
  sourceName?: string;
  /** Edit mode: the prompt's model was retired and replaced (shown until dismissed or saved). */
  modelNotice?: ModelNotice | null;
  /** Edit mode: the numbers of the prompt's draft and published versions; onChanged after a version action. */
  versions?: { draft: number | null; published: number | null; onChanged: () => void };
}

/** Prompt form of spec 1 §2.2: tabs, validation (§5), AI generation (§4) and save with redirect. */
export function PromptForm({
  mode,
  project,
  initialValues,
  promptId,
  sourceName,
  modelNotice,
  versions,
}: PromptFormProps) {
  const { t } = useTranslation();
  const navigate = useSafeNavigate();
  const errorMessage = useErrorMessage();
  const save = useSavePrompt();
  const versionActions = usePromptVersionActions(project.id, promptId ?? 0);
  const saveDraft = versionActions.saveDraft;
  const [draftSaved, setDraftSaved] = useState(false);
  const [values, setValues] = useState(initialValues);
  const [tab, setTab] = useState<PromptTab>(mode === 'create' ? 'ai' : 'structure');
  const [problem, setProblem] = useState<string | null>(null);
  /** After a successful save: true, or the project a copy went to when it is not this one. */
  const [saved, setSaved] = useState<boolean | { projectId: number }>(false);
  const [targetProjectId, setTargetProjectId] = useState(project.id);
  /** The saved prompt's provider when the server has no key for it: saved, with a warning. */
  const [savedUnavailable, setSavedUnavailable] = useState<string | null>(null);
  const providers = useProviders();
  const [description, setDescription] = useState('');
  const [improveOpen, setImproveOpen] = useState(false);
  const timers = useRef<Array<ReturnType<typeof setTimeout>>>([]);
  const listPath = `/projects/${project.id}/prompts`;
  // Seen through a support-access grant: the prompt can be looked through, but not saved or generated.
  const readOnly = Boolean(project.read_only);
  const role = useShownRole(project.my_role);

  useEffect(() => () => timers.current.forEach(clearTimeout), []);

  const prompts = usePrompts(project.id);
  const choices = useMemo(
    () =>
      (prompts.data ?? [])
        .filter((prompt) => mode !== 'edit' || prompt.id !== promptId)
        .map((prompt) => ({ id: prompt.id, name: prompt.scriptName })),
    [prompts.data, mode, promptId],
  );

  const review = useImproveReview(values, setValues);
  const projects = useProjects();
  const ai = useAiGenerator(project.id, (generated: PromptData) => {
    setImproveOpen(false);
    if (mode === 'edit') {
      // Improving keeps the prompt's name; the user reviews the rest before it replaces the form's values.
      review.propose({ ...valuesFromPrompt(generated), scriptName: values.scriptName });
      return;
    }
    setValues((current) => {
      const next = valuesFromPrompt(generated);
      // A generated name only fills an empty one.
      const scriptName = current.scriptName.trim() !== '' ? current.scriptName : next.scriptName;
      return { ...next, scriptName };
    });
    setDescription('');
    setProblem(null);
    setTab('structure');
  });

  const busy = save.isPending || saveDraft.isPending || saved !== false;
  const savedElsewhere = typeof saved === 'object' ? saved.projectId : null;
  const savedProjectName =
    projects.data?.find((candidate) => candidate.id === savedElsewhere)?.name ?? `#${savedElsewhere}`;

  /** The form's prompt as it is saved, or null (and the problem shown) when it can't be. */
  const checked = (projectId: number): PromptData | null => {
    const content = withDefaultFields(values.content, values.finalScore, currentLanguage());
    const found = validatePrompt({
      scriptName: values.scriptName,
      projectId,
      metadataFields: values.metadataFields,
      content,
      maxScore: values.maxScore,
      knockoutCap: values.knockoutCap,
    });
    if (found) {
      setProblem(found.message);
      setTab(found.tab);
      return null;
    }
    setProblem(null);
    const prompt = { ...values, scriptName: values.scriptName.trim(), content };
    setValues(prompt);
    return prompt;
  };

  const onSaveDraft = () => {
    const prompt = checked(project.id);
    if (!prompt) return;
    saveDraft.mutate(prompt, { onSuccess: () => setDraftSaved(true) });
  };

  const onSave = () => {
    const projectId = mode === 'clone' ? targetProjectId : project.id;
    const elsewhere = projectId !== project.id;
    const prompt = checked(projectId);
    if (!prompt) return;
    save.mutate(
      { projectId, promptId: mode === 'edit' ? promptId : undefined, prompt },
      {
        onSuccess: (copy) => {
          setSaved(elsewhere ? { projectId } : true);
          const provider = providers.data?.find((info) => info.id === prompt.provider);
          setSavedUnavailable(provider && !provider.available ? provider.name : null);
          // A copy saved into another project is shown in that project's list (which selects it).
          const destination = elsewhere ? `/projects/${projectId}/prompts?highlight=${copy.id}` : listPath;
          timers.current.push(
            setTimeout(() => {
              setSaved(false);
              timers.current.push(setTimeout(() => navigate(destination), TIMINGS.promptSavedRedirectMs));
            }, TIMINGS.promptSavedNoticeMs),
          );
        },
      },
    );
  };

  const leave = () => navigate(listPath);
  const tabs: PromptTab[] =
    mode === 'create'
      ? ['ai', 'structure', 'basic', 'metadata']
      : ['structure', 'basic', 'metadata', ...(versions ? (['versions'] as const) : [])];
  const canEdit = !readOnly && hasRoleAtLeast(project.my_role, 'admin');
  const tabLabel = (id: PromptTab) => (id === 'versions' ? t('promptVersions.tab') : t(`prompts.tabs.${id}`));
  const titleKey = {
    create: 'prompts.form.createTitle',
    edit: 'prompts.form.editTitle',
    clone: 'prompts.form.cloneTitle',
  }[mode];
  const nameMissing = problem === PROMPT_MESSAGES.requiredFields && !values.scriptName.trim();

  return (
    <Page
      title={t(titleKey)}
      subtitle={
        <span data-testid="prompt-form-role">
          {project.name} · {t('prompts.form.yourRole')} {t(`memberRoles.${role}`)}
        </span>
      }
      actions={
        <>
          <Button startIcon={<ArrowBackIcon />} onClick={leave}>
            {t('prompts.form.back')}
          </Button>
          {mode === 'edit' ? (
            <Button
              variant="outlined"
              startIcon={<AutoAwesomeIcon />}
              onClick={() => {
                ai.clearError();
                setImproveOpen(true);
              }}
              disabled={busy || readOnly}
            >
              {t('prompts.ai.improve')}
            </Button>
          ) : null}
        </>
      }
    >
      <Stack spacing={2}>
        {mode === 'clone' ? (
          <CloneTargetSelect
            sourceName={sourceName ?? ''}
            value={targetProjectId}
            onChange={setTargetProjectId}
            currentProjectId={project.id}
          />
        ) : null}
        {mode === 'edit' && promptId && modelNotice ? (
          <ModelNoticeAlert
            projectId={project.id}
            promptId={promptId}
            provider={values.provider}
            notice={modelNotice}
            canDismiss={!readOnly && hasRoleAtLeast(project.my_role, 'admin')}
          />
        ) : null}
        {problem ? (
          <Alert severity="error" data-testid="prompt-problem" onClose={() => setProblem(null)}>
            {translatePromptMessage(problem, t)}
          </Alert>
        ) : null}
        {review.canUndo ? (
          <Alert
            severity="success"
            role="status"
            data-testid="ai-applied"
            action={
              <Button color="inherit" size="small" startIcon={<UndoIcon />} onClick={review.undo}>
                {t('prompts.ai.review.undo')}
              </Button>
            }
          >
            {t('prompts.ai.review.applied')}
          </Alert>
        ) : null}
        {versions?.draft ? (
          <Alert severity="info" data-testid="prompt-draft-notice">
            {t('promptVersions.form.editingDraft', {
              draft: versions.draft,
              published: versions.published ?? '—',
            })}
          </Alert>
        ) : null}
        {save.isError || saveDraft.isError ? (
          <Alert severity="error" data-testid="prompt-save-error">
            {errorMessage(save.error ?? saveDraft.error)}
          </Alert>
        ) : null}
        <Paper variant="outlined">
          <Tabs
            value={tab}
            onChange={(_event, next: PromptTab) => setTab(next)}
            {...scrollableTabs}
            sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
          >
            {tabs.map((id) => (
              <Tab key={id} value={id} label={tabLabel(id)} id={`prompt-tab-${id}`} />
            ))}
          </Tabs>
          <Box
            role="tabpanel"
            aria-labelledby={`prompt-tab-${tab}`}
            data-testid={`prompt-panel-${tab}`}
            sx={{ p: { xs: 2, sm: 3 } }}
          >
            {tab === 'ai' ? (
              <AiGeneratorTab
                description={description}
                onDescriptionChange={setDescription}
                onGenerate={() => ai.generate(description)}
                running={ai.running}
                error={ai.error}
                disabled={readOnly}
              />
            ) : null}
            {tab === 'structure' ? (
              <StructureEditor
                fields={values.content}
                onChange={(content) => setValues((current) => ({ ...current, content }))}
                isClassification={values.isClassification}
                choices={choices}
                choicesLoading={prompts.isPending}
              />
            ) : null}
            {tab === 'basic' ? (
              <BasicSettingsTab
                values={values}
                transcription={project.transcription ?? null}
                setValues={setValues}
                nameReadOnly={mode === 'edit'}
                nameError={nameMissing ? t('prompts.basic.nameRequired') : undefined}
              />
            ) : null}
            {tab === 'metadata' ? (
              <MetadataTab
                fields={values.metadataFields}
                onChange={(metadataFields) => setValues((current) => ({ ...current, metadataFields }))}
              />
            ) : null}
            {tab === 'versions' && versions && promptId ? (
              <VersionsPanel
                projectId={project.id}
                promptId={promptId}
                canEdit={canEdit}
                onChanged={versions.onChanged}
              />
            ) : null}
          </Box>
        </Paper>
        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={leave} disabled={save.isPending}>
            {t('common.cancel')}
          </Button>
          {versions ? (
            <Button variant="outlined" onClick={onSaveDraft} disabled={busy || readOnly}>
              {saveDraft.isPending ? t('common.saving') : t('promptVersions.form.saveDraft')}
            </Button>
          ) : null}
          <Button variant="contained" onClick={onSave} disabled={busy || readOnly}>
            {save.isPending ? t('common.saving') : t('prompts.form.save')}
          </Button>
        </Stack>
      </Stack>
      <AiImproveDialog
        open={improveOpen && !ai.running}
        description={description}
        onDescriptionChange={setDescription}
        onGenerate={() => ai.generate(description, promptId)}
        onClose={() => setImproveOpen(false)}
        running={ai.running}
        error={ai.error}
      />
      <AiImproveReview
        current={values}
        proposal={review.proposal}
        onAccept={() => {
          review.accept();
          setDescription('');
          setProblem(null);
          setTab('structure');
        }}
        onDiscard={review.discard}
      />
      <AiProgressOverlay progress={ai.progress} />
      <Snackbar
        open={draftSaved}
        autoHideDuration={TIMINGS.promptSavedNoticeMs}
        onClose={() => setDraftSaved(false)}
        anchorOrigin={{ vertical: 'top', horizontal: 'center' }}
      >
        <Alert severity="success" variant="filled" role="status" data-testid="prompt-draft-saved">
          {t('promptVersions.form.draftSaved')}
        </Alert>
      </Snackbar>
      <Snackbar open={saved !== false} anchorOrigin={{ vertical: 'top', horizontal: 'center' }}>
        <Alert
          severity={savedUnavailable ? 'warning' : 'success'}
          variant="filled"
          role="status"
          data-testid="prompt-saved"
        >
          {t('prompts.messages.saved')}
          {savedUnavailable ? (
            <Box component="span" data-testid="prompt-saved-unavailable" sx={{ display: 'block' }}>
              {t('prompts.messages.savedProviderUnavailable', { provider: savedUnavailable })}
            </Box>
          ) : null}
          {savedElsewhere !== null ? (
            <Box component="span" data-testid="prompt-saved-where" sx={{ display: 'block' }}>
              {t('prompts.clone.savedTo', { project: savedProjectName })}
            </Box>
          ) : null}
        </Alert>
      </Snackbar>
    </Page>
  );
}
