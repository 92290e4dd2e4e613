import FolderOpenOutlinedIcon from '@mui/icons-material/FolderOpenOutlined';
import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogContent,
  DialogTitle,
  Divider,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
} from '@mui/material';
import {
  DRIVE,
  type DriveConnection,
  type FolderIntegration,
  type Prompt,
  STRUCTURE_TYPES,
  type StructureType,
} from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { useSaveIntegration } from './api';
import { FolderPicker } from './FolderPicker';
import {
  bodyOf,
  canSave,
  emptyForm,
  formOf,
  type IntegrationForm,
  regexProblem,
  usesRows,
} from './integrationForm';
import { MetadataRows } from './MetadataRows';
import { StructurePreview } from './StructurePreview';

/**
 * The medium create/edit dialog of a folder integration (spec 2 §2.7, §5): connection, folder (typed or
 * picked by browsing Drive), structure with its regex and metadata rows, prompt, and a preview of the
 * metadata files would get.
 */
export function IntegrationDialog({
  projectId,
  integration,
  connections,
  prompts,
  onClose,
}: {
  projectId: number;
  integration: FolderIntegration | null;
  connections: DriveConnection[];
  prompts: Prompt[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorMessage = useErrorMessage();
  const save = useSaveIntegration(projectId);
  const creating = integration === null;
  const [form, setForm] = useState<IntegrationForm>(() =>
    integration ? formOf(integration) : emptyForm(connections.length === 1 ? connections[0]!.id : null),
  );
  const [browsing, setBrowsing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (change: Partial<IntegrationForm>) => setForm((current) => ({ ...current, ...change }));
  const problem = regexProblem(form);
  const problemReason =
    problem &&
    (problem.reason === 'syntax'
      ? problem.detail
      : t(`drive.dialog.regexReasons.${problem.reason}`, { max: DRIVE.regexProgramMax }));

  const submit = () => {
    if (!canSave(form) || save.isPending) return;
    setFailure(null);
    save.mutate(
      { id: integration?.id ?? null, body: bodyOf(form, creating) },
      {
        onSuccess: onClose,
        onError: (error) => setFailure(errorMessage(error, 'drive.create_failed')),
      },
    );
  };

  const changeType = (structureType: StructureType) =>
    setForm((current) => ({
      ...current,
      structureType,
      // Rows made for the other configurable type keep their sources; none are kept for simple/department.
      rows: usesRows(structureType) ? current.rows : [],
    }));

  return (
    <Dialog
      open
      onClose={save.isPending ? undefined : onClose}
      aria-labelledby={titleId}
      maxWidth="md"
      fullWidth
    >
      <DialogTitle id={titleId}>
        {creating ? t('drive.dialog.createTitle') : t('drive.dialog.editTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            select
            required
            label={t('drive.dialog.connection')}
            value={form.connectionId ?? ''}
            onChange={(event) => {
              set({ connectionId: Number(event.target.value) });
              setBrowsing(false);
            }}
            slotProps={{ htmlInput: { 'data-testid': 'connection-select' } }}
          >
            {connections.map((connection) => (
              <MenuItem key={connection.id} value={connection.id}>
                {connection.google_email
                  ? `${connection.name} (${connection.google_email})`
                  : connection.name}
              </MenuItem>
            ))}
          </TextField>

          <Box>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                required
                fullWidth
                label={t('drive.dialog.folderId')}
                helperText={t('drive.dialog.folderIdHelp')}
                value={form.folderId}
                onChange={(event) => set({ folderId: event.target.value })}
                slotProps={{ htmlInput: { maxLength: DRIVE.folderIdMax, 'data-testid': 'folder-id' } }}
              />
              <TextField
                fullWidth
                label={t('drive.dialog.folderName')}
                value={form.folderName}
                onChange={(event) => set({ folderName: event.target.value })}
                slotProps={{ htmlInput: { maxLength: DRIVE.nameMax, 'data-testid': 'folder-name' } }}
              />
            </Stack>
            <Button
              size="small"
              startIcon={<FolderOpenOutlinedIcon />}
              onClick={() => setBrowsing((open) => !open)}
              disabled={form.connectionId === null}
              sx={{ mt: 1 }}
            >
              {browsing ? t('drive.picker.close') : t('drive.picker.open')}
            </Button>
            {browsing && form.connectionId !== null ? (
              <Box sx={{ mt: 1 }}>
                <FolderPicker
                  projectId={projectId}
                  connectionId={form.connectionId}
                  onPick={(folder) => {
                    set({ folderId: folder.id, folderName: folder.name });
                    setBrowsing(false);
                  }}
                />
              </Box>
            ) : null}
          </Box>

          <TextField
            select
            required
            label={t('drive.dialog.structureType')}
            value={form.structureType}
            onChange={(event) => changeType(event.target.value as StructureType)}
            helperText={t(`drive.structureTypes.${form.structureType}.example`)}
            slotProps={{
              htmlInput: { 'data-testid': 'structure-select' },
              // The field shows the chosen type's name; the menu explains each one.
              select: { renderValue: (type) => t(`drive.structureTypes.${type as StructureType}.label`) },
            }}
          >
            {STRUCTURE_TYPES.map((type) => (
              <MenuItem key={type} value={type}>
                <ListItemText
                  primary={t(`drive.structureTypes.${type}.label`)}
                  secondary={t(`drive.structureTypes.${type}.description`)}
                  slotProps={{ secondary: { sx: { whiteSpace: 'normal' } } }}
                />
              </MenuItem>
            ))}
          </TextField>

          {form.structureType === 'custom' ? (
            <TextField
              required
              label={t('drive.dialog.regex')}
              value={form.regex}
              onChange={(event) => set({ regex: event.target.value })}
              error={problem !== null}
              helperText={
                problemReason
                  ? t('drive.dialog.regexInvalid', { reason: problemReason })
                  : t('drive.dialog.regexHelp')
              }
              slotProps={{
                htmlInput: { maxLength: DRIVE.regexMax, spellCheck: false, 'data-testid': 'regex-input' },
              }}
            />
          ) : null}

          {usesRows(form.structureType) ? (
            <MetadataRows type={form.structureType} rows={form.rows} onChange={(rows) => set({ rows })} />
          ) : null}

          <TextField
            select
            required
            label={t('drive.dialog.prompt')}
            value={form.promptId ?? ''}
            onChange={(event) => set({ promptId: Number(event.target.value) })}
            helperText={prompts.length === 0 ? t('drive.dialog.noPrompts') : undefined}
            slotProps={{ htmlInput: { 'data-testid': 'prompt-select' } }}
          >
            {prompts.map((prompt) => (
              <MenuItem key={prompt.id} value={prompt.id}>
                {prompt.scriptName}
              </MenuItem>
            ))}
          </TextField>

          <Divider />
          <StructurePreview projectId={projectId} form={form} />
          {failure ? (
            <Alert severity="error" onClose={() => setFailure(null)} data-testid="integration-save-error">
              {failure}
            </Alert>
          ) : null}
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={creating ? t('drive.dialog.create') : t('drive.dialog.update')}
        busy={save.isPending}
        disabled={!canSave(form)}
      />
    </Dialog>
  );
}
