import DownloadOutlinedIcon from '@mui/icons-material/DownloadOutlined';
import UploadFileOutlinedIcon from '@mui/icons-material/UploadFileOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  CircularProgress,
  MenuItem,
  Paper,
  Stack,
  TextField,
} from '@mui/material';
import { BULK_CSV, DEFAULT_PRIORITY, hasRoleAtLeast, PRIORITIES } from '@parley/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ApiError, serverMessage } from '../../shared/api/client';
import { defaultUploadPrompt, useUploadPrompts } from '../../shared/api/upload';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { ChosenFile } from '../../shared/components/ChosenFile';
import { FileDropZone } from '../../shared/components/FileDropZone';
import { InsufficientFundsAction } from '../../shared/components/InsufficientFundsAction';
import { Page } from '../../shared/components/Page';
import { PromptSelect, type PromptSelectTexts } from '../../shared/components/PromptSelect';
import { EmptyState } from '../../shared/components/States';
import { formatBytes, formatNumber } from '../../shared/format/numbers';
import { rememberPromptId } from '../../shared/hooks/openingPrompt';
import {
  type BatchView,
  downloadTemplate,
  type InvalidCsv,
  invalidCsvOf,
  isCsvName,
  useBatches,
  useUploadBatch,
} from './api';
import { BatchesTable } from './BatchesTable';
import { BatchItemsDialog } from './BatchItemsDialog';
import { InvalidCsvAlert } from './InvalidCsvAlert';
import { useBatchLiveUpdates } from './live';

const PRIORITY_OPTIONS = [
  { value: PRIORITIES.high, key: 'high' },
  { value: PRIORITIES.normal, key: 'normal' },
  { value: PRIORITIES.low, key: 'low' },
] as const;
const MAX_MB = BULK_CSV.maxBytes / (1024 * 1024);

type Message =
  // funds: the project cannot pay for one unit (the server's balance check), so the way to billing is shown.
  | { severity: 'success' | 'error' | 'warning'; text: string; invalid?: undefined; funds?: boolean }
  | { severity: 'error'; text?: undefined; invalid: InvalidCsv };

/**
 * /projects/{id}/analysis/bulk-upload (spec 1 §2.4, §4, §5, §8; any member): a CSV of recording links
 * becomes a batch, one analysis per row; the recent batches are listed and followed while they work.
 */
const PROMPT_TEXTS: PromptSelectTexts = {
  label: 'bulk.prompt.label',
  loading: 'bulk.prompt.loading',
  loadFailed: 'bulk.prompt.loadFailed',
  none: 'bulk.prompt.none',
  noneHint: 'bulk.prompt.noneHint',
  noneHintMember: 'bulk.prompt.noneHintMember',
  openPrompts: 'bulk.prompt.openPrompts',
  select: 'bulk.messages.selectPrompt',
  requiredMetadata: 'bulk.prompt.requiredMetadata',
};

