import LinkIcon from '@mui/icons-material/Link';
import PlaylistAddOutlinedIcon from '@mui/icons-material/PlaylistAddOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, CircularProgress, MenuItem, Paper, Stack, Tab, Tabs, TextField } from '@mui/material';
import {
  DEFAULT_PRIORITY,
  hasRoleAtLeast,
  isSupportedMediaFile,
  isTextConversationFile,
  isValidUploadUrl,
  PRIORITIES,
  type Project,
  TIMINGS,
} from '@parley/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { defaultUploadPrompt, type UploadPromptOption, useUploadPrompts } from '../../shared/api/upload';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { InsufficientFundsAction } from '../../shared/components/InsufficientFundsAction';
import { Page } from '../../shared/components/Page';
import { PromptSelect, type PromptSelectTexts } from '../../shared/components/PromptSelect';
import { EmptyState } from '../../shared/components/States';
import { rememberPromptId } from '../../shared/hooks/openingPrompt';
import { useTimedValue } from '../../shared/hooks/useTimedValue';
import { localInputToIso } from '../../shared/utils/dateTime';
import { MetadataSection } from './MetadataSection';
import { entriesForPrompt, type MetadataEntry, metadataOf, missingRequired } from './metadata';
import { UploadProgress } from './UploadProgress';
import { UploadResult } from './UploadResult';
import { type UploadSource, UploadSourceInput } from './UploadSourceInput';
import { textKey, useUpload } from './useUpload';

const PROMPT_TEXTS: PromptSelectTexts = {
  label: 'upload.prompt.label',
  loading: 'upload.prompt.loading',
  loadFailed: textKey('promptsLoadFailed'),
  none: textKey('noPrompts'),
  noneHint: 'upload.prompt.noPromptsHint',
  noneHintMember: 'upload.prompt.noPromptsHintMember',
  openPrompts: 'upload.prompt.openPrompts',
  select: 'upload.select_project_prompt',
  requiredMetadata: 'upload.prompt.requiredMetadata',
};

const PRIORITY_OPTIONS = [
  { value: PRIORITIES.high, key: 'high' },
  { value: PRIORITIES.normal, key: 'normal' },
  { value: PRIORITIES.low, key: 'low' },
] as const;
const NO_FIELDS: ReadonlySet<string> = new Set();

export const isAcceptedUploadFile = (file: File) =>
  isSupportedMediaFile(file.name, file.type) || isTextConversationFile(file.name);

interface UploadPageProps {
  /** Size of one chunk for large files; the spec's 50 MB (CHUNK_SIZE) unless a test passes less. */
  chunkSize?: number;
}

/**
 * /projects/{id}/analysis/upload (spec 1 §2.3): one recording by file or link, analysed with a chosen
 * prompt at a chosen priority, with the call's metadata.
 */
export default function UploadPage({ chunkSize }: UploadPageProps) {
  const { t } = useTranslation();
  const project = useCurrentProject();
  // Seen through a support-access grant: the server refuses every upload, so the form is not offered.
  const readOnly = Boolean(project.read_only);
  return (
    <Page
      title={t('upload.title')}
      subtitle={t('upload.subtitle')}
      form
      actions={
        <Button
          component={RouterLink}
          to={`/projects/${project.id}/analysis/bulk-upload`}
          variant="outlined"
          startIcon={<PlaylistAddOutlinedIcon />}
          data-testid="bulk-upload-link"
        >
          {t('upload.bulkLink')}
        </Button>
      }
    >
      {readOnly ? (
        <EmptyState icon={<VisibilityOutlinedIcon />} title={t('upload.readOnly')} />
      ) : (
        <UploadPanel project={project} chunkSize={chunkSize} />
      )}
    </Page>
  );
}

