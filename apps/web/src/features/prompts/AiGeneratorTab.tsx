import AutoAwesomeIcon from '@mui/icons-material/AutoAwesome';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

const DESCRIPTION_MAX = 10_000;

interface AiGeneratorTabProps {
  description: string;
  onDescriptionChange: (description: string) => void;
  onGenerate: () => void;
  running: boolean;
  error: string | null;
  /** Generating is not offered (a read-only project). */
  disabled: boolean;
}

/** AI generator tab (create mode, spec 1 §2.2): a plain description in, a complete prompt out. */
export function AiGeneratorTab({
  description,
  onDescriptionChange,
  onGenerate,
  running,
  error,
  disabled,
}: AiGeneratorTabProps) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxWidth: 880 }}>
      <Box>
        <Typography variant="h6" component="h2">
          {t('prompts.ai.title')}
        </Typography>
        <Typography color="textSecondary">{t('prompts.ai.intro')}</Typography>
      </Box>
      {error ? (
        <Alert severity="error" data-testid="ai-error">
          {error}
        </Alert>
      ) : null}
      <TextField
        label={t('prompts.ai.description')}
        placeholder={t('prompts.ai.placeholder')}
        multiline
        minRows={6}
        fullWidth
        required
        value={description}
        onChange={(event) => onDescriptionChange(event.target.value)}
        slotProps={{ htmlInput: { maxLength: DESCRIPTION_MAX } }}
      />
      <Box>
        <Button
          variant="contained"
          startIcon={<AutoAwesomeIcon />}
          onClick={onGenerate}
          disabled={running || disabled}
        >
          {t('prompts.ai.generate')}
        </Button>
      </Box>
    </Stack>
  );
}
