import AddIcon from '@mui/icons-material/Add';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import SyncIcon from '@mui/icons-material/Sync';
import {
  Alert,
  Autocomplete,
  Button,
  CircularProgress,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TablePagination,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { REP_MAPPING, type RepMapping, uniqueNames } from '@parley/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { useApplyRepMappings, useDeleteRepMapping, useNames, useRepMappings, useSaveRepMapping } from './api';
import type { TabProps } from './SettingsPage';
import { SettingsSection } from './SettingsSection';
import { useSettingsError } from './useSettingsError';

const PAGE_SIZES = [10, 25, 50, 100];

/**
 * Rep mapping tab: identifiers (a name, extension, email or phone number found in the metadata) mapped to
 * a canonical representative and optionally a department; applied to new analyses, and on request to the
 * existing ones.
 */
export function RepMappingTab({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const query = useRepMappings(project.id);
  const apply = useApplyRepMappings(project.id);
  const remove = useDeleteRepMapping(project.id);
  const [editing, setEditing] = useState<RepMapping | 'new' | null>(null);
  const [deleting, setDeleting] = useState<RepMapping | null>(null);

  const runApply = () =>
    apply.mutate(undefined, {
      onError: (error) => notify({ severity: 'error', text: settingsError(error) }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    const entry = deleting;
    remove.mutate(entry.id, {
      onSuccess: () => {
        setDeleting(null);
        notify({ severity: 'success', text: t('settings.reps.deleted', { identifier: entry.identifier }) });
      },
    });
  };

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={readOnly}>
      {t('settings.reps.add')}
    </Button>
  );

  return (
    <SettingsSection
      title={t('settings.reps.title')}
      description={t('settings.reps.description', { fields: 'Representative, Agent, Extension, Email' })}
      testId="rep-mapping"
      action={
        <>
          <Button
            variant="outlined"
            startIcon={apply.isPending ? <CircularProgress size={16} color="inherit" /> : <SyncIcon />}
            onClick={runApply}
            // Also without mappings: applying then gives the analyses their metadata's values back.
            disabled={apply.isPending || readOnly}
          >
            {t('settings.reps.apply')}
          </Button>
          {addButton}
        </>
      }
    >
      {apply.isSuccess ? (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => apply.reset()} data-testid="apply-result">
          {t('settings.reps.applied', { changed: apply.data.changed })}
        </Alert>
      ) : null}
      <QueryContent
        query={query}
        loadingLabel={t('settings.reps.loading')}
        errorTitle={t('settings.reps.loadError')}
        isEmpty={(entries) => entries.length === 0}
        empty={
          <EmptyState
            title={t('settings.reps.emptyTitle')}
            description={t('settings.reps.emptyHint')}
            action={addButton}
          />
        }
      >
        {(entries) => (
          <MappingTable
            entries={entries}
            readOnly={readOnly}
            onEdit={setEditing}
            onDelete={(entry) => {
              remove.reset();
              setDeleting(entry);
            }}
          />
        )}
      </QueryContent>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        {t('settings.reps.applyHint')}
      </Typography>
      {editing !== null ? (
        <MappingDialog
          projectId={project.id}
          entry={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(entry, created) => {
            setEditing(null);
            notify({
              severity: 'success',
              text: created
                ? t('settings.reps.created', { identifier: entry.identifier })
                : t('settings.reps.updated', { identifier: entry.identifier }),
            });
          }}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('settings.reps.deleteTitle')}
        message={t('settings.reps.deleteMessage', { identifier: deleting?.identifier ?? '' })}
        confirmLabel={t('settings.reps.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        error={remove.isError ? settingsError(remove.error) : undefined}
        destructive
      />
    </SettingsSection>
  );
}

function MappingTable({
  entries,
  readOnly,
  onEdit,
  onDelete,
}: {
  entries: RepMapping[];
  readOnly: boolean;
  onEdit: (entry: RepMapping) => void;
  onDelete: (entry: RepMapping) => void;
}) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const needle = filter.trim().toLowerCase();
  const shown = useMemo(
    () =>
      needle
        ? entries.filter((entry) =>
            [entry.identifier, entry.representative, entry.department ?? ''].some((value) =>
              value.toLowerCase().includes(needle),
            ),
          )
        : entries,
    [entries, needle],
  );
  const lastPage = Math.max(0, Math.ceil(shown.length / pageSize) - 1);
  const current = Math.min(page, lastPage);
  const rows = shown.slice(current * pageSize, current * pageSize + pageSize);

  return (
    <Stack spacing={1}>
      {entries.length > 10 ? (
        <TextField
          size="small"
          label={t('settings.reps.filter')}
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value);
            setPage(0);
          }}
          sx={{ maxWidth: 320 }}
        />
      ) : null}
      <TableContainer>
        <Table size="small" aria-label={t('settings.reps.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('settings.reps.identifier')}</TableCell>
              <TableCell padding="none" />
              <TableCell>{t('settings.reps.representative')}</TableCell>
              <TableCell>{t('settings.reps.department')}</TableCell>
              <TableCell align="right">{t('settings.members.columns.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((entry) => (
              <TableRow key={entry.id} data-testid={`rep-${entry.id}`}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{entry.identifier}</TableCell>
                <TableCell padding="none" sx={{ color: 'text.secondary' }}>
                  <ArrowForwardIcon fontSize="small" sx={{ verticalAlign: 'middle' }} />
                </TableCell>
                <TableCell sx={{ fontWeight: 500 }}>{entry.representative}</TableCell>
                <TableCell>{entry.department ?? '—'}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={t('settings.reps.edit')}>
                    <span>
                      <IconButton
                        aria-label={t('settings.reps.editNamed', { identifier: entry.identifier })}
                        onClick={() => onEdit(entry)}
                        disabled={readOnly}
                      >
                        <EditOutlinedIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                  <Tooltip title={t('settings.reps.delete')}>
                    <span>
                      <IconButton
                        color="error"
                        aria-label={t('settings.reps.deleteNamed', { identifier: entry.identifier })}
                        onClick={() => onDelete(entry)}
                        disabled={readOnly}
                      >
                        <DeleteOutlineIcon fontSize="small" />
                      </IconButton>
                    </span>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5} sx={{ color: 'text.secondary' }}>
                  {t('settings.reps.noMatch')}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      {shown.length > PAGE_SIZES[0]! ? (
        <TablePagination
          component="div"
          count={shown.length}
          page={current}
          onPageChange={(_event, next) => setPage(next)}
          rowsPerPage={pageSize}
          rowsPerPageOptions={PAGE_SIZES}
          labelRowsPerPage={t('settings.pagination.rowsPerPage')}
          labelDisplayedRows={({ from, to, count }) =>
            t('settings.pagination.displayed', { from, to, total: count })
          }
          onRowsPerPageChange={(event) => {
            setPageSize(Number(event.target.value));
            setPage(0);
          }}
        />
      ) : null}
    </Stack>
  );
}

function MappingDialog({
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
function NameField({
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
