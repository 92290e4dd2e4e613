import {
  Alert,
  AlertTitle,
  Button,
  CircularProgress,
  MenuItem,
  type SxProps,
  TextField,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { UploadPromptOption, useUploadPrompts } from '../api/upload';

/** The translation keys of the texts around the select: each upload form words them its own way. */
export interface PromptSelectTexts {
  label: string;
  loading: string;
  loadFailed: string;
  none: string;
  noneHint: string;
  noneHintMember: string;
  openPrompts: string;
  select: string;
  requiredMetadata: string;
}

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
  texts,
  sx,
}: {
  prompts: ReturnType<typeof useUploadPrompts>;
  selected: UploadPromptOption | null;
  onChoose: (prompt: UploadPromptOption | undefined) => void;
  disabled: boolean;
  isManager: boolean;
  projectId: number;
  texts: PromptSelectTexts;
  sx?: SxProps;
}) {
  const { t } = useTranslation();
  const promptLabelId = useId();
  const list = prompts.data ?? [];

  return prompts.isError ? (
    <Alert severity="error" data-testid="prompts-error">
      {t(texts.loadFailed)}
    </Alert>
  ) : prompts.isSuccess && list.length === 0 ? (
    <Alert
      severity="warning"
      data-testid="no-prompts"
      action={
        isManager ? (
          <Button color="inherit" size="small" component={RouterLink} to={`/projects/${projectId}/prompts`}>
            {t(texts.openPrompts)}
          </Button>
        ) : undefined
      }
    >
      <AlertTitle>{t(texts.none)}</AlertTitle>
      {t(isManager ? texts.noneHint : texts.noneHintMember)}
    </Alert>
  ) : (
    <TextField
      select
      fullWidth
      id={promptLabelId}
      label={t(texts.label)}
      value={selected ? String(selected.id) : ''}
      disabled={disabled || prompts.isPending}
      onChange={(event) => onChoose(list.find((prompt) => String(prompt.id) === event.target.value))}
      helperText={
        prompts.isPending
          ? t(texts.loading)
          : !selected
            ? t(texts.select)
            : selected.metadataFields.length > 0
              ? t(texts.requiredMetadata, { names: selected.metadataFields.join(', ') })
              : undefined
      }
      error={prompts.isSuccess && !selected}
      slotProps={{
        input: {
          endAdornment: prompts.isPending ? (
            <CircularProgress size={18} sx={{ mr: 3 }} aria-label={t(texts.loading)} />
          ) : undefined,
        },
      }}
      sx={sx}
    >
      {list.map((prompt) => (
        <MenuItem key={prompt.id} value={String(prompt.id)}>
          {prompt.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