/** The upload form: source tabs, prompt, priority, schedule, metadata and the Upload button. */
function UploadPanel({ project, chunkSize }: UploadPageProps & { project: Project }) {
  const { t } = useTranslation();
  const prompts = useUploadPrompts(project.id);
  const upload = useUpload(project.id, { chunkSize });
  const { state } = upload;
  const uploading = state.status === 'uploading';

  const [source, setSource] = useState<UploadSource>('file');
  const [file, setFile] = useState<File | null>(null);
  const [fileRefused, setFileRefused] = useState(false);
  const [url, setUrl] = useState('');
  const [promptId, setPromptId] = useState<number | null>(null);
  const [entries, setEntries] = useState<MetadataEntry[]>([]);
  const [metadataOpen, setMetadataOpen] = useState(false);
  const [priority, setPriority] = useState<number>(DEFAULT_PRIORITY);
  const [scheduled, setScheduled] = useState('');
  const [invalidFields, flashInvalidFields, clearInvalidFields] =
    useTimedValue<ReadonlySet<string>>(NO_FIELDS);
  const [sectionHighlighted, flashSection] = useTimedValue(false);
  const sectionRef = useRef<HTMLDivElement>(null);

  const list = prompts.data ?? [];
  const selected = list.find((prompt) => prompt.id === promptId) ?? null;

  const choosePrompt = (prompt: UploadPromptOption | null | undefined) => {
    setPromptId(prompt?.id ?? null);
    const required = prompt?.metadataFields ?? [];
    // Spec 1 §4: required fields open the section, empty; a prompt without them clears the fields.
    setEntries(entriesForPrompt(required));
    if (required.length > 0) setMetadataOpen(true);
    clearInvalidFields();
  };

  // The opening prompt once the list arrives (defaultUploadPrompt).
  const chooseRef = useRef(choosePrompt);
  chooseRef.current = choosePrompt;
  useEffect(() => {
    if (promptId === null && prompts.data?.length)
      chooseRef.current(defaultUploadPrompt(prompts.data, project));
  }, [prompts.data, promptId, project]);

  const clearForm = () => {
    setFile(null);
    setFileRefused(false);
    setUrl('');
    setEntries(entriesForPrompt(selected?.metadataFields ?? []));
    setPriority(DEFAULT_PRIORITY);
    setScheduled('');
    clearInvalidFields();
  };

  const switchSource = (next: UploadSource) => {
    if (uploading || next === source) return;
    setSource(next);
    // Spec 1 §4: switching tabs clears the file, URL, errors and progress.
    setFile(null);
    setFileRefused(false);
    setUrl('');
    clearInvalidFields();
    upload.reset();
  };

  const chooseFile = (next: File) => {
    upload.reset();
    if (!isAcceptedUploadFile(next)) {
      setFile(null);
      setFileRefused(true);
      return;
    }
    setFile(next);
    setFileRefused(false);
  };

  const removeFile = () => {
    setFile(null);
    setFileRefused(false);
    upload.reset();
  };

  const changeUrl = (next: string) => {
    setUrl(next);
    if (state.status !== 'idle' && !uploading) upload.reset();
  };

  const hasInput = source === 'file' ? file !== null : isValidUploadUrl(url);
  const canUpload = !uploading && !prompts.isPending && selected !== null && hasInput;

  const afterUpload = (outcome: Awaited<ReturnType<typeof upload.submit>>) => {
    if (outcome?.kind === 'success' || outcome?.kind === 'restarted') clearForm();
  };

  const submit = async () => {
    if (uploading || prompts.isPending) return;
    if (!selected) {
      upload.fail({ key: 'upload.select_project_prompt' });
      return;
    }
    const missing = missingRequired(entries);
    if (missing.length > 0) {
      upload.fail({ key: textKey('missingMetadata'), values: { names: missing.join(', ') } });
      setMetadataOpen(true);
      flashInvalidFields(new Set(missing), TIMINGS.metadataErrorHighlightMs);
      flashSection(true, TIMINGS.metadataSectionHighlightMs);
      sectionRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'center' });
      return;
    }
    afterUpload(
      await upload.submit({
        promptId: selected.id,
        priority,
        metadata: metadataOf(entries),
        scheduledAt: localInputToIso(scheduled) ?? undefined,
        file: source === 'file' ? file : null,
        url: source === 'url' ? url : null,
      }),
    );
  };

  const force = async () => afterUpload(await upload.force());

  const showProgress = uploading || state.progress > 0;
  const isManager = hasRoleAtLeast(project.my_role, 'admin');

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
      <Tabs
        value={source}
        onChange={(_event, next: UploadSource) => switchSource(next)}
        aria-label={t('upload.tabs.label')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab
          value="file"
          label={t('upload.tabs.file')}
          icon={<UploadFileOutlinedIcon />}
          iconPosition="start"
          disabled={uploading}
        />
        <Tab
          value="url"
          label={t('upload.tabs.url')}
          icon={<LinkIcon />}
          iconPosition="start"
          disabled={uploading}
        />
      </Tabs>

      <Box
        component="form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
        sx={{ p: { xs: 2, sm: 3 } }}
      >
        <Stack spacing={3}>
          <UploadSourceInput
            source={source}
            file={file}
            fileRefused={fileRefused}
            url={url}
            onFile={chooseFile}
            onRemoveFile={removeFile}
            onUrlChange={changeUrl}
            disabled={uploading}
          />

          {showProgress ? <UploadProgress progress={state.progress} uploading={uploading} /> : null}

          <PromptSelect
            prompts={prompts}
            selected={selected}
            onChoose={(prompt) => {
              if (prompt) rememberPromptId(project.id, prompt.id);
              choosePrompt(prompt);
            }}
            disabled={uploading}
            isManager={isManager}
            projectId={project.id}
            texts={PROMPT_TEXTS}
          />

          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              select
              label={t('upload.priority.label')}
              value={String(priority)}
              disabled={uploading}
              onChange={(event) => setPriority(Number(event.target.value))}
              sx={{ minWidth: 200 }}
            >
              {PRIORITY_OPTIONS.map((option) => (
                <MenuItem key={option.key} value={String(option.value)}>
                  {t(`upload.priority.${option.key}`)}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              type="datetime-local"
              label={t('upload.schedule.label')}
              value={scheduled}
              disabled={uploading}
              onChange={(event) => setScheduled(event.target.value)}
              helperText={t('upload.schedule.hint')}
              sx={{ flex: 1 }}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': 'schedule-input' } }}
            />
          </Stack>

          <MetadataSection
            ref={sectionRef}
            entries={entries}
            onChange={setEntries}
            expanded={metadataOpen}
            onExpandedChange={setMetadataOpen}
            invalid={invalidFields}
            highlighted={sectionHighlighted}
            disabled={uploading}
          />

          <UploadResult
            state={state}
            errorText={upload.errorText}
            onForce={() => void force()}
            fundsAction={<InsufficientFundsAction project={project} />}
          />

          <Button
            type="submit"
            variant="contained"
            size="large"
            fullWidth
            disabled={!canUpload}
            startIcon={
              uploading ? <CircularProgress size={20} color="inherit" /> : <UploadFileOutlinedIcon />
            }
            sx={{ py: 1.5, fontSize: '1.05rem' }}
          >
            {uploading ? t('upload.uploading') : t('upload.submit')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
