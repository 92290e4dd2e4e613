import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import RuleIcon from '@mui/icons-material/RuleOutlined';
import { Button, IconButton, Paper, Stack, Switch, Tooltip, Typography } from '@mui/material';
import { resultFieldPaths, type SamplingRule } from '@parley/contracts';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMembers } from '../../shared/api/members';
import { usePrompts } from '../../shared/api/prompts';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { ConfirmDialog } from '../../shared/components/ConfirmDialog';
import { type Column, DataTable, useQueryTableState } from '../../shared/components/DataTable';
import { mayReview, reviewerName } from '../../shared/components/ReviewerSelect';
import { Toast, useToast } from '../../shared/components/Toast';
import { formatNumber } from '../../shared/format/numbers';
import { formatDateTime } from '../../shared/utils/displayDates';
import { useDeleteRule, useRunRule, useSamplingRules, useUpdateRule } from './api';
import { RuleDialog } from './RuleDialog';
import { bodyOf, describeRule } from './ruleForm';

function RowAction(props: {
  label: string;
  icon: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  testId: string;
  color?: 'error';
}) {
  return (
    <Tooltip title={props.label}>
      <span>
        <IconButton
          size="small"
          aria-label={props.label}
          onClick={props.onClick}
          disabled={props.disabled}
          color={props.color}
          data-testid={props.testId}
        >
          {props.icon}
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** The project's sampling rules: what each picks, who reviews, goal, this week's count, last run; add, edit, run, delete. */
export function RulesTab({
  projectId,
  timeZone,
  readOnly,
}: {
  projectId: number;
  timeZone: string;
  readOnly: boolean;
}) {
  const { t, i18n } = useTranslation();
  const errorText = useErrorMessage('reviewQueue');
  const rules = useSamplingRules(projectId);
  const prompts = usePrompts(projectId);
  const members = useMembers(projectId);
  const update = useUpdateRule(projectId);
  const run = useRunRule(projectId);
  const remove = useDeleteRule(projectId);
  const { toast, show, close } = useToast();
  const tableState = useQueryTableState(rules, { errorTitle: t('reviewQueue.rules.loadFailed') });
  const [editing, setEditing] = useState<SamplingRule | 'new' | null>(null);
  const [deleting, setDeleting] = useState<SamplingRule | null>(null);
  const n = (value: number) => formatNumber(value, i18n.language);

  const promptChoices = (prompts.data ?? []).map((prompt) => ({
    id: prompt.id,
    name: prompt.scriptName,
    fields: resultFieldPaths(prompt.content),
  }));
  const promptName = (id: number) => promptChoices.find((prompt) => prompt.id === id)?.name ?? `#${id}`;
  const allMembers = members.data?.members ?? [];
  const reviewerChoices = allMembers.filter(mayReview);
  const reviewerNames = (rule: SamplingRule) =>
    rule.reviewer_ids.length === 0
      ? t('reviewQueue.rule.everyReviewer')
      : rule.reviewer_ids.map((id) => reviewerName(allMembers, id)).join(', ');

  const setEnabled = (rule: SamplingRule, enabled: boolean) =>
    update.mutate(
      { ruleId: rule.id, body: bodyOf(rule, { enabled }) },
      {
        onSuccess: () =>
          show({
            severity: 'success',
            text: t(enabled ? 'reviewQueue.rules.enabledNotice' : 'reviewQueue.rules.disabledNotice'),
          }),
        onError: (error) =>
          show({ severity: 'error', text: errorText(error, 'reviewQueue.rule.saveFailed') }),
      },
    );

  const runNow = (rule: SamplingRule) =>
    run.mutate(rule.id, {
      onSuccess: (result) =>
        show({
          severity: result.unassigned > 0 ? 'warning' : 'success',
          text:
            result.unassigned > 0
              ? t('reviewQueue.rules.runResultUnassigned', {
                  picked: n(result.picked),
                  assigned: n(result.assigned),
                  unassigned: n(result.unassigned),
                })
              : t('reviewQueue.rules.runResult', { picked: n(result.picked), assigned: n(result.assigned) }),
        }),
      onError: (error) => show({ severity: 'error', text: errorText(error, 'reviewQueue.rules.runFailed') }),
    });

  const confirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        show({ severity: 'success', text: t('reviewQueue.rules.deleted') });
        setDeleting(null);
      },
    });
  };

  const column = (key: string) => t(`reviewQueue.rules.columns.${key}`);
  const columns: Column<SamplingRule>[] = [
    {
      id: 'rule',
      header: column('rule'),
      cell: (rule) => (
        <Stack spacing={0.5} sx={{ minWidth: 200, maxWidth: 420 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {rule.name}
          </Typography>
          <Typography variant="body2" color="textSecondary" data-testid={`rule-description-${rule.id}`}>
            {describeRule(rule, promptName, t, i18n.language)}
          </Typography>
        </Stack>
      ),
    },
    {
      id: 'reviewers',
      header: column('reviewers'),
      cell: (rule) => (
        <Typography variant="body2" sx={{ maxWidth: 240 }}>
          {reviewerNames(rule)}
        </Typography>
      ),
    },
    {
      id: 'goal',
      header: column('goal'),
      align: 'right',
      cell: (rule) => (rule.weekly_goal === null ? t('reviewQueue.rules.noGoal') : n(rule.weekly_goal)),
    },
    {
      id: 'assigned',
      header: column('assigned'),
      align: 'right',
      cell: (rule) => n(rule.assigned_this_week),
    },
    {
      id: 'lastRun',
      header: column('lastRun'),
      cellSx: () => ({ whiteSpace: 'nowrap' }),
      cell: (rule) =>
        rule.last_run_at
          ? formatDateTime(rule.last_run_at, i18n.language, timeZone)
          : t('reviewQueue.rules.never'),
    },
    {
      id: 'enabled',
      header: column('enabled'),
      cell: (rule) => (
        <Switch
          checked={rule.enabled}
          disabled={readOnly || update.isPending}
          onChange={(event) => setEnabled(rule, event.target.checked)}
          slotProps={{
            input: {
              'aria-label': t('reviewQueue.rules.enabledLabel', { name: rule.name }),
              'data-testid': `rule-enabled-${rule.id}`,
            } as object,
          }}
        />
      ),
    },
    {
      id: 'actions',
      header: column('actions'),
      cell: (rule) => (
        <Stack direction="row" spacing={0.5}>
          <RowAction
            label={t(rule.enabled ? 'reviewQueue.rules.runNow' : 'reviewQueue.rules.runDisabled')}
            icon={<PlayArrowIcon fontSize="small" />}
            onClick={() => runNow(rule)}
            disabled={readOnly || !rule.enabled || run.isPending}
            testId={`rule-run-${rule.id}`}
          />
          <RowAction
            label={t('reviewQueue.rules.edit')}
            icon={<EditOutlinedIcon fontSize="small" />}
            onClick={() => setEditing(rule)}
            disabled={readOnly}
            testId={`rule-edit-${rule.id}`}
          />
          <RowAction
            label={t('reviewQueue.rules.delete')}
            icon={<DeleteOutlineIcon fontSize="small" />}
            onClick={() => {
              remove.reset();
              setDeleting(rule);
            }}
            disabled={readOnly}
            testId={`rule-delete-${rule.id}`}
            color="error"
          />
        </Stack>
      ),
    },
  ];

  const addButton = (
    <Button
      variant="contained"
      startIcon={<AddIcon />}
      onClick={() => setEditing('new')}
      disabled={readOnly}
      data-testid="rule-add"
    >
      {t('reviewQueue.rules.add')}
    </Button>
  );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'space-between' }}>
        <Typography variant="body2" color="textSecondary" sx={{ maxWidth: 720 }}>
          {t('reviewQueue.rules.intro')}
        </Typography>
        {rules.data && rules.data.length > 0 ? addButton : null}
      </Stack>
      <Paper variant="outlined" sx={{ p: { xs: 1, md: 2 } }}>
        <DataTable
          label={t('reviewQueue.rules.label')}
          columns={columns}
          rows={rules.data}
          rowKey={(rule) => rule.id}
          rowProps={(rule) => ({ 'data-testid': `rule-row-${rule.id}` })}
          loading={tableState.loading}
          error={tableState.error}
          loadingLabel={t('reviewQueue.rules.loading')}
          empty={{
            text: t('reviewQueue.rules.emptyTitle'),
            description: t('reviewQueue.rules.emptyDescription'),
            icon: <RuleIcon />,
            action: addButton,
            testId: 'rules-empty',
          }}
          phoneCards
          scrollRegion
          testId="rules-table"
        />
      </Paper>
      {editing ? (
        <RuleDialog
          projectId={projectId}
          rule={editing === 'new' ? null : editing}
          prompts={promptChoices}
          members={reviewerChoices}
          onSaved={(saved) => {
            show({
              severity: 'success',
              text: t(saved.enabled ? 'reviewQueue.rule.savedEnabled' : 'reviewQueue.rule.saved'),
            });
            setEditing(null);
          }}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('reviewQueue.rules.deleteTitle')}
        message={t('reviewQueue.rules.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('reviewQueue.rules.delete')}
        onConfirm={confirmDelete}
        onClose={() => setDeleting(null)}
        busy={remove.isPending}
        error={remove.isError ? errorText(remove.error, 'reviewQueue.rules.deleteFailed') : undefined}
        destructive
      />
      <Toast toast={toast} onClose={close} />
    </Stack>
  );
}
