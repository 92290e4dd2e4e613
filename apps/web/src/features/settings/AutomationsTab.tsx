import AddIcon from '@mui/icons-material/Add';
import AutoModeIcon from '@mui/icons-material/AutoMode';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ListAltIcon from '@mui/icons-material/ListAlt';
import { Button, Stack, Switch, Typography } from '@mui/material';
import { type AutomationRule, hasRoleAtLeast, resultFieldPaths } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useAutomationRules,
  useDeleteAutomationRule,
  useUpdateAutomationRule,
} from '../../shared/api/automations';
import { useMembers } from '../../shared/api/members';
import { usePrompts } from '../../shared/api/prompts';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { NoPermission } from '../../shared/app/ProjectGuard';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import type { Column } from '../../shared/components/DataTable';
import { ListSection } from '../../shared/components/ListSection';
import { RowAction } from '../../shared/components/RowAction';
import { formatDateTime } from '../../shared/utils/displayDates';
import { AutomationDialog } from './AutomationDialog';
import { AutomationFirings } from './AutomationFirings';
import { bodyOf, describeActions, describeConditions, type SummaryNames } from './automationForm';
import type { TabProps } from './tabProps';
import { useWebhooks } from './webhooksApi';

/**
 * The Automations tab (issue 36 part 2): the project's rules (name, trigger, what they test and do, enabled,
 * last fired), adding, changing and deleting them, and each rule's firing log.
 */
export function AutomationsTab(props: TabProps) {
  // The settings page is for admins and owners already; the server refuses everyone else too.
  if (!hasRoleAtLeast(props.project.my_role, 'admin')) return <NoPermission />;
  return <Automations {...props} />;
}

function Automations({ project, notify, readOnly }: TabProps) {
  const { t, i18n } = useTranslation();
  const projectId = project.id;
  const errorText = useErrorMessage('automations');
  const query = useAutomationRules(projectId);
  const prompts = usePrompts(projectId);
  const endpoints = useWebhooks(projectId);
  const members = useMembers(projectId);
  const update = useUpdateAutomationRule(projectId);
  const remove = useDeleteAutomationRule(projectId);
  const [editing, setEditing] = useState<AutomationRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<AutomationRule | null>(null);
  const [log, setLog] = useState<AutomationRule | null>(null);

  const promptChoices = (prompts.data ?? []).map((prompt) => ({
    id: prompt.id,
    name: prompt.scriptName,
    fields: resultFieldPaths(prompt.content),
  }));
  const names: SummaryNames = {
    prompts: promptChoices,
    endpoints: endpoints.data ?? [],
    members: members.data?.members ?? [],
  };

  const setEnabled = (rule: AutomationRule, enabled: boolean) =>
    update.mutate(
      { ruleId: rule.id, body: bodyOf(rule, { enabled }) },
      {
        onSuccess: () =>
          notify({
            severity: 'success',
            text: t(enabled ? 'automations.list.enabledNotice' : 'automations.list.disabledNotice'),
          }),
        onError: (error) =>
          notify({ severity: 'error', text: errorText(error, 'automations.dialog.saveFailed') }),
      },
    );

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => notify({ severity: 'success', text: t('automations.delete.done') }),
      onError: (error) => notify({ severity: 'error', text: errorText(error, 'automations.delete.failed') }),
      onSettled: () => setDeleting(null),
    });
  };

  const addButton = (
    <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing('new')} disabled={readOnly}>
      {t('automations.list.add')}
    </Button>
  );

  const header = (key: string) => t(`automations.list.columns.${key}`);
  const columns: Column<AutomationRule>[] = [
    {
      id: 'name',
      header: header('name'),
      cell: (rule) => (
        <Typography variant="body2" sx={{ fontWeight: 500, minWidth: 120 }}>
          {rule.name}
        </Typography>
      ),
    },
    {
      id: 'trigger',
      header: header('trigger'),
      cell: (rule) => t(`automations.triggers.${rule.trigger}.label`),
    },
    {
      id: 'summary',
      header: header('summary'),
      cell: (rule) => (
        <Typography variant="body2" sx={{ minWidth: 220 }} data-testid={`automation-${rule.id}-summary`}>
          {t('automations.describe.rule', {
            conditions: describeConditions(rule, names, t, i18n.language),
            actions: describeActions(rule, names, t),
          })}
        </Typography>
      ),
    },
    {
      id: 'enabled',
      header: header('enabled'),
      cell: (rule) => (
        <Switch
          checked={rule.enabled}
          onChange={(event) => setEnabled(rule, event.target.checked)}
          disabled={readOnly || update.isPending}
          slotProps={{ input: { 'aria-label': t('automations.list.enabledNamed', { name: rule.name }) } }}
        />
      ),
    },
    {
      id: 'lastFired',
      header: header('lastFired'),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (rule) =>
        rule.last_fired_at ? (
          formatDateTime(rule.last_fired_at, i18n.language)
        ) : (
          <Typography variant="body2" color="textSecondary">
            {t('automations.list.neverFired')}
          </Typography>
        ),
    },
    {
      id: 'actions',
      header: header('actions'),
      align: 'right',
      cell: (rule) => (
        <Stack direction="row" spacing={0.5} sx={{ justifyContent: 'flex-end' }}>
          <RowAction
            label={t('automations.list.showFirings')}
            icon={<ListAltIcon fontSize="small" />}
            onClick={() => setLog(rule)}
          />
          <RowAction
            label={t('automations.list.edit')}
            icon={<EditOutlinedIcon fontSize="small" />}
            onClick={() => setEditing(rule)}
            disabled={readOnly}
          />
          <RowAction
            label={t('automations.delete.button')}
            icon={<DeleteOutlineIcon fontSize="small" />}
            onClick={() => setDeleting(rule)}
            disabled={readOnly}
            color="error"
          />
        </Stack>
      ),
    },
  ];

  return (
    <Stack spacing={3}>
      <ListSection
        title={t('automations.list.title')}
        description={t('automations.list.description')}
        testId="automations"
        query={query}
        loadingLabel={t('automations.list.loading')}
        loadFailed={t('automations.list.loadFailed')}
        addButton={addButton}
        empty={{
          icon: <AutoModeIcon />,
          text: t('automations.list.emptyTitle'),
          description: t('automations.list.emptyHint'),
          testId: 'automations-empty',
        }}
        columns={columns}
        rowKey={(rule) => rule.id}
        rowProps={(rule) => ({
          'data-testid': `automation-${rule.id}`,
          'data-enabled': String(rule.enabled),
        })}
      />
      {editing !== null ? (
        <AutomationDialog
          projectId={projectId}
          rule={editing === 'new' ? null : editing}
          prompts={promptChoices}
          endpoints={endpoints.data ?? []}
          members={names.members}
          notify={notify}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {log ? <AutomationFirings projectId={projectId} rule={log} onClose={() => setLog(null)} /> : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('automations.delete.title')}
        message={t('automations.delete.message', { name: deleting?.name ?? '' })}
        confirmLabel={t('automations.delete.confirm')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        destructive
      />
    </Stack>
  );
}
