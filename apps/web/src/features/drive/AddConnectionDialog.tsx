import { Dialog, DialogContent, DialogContentText, DialogTitle, TextField } from '@mui/material';
import { DRIVE } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { useConnect } from './api';
import type { ReportError } from './DrivePanel';

/**
 * The small add-connection dialog (spec 2 §2.7): an optional name, then Connect sends the browser to Google.
 * Connect shows 'Connecting…' while the request runs; a failure clears that state (spec 2 §4 'Connecting').
 */
export function AddConnectionDialog({
  projectId,
  report,
  onClose,
}: {
  projectId: number;
  report: ReportError;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const connect = useConnect(projectId);
  const [name, setName] = useState('');
  // After success the browser is leaving: the dialog stays busy until it has gone.
  const busy = connect.isPending || connect.isSuccess;

  const submit = () => {
    if (busy) return;
    connect.mutate(
      { name },
      {
        onError: (error) => {
          report(error, 'connection_failed');
          onClose();
        },
      },
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{t('drive.addConnection.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('drive.addConnection.description')}</DialogContentText>
        <TextField
          autoFocus
          fullWidth
          label={t('drive.addConnection.name')}
          placeholder={DRIVE.defaultConnectionName}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit();
          }}
          disabled={busy}
          slotProps={{ htmlInput: { maxLength: DRIVE.nameMax, 'data-testid': 'connection-name' } }}
        />
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={busy ? t('drive.addConnection.connecting') : t('drive.addConnection.connect')}
        busy={busy}
      />
    </Dialog>
  );
}