export default function BulkUploadPage() {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  // Seen through a support-access grant: the server refuses every upload, so the form is not offered
  // (the batches stay readable).
  const readOnly = Boolean(project.read_only);
  const prompts = useUploadPrompts(project.id);
  const batches = useBatches(project.id);
  const upload = useUploadBatch(project.id);
  const uploading = upload.isPending;

  const [promptId, setPromptId] = useState<number | null>(null);
  const [priority, setPriority] = useState<number>(DEFAULT_PRIORITY);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [message, setMessage] = useState<Message | null>(null);
  const [templateBusy, setTemplateBusy] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [openBatch, setOpenBatch] = useState<BatchView | null>(null);
  const live = useBatchLiveUpdates(project.id, openBatch?.id ?? null);

  const list = prompts.data ?? [];
  const selected = list.find((prompt) => prompt.id === promptId) ?? null;
  const isManager = hasRoleAtLeast(project.my_role, 'admin');

  // The opening prompt once the list arrives (defaultUploadPrompt).
  useEffect(() => {
    if (promptId === null && prompts.data?.length) {
      setPromptId(defaultUploadPrompt(prompts.data, project)?.id ?? null);
    }
  }, [prompts.data, promptId, project]);

  const chooseFile = (next: File) => {
    setMessage(null);
    // Spec 1 §5: the name must end in .csv (any case); the drop zone passes only the first file.
    if (!isCsvName(next.name)) {
      setFile(null);
      setFileError(t('bulk.messages.csvOnly'));
      return;
    }
    if (next.size > BULK_CSV.maxBytes) {
      setFile(null);
      setFileError(t('bulk.messages.tooLarge', { size: formatNumber(MAX_MB, i18n.language) }));
      return;
    }
    setFile(next);
    setFileError(null);
  };

  const removeFile = () => {
    setFile(null);
    setFileError(null);
  };

  const canUpload = !uploading && !prompts.isPending && selected !== null && file !== null;

  const submit = () => {
    if (uploading || prompts.isPending) return;
    if (!selected) {
      setMessage({ severity: 'error', text: t('bulk.messages.selectPrompt') });
      return;
    }
    if (!file) {
      setMessage({ severity: 'error', text: t('bulk.messages.selectCsv') });
      return;
    }
    setMessage(null);
    upload.mutate(
      { file, promptId: selected.id, priority },
      {
        onSuccess: (body) => {
          setMessage({
            severity: 'success',
            text: t('bulk.messages.successWithId', { id: body.data.batch_id }),
          });
          setFile(null);
        },
        onError: (error) => {
          const invalid = invalidCsvOf(error);
          if (invalid) setMessage({ severity: 'error', invalid });
          else if (error instanceof ApiError && error.code === 'insufficient_funds') {
            setMessage({ severity: 'error', text: t('upload.texts.insufficientFunds'), funds: true });
          } else
            setMessage({ severity: 'error', text: serverMessage(error) || t('bulk.messages.uploadError') });
        },
      },
    );
  };

  const getTemplate = async () => {
    setTemplateBusy(true);
    try {
      await downloadTemplate(project.id);
    } catch (error) {
      setMessage({ severity: 'error', text: serverMessage(error) || t('bulk.template.failed') });
    } finally {
      setTemplateBusy(false);
    }
  };

  const refresh = async () => {
    setRefreshing(true);
    try {
      await batches.refetch();
    } finally {
      setRefreshing(false);
    }
  };

  const messageAlert = message?.text ? (
    <Alert
      severity={message.severity}
      onClose={() => setMessage(null)}
      data-testid={message.severity === 'success' ? 'bulk-success' : 'bulk-error'}
    >
      {message.text}
      {message.funds ? <InsufficientFundsAction project={project} /> : null}
    </Alert>
  ) : null;

  const shownBatch = openBatch
    ? (batches.data?.find((batch) => batch.id === openBatch.id) ?? openBatch)
    : null;

  return (
    <Page
      title={t('bulk.title')}
      subtitle={t('bulk.subtitle')}
      actions={
        <>
          <Button
            {...(readOnly
              ? { disabled: true }
              : { component: RouterLink, to: `/projects/${project.id}/analysis/upload` })}
            variant="outlined"
            startIcon={<UploadFileOutlinedIcon />}
            data-testid="single-upload-link"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('bulk.singleLink')}
          </Button>
          <Button
            variant="outlined"
            onClick={() => void getTemplate()}
            disabled={templateBusy}
            startIcon={
              templateBusy ? <CircularProgress size={16} color="inherit" /> : <DownloadOutlinedIcon />
            }
            data-testid="template-download"
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('bulk.template.download')}
          </Button>
        </>
      }
    >
      <Stack spacing={3}>
        {readOnly ? (
          <>
            <EmptyState icon={<VisibilityOutlinedIcon />} title={t('bulk.readOnly')} />
            {messageAlert}
          </>
        ) : (
          <Paper variant="outlined">
            <Box
              component="form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                submit();
              }}
              sx={{ p: { xs: 2, sm: 3 } }}
            >
              <Stack spacing={3}>
                <Alert severity="info" data-testid="csv-requirements">
                  <AlertTitle>{t('bulk.requirements.title')}</AlertTitle>
                  <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                    <li>{t('bulk.requirements.columns')}</li>
                    <li>{t('bulk.requirements.date')}</li>
                    <li>{t('bulk.requirements.metadata')}</li>
                    <li>{t('bulk.requirements.prompt')}</li>
                    <li>
                      {t('bulk.requirements.limits', {
                        rows: formatNumber(BULK_CSV.maxRows, i18n.language),
                        size: formatNumber(MAX_MB, i18n.language),
                      })}
                    </li>
                  </Box>
                </Alert>

                <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
                  <PromptSelect
                    prompts={prompts}
                    selected={selected}
                    onChoose={(prompt) => {
                      if (prompt) rememberPromptId(project.id, prompt.id);
                      setPromptId(prompt?.id ?? null);
                      setMessage(null);
                    }}
                    disabled={uploading}
                    isManager={isManager}
                    projectId={project.id}
                    texts={PROMPT_TEXTS}
                    sx={{ flex: 2 }}
                  />
                  <TextField
                    select
                    label={t('bulk.priority.label')}
                    value={String(priority)}
                    disabled={uploading}
                    onChange={(event) => setPriority(Number(event.target.value))}
                    sx={{ minWidth: 200, flex: 1, width: { xs: '100%', sm: 'auto' } }}
                  >
                    {PRIORITY_OPTIONS.map((option) => (
                      <MenuItem key={option.key} value={String(option.value)}>
                        {t(`bulk.priority.${option.key}`)}
                      </MenuItem>
                    ))}
                  </TextField>
                </Stack>

                <Stack spacing={1}>
                  {file ? (
                    <ChosenFile
                      name={file.name}
                      detail={formatBytes(file.size, i18n.language)}
                      removeLabel={t('bulk.file.remove')}
                      onRemove={removeFile}
                      disabled={uploading}
                      testId="selected-file"
                    />
                  ) : (
                    <FileDropZone
                      onFile={chooseFile}
                      label={t('bulk.file.drop')}
                      activeLabel={t('bulk.file.dropActive')}
                      hint={t('bulk.file.hint')}
                      accept=".csv,text/csv"
                      inputLabel={t('bulk.file.input')}
                      disabled={uploading}
                      error={fileError !== null}
                      data-testid="csv-drop"
                    />
                  )}
                  {fileError ? (
                    <Alert severity="error" data-testid="file-error">
                      {fileError}
                    </Alert>
                  ) : null}
                </Stack>

                {message?.invalid ? <InvalidCsvAlert invalid={message.invalid} /> : null}
                {messageAlert}

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
                  data-testid="bulk-submit"
                >
                  {uploading ? t('bulk.uploading') : t('bulk.submit')}
                </Button>
              </Stack>
            </Box>
          </Paper>
        )}

        <BatchesTable
          batches={batches.data}
          loading={batches.isPending}
          refreshing={refreshing}
          onRefresh={() => void refresh()}
          onOpen={setOpenBatch}
          timeZone={project.timezone}
          live={live}
        />
      </Stack>
      <BatchItemsDialog projectId={project.id} batch={shownBatch} onClose={() => setOpenBatch(null)} />
    </Page>
  );
}
