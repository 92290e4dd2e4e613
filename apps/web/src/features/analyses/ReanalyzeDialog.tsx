import {
  Alert,
  Dialog,
  DialogContent,
  DialogContentText,
  DialogTitle,
  MenuItem,
  TextField,
} from '@mui/material';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { analysisPath, usePromptChoices, useReanalyze } from '../../shared/api/analyses';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';

/**
 * Analyse the same file again with a prompt of the project (a new analysis; metadata and priority are kept),
 * then open the new analysis.
 */
export function ReanalyzeDialog({
  open,
  onClose,
  projectId,
  taskId,
  currentPromptId,
}: {
  open: boolean;
  onClose: () => void;
  projectId: number;
  taskId: number;
  currentPromptId: number | null;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const prompts = usePromptChoices(projectId, open);
  const reanalyze = useReanalyze(projectId, taskId);
  const [promptId, setPromptId] = useState('');

  // Start from the prompt this analysis used (when it still exists), else the first one.
  useEffect(() => {
    if (!open || promptId || !prompts.data?.length) return;
    const current = prompts.data.find((prompt) => prompt.id === currentPromptId);
    setPromptId(String((current ?? prompts.data[0])!.id));
  }, [open, promptId, prompts.data, currentPromptId]);

  const close = () => {
    if (reanalyze.isPending) return;
    reanalyze.reset();
    setPromptId('');
    onClose();
  };

  const submit = () => {
    const id = Number(promptId);
    if (!id) return;
    reanalyze.mutate(id, {
      onSuccess: (answer) => {
        const newId = answer.data.task_id;
        reanalyze.reset();
        setPromptId('');
        onClose();
        if (newId) void navigate(analysisPath(projectId, newId));
        else if (answer.analysis_url) void navigate(answer.analysis_url);
      },
    });
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('analysis.reanalyze.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('analysis.reanalyze.description')}</DialogContentText>
        {prompts.isError ? (
          <Alert severity="error">{errorMessage(prompts.error)}</Alert>
        ) : prompts.isSuccess && prompts.data.length === 0 ? (
          <Alert severity="info">{t('analysis.reanalyze.noPrompts')}</Alert>
        ) : (
          <TextField
            select
            fullWidth
            label={t('analysis.reanalyze.prompt')}
            value={prompts.data?.some((prompt) => String(prompt.id) === promptId) ? promptId : ''}
            onChange={(event) => setPromptId(event.target.value)}
            disabled={!prompts.data || reanalyze.isPending}
            helperText={prompts.isPending ? t('analysis.reanalyze.loadingPrompts') : undefined}
          >
            {(prompts.data ?? []).map((prompt) => (
              <MenuItem key={prompt.id} value={String(prompt.id)}>
                {prompt.name}
                {prompt.id === currentPromptId ? ` (${t('analysis.reanalyze.current')})` : ''}
              </MenuItem>
            ))}
          </TextField>
        )}
        {reanalyze.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(reanalyze.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogButtons
        onCancel={close}
        onSubmit={submit}
        submitLabel={t('analysis.reanalyze.submit')}
        busy={reanalyze.isPending}
        disabled={!promptId}
      />
    </Dialog>
  );
}
