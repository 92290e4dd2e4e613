import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DownloadIcon from '@mui/icons-material/Download';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Paper,
  Stack,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import type { ToastMessage } from '../../shared/components/Toast';

/** New recovery codes, shown this once: copy them or download them as a text file, then close. */
export function RecoveryCodesDialog({
  codes,
  onClose,
  notify,
}: {
  codes: string[] | null;
  onClose: () => void;
  notify: (message: ToastMessage) => void;
}) {
  const { t } = useTranslation();
  const text = (codes ?? []).join('\n');
  const copy = () => {
    const done = () => notify({ severity: 'success', text: t('security.recovery.copied') });
    const failed = () => notify({ severity: 'error', text: t('security.recovery.copyFailed') });
    try {
      void navigator.clipboard.writeText(text).then(done, failed);
    } catch {
      failed();
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([`${text}\n`], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'parley-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <Dialog open={codes !== null} maxWidth="xs" fullWidth aria-labelledby="recovery-codes-title">
      <DialogTitle id="recovery-codes-title">{t('security.recovery.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Alert severity="warning">
            <AlertTitle>{t('security.recovery.warningTitle')}</AlertTitle>
            {t('security.recovery.warning')}
          </Alert>
          <Paper variant="outlined" sx={{ p: 2, bgcolor: 'grey.50' }}>
            <Box
              component="ol"
              data-testid="recovery-codes"
              sx={{
                m: 0,
                pl: 3,
                display: 'grid',
                gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
                columnGap: 4,
                fontFamily: 'monospace',
                fontSize: 15,
              }}
            >
              {(codes ?? []).map((code) => (
                <li key={code}>{code}</li>
              ))}
            </Box>
          </Paper>
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" size="small" startIcon={<ContentCopyIcon />} onClick={copy}>
              {t('security.recovery.copy')}
            </Button>
            <Button variant="outlined" size="small" startIcon={<DownloadIcon />} onClick={download}>
              {t('security.recovery.download')}
            </Button>
          </Stack>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button variant="contained" onClick={onClose}>
          {t('security.recovery.saved')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
