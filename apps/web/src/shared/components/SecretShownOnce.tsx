import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Alert, AlertTitle, Box, Button, Paper } from '@mui/material';
import type { ToastMessage } from './Toast';

/**
 * A secret shown this once (a new API key, a webhook's or a generic phone-system receiver's signing secret):
 * the warning that it will not be shown again, the secret in a monospace box and a copy button that says
 * whether copying worked.
 */
export function SecretShownOnce({
  secret,
  testId,
  texts,
  notify,
}: {
  secret: string;
  testId: string;
  texts: { warningTitle: string; warning: string; copy: string; copied: string; copyFailed: string };
  notify: (message: ToastMessage) => void;
}) {
  const copy = () => {
    const done = () => notify({ severity: 'success', text: texts.copied });
    const failed = () => notify({ severity: 'error', text: texts.copyFailed });
    try {
      void navigator.clipboard.writeText(secret).then(done, failed);
    } catch {
      failed();
    }
  };
  return (
    <>
      <Alert severity="warning" data-testid={`${testId}-warning`}>
        <AlertTitle>{texts.warningTitle}</AlertTitle>
        {texts.warning}
      </Alert>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, display: 'flex', alignItems: 'center', gap: 1, bgcolor: 'grey.50' }}
      >
        <Box
          component="code"
          data-testid={`${testId}-secret`}
          sx={{ flex: 1, fontFamily: 'monospace', fontSize: 14, wordBreak: 'break-all' }}
        >
          {secret}
        </Box>
        <Button variant="contained" size="small" startIcon={<ContentCopyIcon />} onClick={copy}>
          {texts.copy}
        </Button>
      </Paper>
    </>
  );
}
