import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Paper, Tooltip } from '@mui/material';
import type { ToastMessage } from './Toast';

/**
 * An address to give another system (a phone-system receiver's, the SCIM base URL), in a monospace box with a
 * copy button that says whether copying worked.
 */
export function CopyableAddress({
  url,
  testId,
  texts,
  notify,
}: {
  url: string;
  testId: string;
  texts: { copy: string; copied: string; copyFailed: string };
  notify: (message: ToastMessage) => void;
}) {
  const copy = () => {
    const done = () => notify({ severity: 'success', text: texts.copied });
    const failed = () => notify({ severity: 'error', text: texts.copyFailed });
    try {
      void navigator.clipboard.writeText(url).then(done, failed);
    } catch {
      failed();
    }
  };
  return (
    <Paper
      variant="outlined"
      sx={{ pl: 1.5, pr: 0.5, py: 0.5, display: 'flex', alignItems: 'center', gap: 1, bgcolor: 'grey.50' }}
    >
      <Box
        component="code"
        data-testid={testId}
        sx={{ flex: 1, fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}
      >
        {url}
      </Box>
      <Tooltip title={texts.copy}>
        <IconButton size="small" aria-label={texts.copy} onClick={copy}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
