import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, Paper, Tooltip } from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '../../shared/components/Toast';

/** The address to give the phone system, with a copy button that says whether copying worked. */
export function ReceiverAddress({ url, notify }: { url: string; notify: (message: ToastMessage) => void }) {
  const { t } = useTranslation();
  const copy = () => {
    const done = () => notify({ severity: 'success', text: t('receivers.address.copied') });
    const failed = () => notify({ severity: 'error', text: t('receivers.address.copyFailed') });
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
        data-testid="receiver-address"
        sx={{ flex: 1, fontFamily: 'monospace', fontSize: 13, wordBreak: 'break-all' }}
      >
        {url}
      </Box>
      <Tooltip title={t('receivers.address.copy')}>
        <IconButton size="small" aria-label={t('receivers.address.copy')} onClick={copy}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </Paper>
  );
}
