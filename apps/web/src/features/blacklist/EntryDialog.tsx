import {
  Alert,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Stack,
  TextField,
} from '@mui/material';
import { BLACKLIST, type BlacklistEntry, isPlausiblePhone, normalizePhone } from '@parley/contracts';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorField, serverMessage } from '../../shared/api/client';
import { useSaveEntry } from './api';

interface EntryDialogProps {
  projectId: number;
  open: boolean;
  /** The entry to edit; null adds a new number. */
  entry: BlacklistEntry | null;
  onClose: () => void;
  /** After a successful save (the list is reloaded by then). */
  onSaved: (mode: 'add' | 'edit') => void;
}

/**
 * Add or edit a blacklisted number (spec 1 §2.5, §4, §5): the phone as typed, a read-only preview of the
 * normalised number, a note with an n/500 counter. The form is locked while saving; the raw value is sent.
 */
export function EntryDialog({ projectId, open, entry, onClose, onSaved }: EntryDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const save = useSaveEntry(projectId);
  const [phone, setPhone] = useState('');
  const [note, setNote] = useState('');
  const [touched, setTouched] = useState(false);
  const saving = save.isPending;
  const mode = entry ? 'edit' : 'add';

  // Each opening starts from the entry (edit) or empty (add).
  const { reset } = save;
  useEffect(() => {
    if (!open) return;
    setPhone(entry?.phone_number ?? '');
    setNote(entry?.note ?? '');
    setTouched(false);
    reset();
  }, [open, entry, reset]);

  const blank = phone.trim() === '';
  const normalized = normalizePhone(phone);
  const implausible = !blank && !isPlausiblePhone(normalized);
  // The server's refusal names the input it is about apart from its message: mark that input too.
  const refusedField = save.isError ? errorField(save.error) : undefined;

  const submit = () => {
    setTouched(true);
    if (blank || saving) return;
    save.mutate({ id: entry?.ID ?? null, phone, note }, { onSuccess: () => onSaved(mode) });
  };

  const close = () => {
    if (!saving) onClose();
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <DialogTitle id={titleId}>
          {mode === 'edit' ? t('blacklist.dialog.editTitle') : t('blacklist.dialog.addTitle')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              fullWidth
              label={t('blacklist.dialog.phone')}
              placeholder={BLACKLIST.phonePlaceholder}
              value={phone}
              disabled={saving}
              onChange={(event) => setPhone(event.target.value)}
              onBlur={() => setTouched(true)}
              error={(touched && blank) || refusedField === 'phone_number'}
              helperText={
                touched && blank ? t('blacklist.error_phone_required') : t('blacklist.dialog.phoneHint')
              }
              slotProps={{
                htmlInput: { maxLength: BLACKLIST.rawMax, inputMode: 'tel', 'data-testid': 'phone-input' },
              }}
            />
            <TextField
              fullWidth
              label={t('blacklist.dialog.preview')}
              value={normalized}
              placeholder={t('blacklist.dialog.previewEmpty')}
              disabled={saving}
              helperText={
                implausible ? t('blacklist.dialog.phoneInvalid') : t('blacklist.dialog.previewHint')
              }
              color={implausible ? 'warning' : undefined}
              focused={implausible ? true : undefined}
              slotProps={{
                input: { readOnly: true },
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'phone-preview', 'aria-readonly': true },
                formHelperText: { sx: implausible ? { color: 'warning.dark' } : undefined },
              }}
            />
            <TextField
              fullWidth
              multiline
              minRows={2}
              maxRows={6}
              label={t('blacklist.dialog.note')}
              value={note}
              error={refusedField === 'note'}
              disabled={saving}
              onChange={(event) => setNote(event.target.value.slice(0, BLACKLIST.noteMax))}
              helperText={t('blacklist.dialog.counter', { length: note.length, max: BLACKLIST.noteMax })}
              slotProps={{
                htmlInput: { maxLength: BLACKLIST.noteMax, 'data-testid': 'note-input' },
                formHelperText: { sx: { textAlign: 'right' }, 'data-testid': 'note-counter' } as object,
              }}
            />
            {save.isError ? (
              <Alert severity="error" data-testid="save-error">
                {serverMessage(save.error) || t('blacklist.errors.saving')}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={saving}>
            {t('blacklist.dialog.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={blank || saving}
            startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {saving ? t('blacklist.dialog.saving') : t('blacklist.dialog.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
