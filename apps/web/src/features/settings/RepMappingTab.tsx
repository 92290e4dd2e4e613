import AddIcon from '@mui/icons-material/Add';
import SyncIcon from '@mui/icons-material/Sync';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import type { RepMapping } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useApplyRepMappings, useDeleteRepMapping, useRepMappings } from '../../shared/api/repMapping';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { EmptyState, QueryContent } from '../../shared/components/States';
import { AgentScopeSettings } from './AgentScopeSettings';
import { RepMappingDialog } from './RepMappingDialog';
import { RepMappingTable } from './RepMappingTable';
import type { TabProps } from './tabProps';
import { useSettingsError } from './useSettingsError';

/**
 * Rep mapping tab: whether agents see only their own analyses (their email is their identifier), then identifiers (a name, extension, email or phone number found in the metadata) mapped to
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
    <Stack spacing={3}>
      <AgentScopeSettings project={project} notify={notify} readOnly={readOnly} />
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
            <RepMappingTable
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
        <Typography variant="body2" color="textSecondary" sx={{ mt: 2 }}>
          {t('settings.reps.applyHint')}
        </Typography>
        {editing !== null ? (
          <RepMappingDialog
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
    </Stack>
  );
}
