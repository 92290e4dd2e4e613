import { Alert, Autocomplete, Dialog, DialogContent, DialogTitle, Stack, TextField } from '@mui/material';
import { REP_MAPPING, type RepMapping, uniqueNames } from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNames, useSaveRepMapping } from '../../shared/api/repMapping';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { useSettingsError } from './useSettingsError';

/** Add or edit one mapping; representative and department suggest the names already in use. */
export function RepMappingDialog({
  projectId,
  entry,
  onClose,
  onSaved,
}: {
  projectId: number;
  entry: RepMapping | null;
  onClose: () => void;
  onSaved: (entry: RepMapping, created: boolean) => void;
}) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const titleId = useId();
  const save = useSaveRepMapping(projectId);
  const representatives = useNames(projectId, 'representatives');
  const departments = useNames(projectId, 'departments');
  const [identifier, setIdentifier] = useState(entry?.identifier ?? '');
  const [representative, setRepresentative] = useState(entry?.representative ?? '');
  const [department, setDepartment] = useState(entry?.department ?? '');
  const [touched, setTouched] = useState(false);
  const identifierError = identifier.trim() ? null : t('settings.reps.identifierRequired');
  const representativeError = representative.trim() ? null : t('settings.reps.representativeRequired');

  const submit = () => {
    setTouched(true);
    if (identifierError || representativeError) return;
    save.mutate(
      {
        id: entry?.id,
        values: {
          identifier: identifier.trim(),
          representative: representative.trim(),
          department: department.trim() || null,
        },
      },
      { onSuccess: (saved) => onSaved(saved, !entry) },
    );
  };

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {entry ? t('settings.reps.editTitle') : t('settings.reps.addTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={t('settings.reps.identifier')}
            value={identifier}
            onChange={(event) => setIdentifier(event.target.value)}
            required
            autoFocus
            fullWidth
            disabled={save.isPending}
            error={touched && Boolean(identifierError)}
            helperText={(touched && identifierError) || t('settings.reps.identifierHelp')}
            slotProps={{ htmlInput: { maxLength: REP_MAPPING.identifierMax } }}
          />
          <NameField
            label={t('settings.reps.representative')}
            value={representative}
            onChange={setRepresentative}
            options={representatives.data ?? []}
            required
            disabled={save.isPending}
            error={touched ? representativeError : null}
          />
          <NameField
            label={t('settings.reps.department')}
            value={department}
            onChange={setDepartment}
            options={departments.data ?? []}
            disabled={save.isPending}
            helperText={t('settings.reps.departmentHelp')}
          />
          {save.isError ? <Alert severity="error">{settingsError(save.error)}</Alert> : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t('settings.save')}
        busy={save.isPending}
      />
    </Dialog>
  );
}

/** A text field with suggestions (free entry allowed). */
export function NameField({
  label,
  value,
  onChange,
  options,
  required,
  disabled,
  error,
  helperText,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: string[];
  required?: boolean;
  disabled?: boolean;
  error?: string | null;
  helperText?: string;
}) {
  return (
    <Autocomplete
      freeSolo
      options={uniqueNames(options)}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      disabled={disabled}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          required={required}
          error={Boolean(error)}
          helperText={error || helperText}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, maxLength: REP_MAPPING.valueMax },
          }}
        />
      )}
    />
  );
}
