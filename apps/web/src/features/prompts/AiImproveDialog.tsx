import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

interface AiImproveDialogProps {
  open: boolean;
  description: string;
  onDescriptionChange: (description: string) => void;
  onGenerate: () => void;
  onClose: () => void;
  running: boolean;
  error: string | null;
}

/** Edit mode's 'AI improve' (spec 1 §2.2): what to change, sent with the prompt's id. */
export function AiImproveDialog({
  open,
  description,
  onDescriptionChange,
  onGenerate,
  onClose,
  running,
  error,
}: AiImproveDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={running ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{t('prompts.ai.improveTitle')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('prompts.ai.improveIntro')}</DialogContentText>
          {error ? (
            <Alert severity="error" data-testid="ai-error">
              {error}
            </Alert>
          ) : null}
          <TextField
            label={t('prompts.ai.improveDescription')}
            placeholder={t('prompts.ai.improvePlaceholder')}
            multiline
            minRows={4}
            fullWidth
            required
            autoFocus
            value={description}
            onChange={(event) => onDescriptionChange(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 10_000 } }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={running}>
          {t('common.cancel')}
        </Button>
        <Button variant="contained" startIcon={<AutoAwesomeIcon />} onClick={onGenerate} disabled={running}>
          {t('prompts.ai.improveSubmit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
