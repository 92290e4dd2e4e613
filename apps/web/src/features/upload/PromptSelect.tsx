import { Alert, AlertTitle, Button, CircularProgress, MenuItem, TextField } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { UploadPromptOption, useUploadPrompts } from './api';
import { textKey } from './useUpload';

/**
 * The prompt to analyse with: a select with the project's prompts, or why there is none (the load failed,
 * or the project has no prompts yet; managers get a link to create one).
 */
export function PromptSelect({
  prompts,
  selected,
  onChoose,
  disabled,
  isManager,
  projectId,
}: {
  prompts: ReturnType<typeof useUploadPrompts>;
  selected: UploadPromptOption | null;
  onChoose: (prompt: UploadPromptOption | undefined) => void;
  disabled: boolean;
  isManager: boolean;
  projectId: number;
}) {
  const { t } = useTranslation();
  const promptLabelId = useId();
  const list = prompts.data ?? [];

  return prompts.isError ? (
    <Alert severity="error" data-testid="prompts-error">
      {t(textKey('promptsLoadFailed'))}
    </Alert>
  ) : prompts.isSuccess && list.length === 0 ? (
    <Alert
      severity="warning"
      data-testid="no-prompts"
      action={
        isManager ? (
          <Button color="inherit" size="small" component={RouterLink} to={`/projects/${projectId}/prompts`}>
            {t('upload.prompt.openPrompts')}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{t(textKey('noPrompts'))}</AlertTitle>
      {t(isManager ? 'upload.prompt.noPromptsHint' : 'upload.prompt.noPromptsHintMember')}
    </Alert>
  ) : (
    <TextField
      select
      fullWidth
      id={promptLabelId}
      label={t('upload.prompt.label')}
      value={selected ? String(selected.id) : ''}
      disabled={disabled || prompts.isPending}
      onChange={(event) => onChoose(list.find((prompt) => String(prompt.id) === event.target.value))}
      helperText={
        prompts.isPending
          ? t('upload.prompt.loading')
          : !selected
            ? t('upload.select_project_prompt')
            : selected.metadataFields.length > 0
              ? t('upload.prompt.requiredMetadata', { names: selected.metadataFields.join(', ') })
              : undefined
      }
      error={prompts.isSuccess && !selected}
      slotProps={{
        input: {
          endAdornment: prompts.isPending ? (
            <CircularProgress size={18} sx={{ mr: 3 }} aria-label={t('upload.prompt.loading')} />
          ) : undefined,
        },
      }}
    >
      {list.map((prompt) => (
        <MenuItem key={prompt.id} value={String(prompt.id)}>
          {prompt.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
