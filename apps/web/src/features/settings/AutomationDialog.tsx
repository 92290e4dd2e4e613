import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  IconButton,
  Menu,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  AUTOMATION_ACTION_TYPES,
  AUTOMATION_TRIGGERS,
  AUTOMATIONS,
  type AutomationActionType,
  type AutomationRule,
  FIELD_OUTCOMES,
  type FieldOutcome,
  fieldPathLabel,
  type Member,
  type WebhookEndpoint,
} from '@parley/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateAutomationRule, useUpdateAutomationRule } from '../../shared/api/automations';
import { errorField } from '../../shared/api/client';
import { useNames } from '../../shared/api/repMapping';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { ReviewerSelect } from '../../shared/components/ReviewerSelect';
import { SwitchField } from '../../shared/components/SwitchField';
import {
  type AutomationDraft,
  checkDraft,
  type DraftAction,
  draftOf,
  type ErrorPath,
  errorPath,
  invalidKey,
} from './automationForm';
import { NameField } from './RepMappingDialog';
import type { Notify } from './tabProps';

/** The form's inputs a refusal may name; a refusal naming another goes above the form. */
const FORM_PATHS = /^(name|trigger|conditions\.[a-z_.]+|actions(\.\d+(\.[a-z_]+)?)?)$/;

const NEW_ACTIONS: Record<AutomationActionType, DraftAction> = {
  webhook: { type: 'webhook', endpoint_id: 0 },
  email: { type: 'email', user_ids: [] },
  slack: { type: 'slack', url: '' },
};

/** The field condition's test: one of the outcomes of a yes/no item, or a value. */
type FieldTest = FieldOutcome | 'value';

/**
 * Adding or changing an automation rule: name, trigger, conditions (prompt and one of its fields, department,
 * representative, final score, knockout), up to AUTOMATIONS.actionsMax actions and enabled. The contracts
 * schema checks the form before it is sent; the server's refusal of an input shows under it.
 */
export function AutomationDialog({
  projectId,
  rule,
  prompts,
  endpoints,
  members,
  notify,
  onClose,
}: {
  projectId: number;
  /** The rule to change, or null to add one. */
  rule: AutomationRule | null;
  /** The project's prompts with the dotted paths of their answers (the field condition's choice). */
  prompts: readonly { id: number; name: string; fields: readonly string[] }[];
  endpoints: readonly WebhookEndpoint[];
  members: readonly Member[];
  notify: Notify;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useErrorMessage('automations');
  const create = useCreateAutomationRule(projectId);
  const update = useUpdateAutomationRule(projectId);
  const departments = useNames(projectId, 'departments');
  const representatives = useNames(projectId, 'representatives');
  const save = rule ? update : create;
  const busy = save.isPending;
  const [draft, setDraft] = useState<AutomationDraft>(() => draftOf(rule));
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<{ path: ErrorPath | null; text: string } | null>(null);
  const [addMenu, setAddMenu] = useState<HTMLElement | null>(null);

  const problems = tried ? (checkDraft(draft).problems ?? []) : [];
  /** What is wrong at a path: the server's words for its refusal, else what the form expects there. */
  const problem = (path: ErrorPath): string | undefined => {
    if (refused?.path === path) return refused.text;
    return problems.includes(path) ? t(invalidKey(path)) : undefined;
  };

  const edit = (change: Partial<AutomationDraft>) => {
    setDraft((old) => ({ ...old, ...change }));
    setRefused(null);
  };
  const editAction = (index: number, action: DraftAction) =>
    edit({ actions: draft.actions.map((old, at) => (at === index ? action : old)) });

  const promptFields = prompts.find((prompt) => prompt.id === draft.promptId)?.fields ?? [];
  const field = draft.field;
  const fieldTest: FieldTest | '' = field ? (field.outcome ?? (field.value !== null ? 'value' : '')) : '';

  const submit = () => {
    setTried(true);
    const { body } = checkDraft(draft);
    if (!body || busy) return;
    const onError = (error: unknown) => {
      const named = errorField(error);
      const path = named ? errorPath(named) : null;
      setRefused({
        path: path && FORM_PATHS.test(path) ? path : null,
        text: errorText(error, 'automations.dialog.saveFailed'),
      });
    };
    const onSuccess = () => {
      notify({
        severity: 'success',
        text: t(rule ? 'automations.dialog.saved' : 'automations.dialog.created'),
      });
      onClose();
    };
    if (rule) update.mutate({ ruleId: rule.id, body }, { onSuccess, onError });
    else create.mutate(body, { onSuccess, onError });
  };

  const actionsProblem = problem('actions');

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t(rule ? 'automations.dialog.editTitle' : 'automations.dialog.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {refused && refused.path === null ? (
            <Alert severity="error" data-testid="automation-error">
              {refused.text}
            </Alert>
          ) : null}
          <TextField
            label={t('automations.dialog.name')}
            value={draft.name}
            onChange={(event) => edit({ name: event.target.value })}
            required
            autoFocus
            fullWidth
            disabled={busy}
            error={Boolean(problem('name'))}
            helperText={problem('name')}
            slotProps={{ htmlInput: { maxLength: AUTOMATIONS.nameMax } }}
          />
          <TextField
            select
            label={t('automations.dialog.trigger')}
            value={draft.trigger}
            onChange={(event) => edit({ trigger: event.target.value as AutomationDraft['trigger'] })}
            fullWidth
            disabled={busy}
            error={Boolean(problem('trigger'))}
            helperText={problem('trigger') ?? t(`automations.triggers.${draft.trigger}.help`)}
          >
            {AUTOMATION_TRIGGERS.map((trigger) => (
              <MenuItem key={trigger} value={trigger}>
                {t(`automations.triggers.${trigger}.label`)}
              </MenuItem>
            ))}
          </TextField>

          <Typography variant="subtitle2" color="textSecondary">
            {t('automations.dialog.conditions')}
          </Typography>
          <TextField
            select
            label={t('automations.dialog.prompt')}
            value={draft.promptId ? String(draft.promptId) : ''}
            onChange={(event) =>
              // A field is one of the prompt's: another prompt starts without one.
              edit({ promptId: Number(event.target.value) || null, field: null })
            }
            fullWidth
            disabled={busy}
            error={Boolean(problem('conditions.prompt_id'))}
            helperText={problem('conditions.prompt_id')}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          >
            <MenuItem value="">{t('automations.dialog.anyPrompt')}</MenuItem>
            {prompts.map((prompt) => (
              <MenuItem key={prompt.id} value={String(prompt.id)}>
                {prompt.name}
              </MenuItem>
            ))}
          </TextField>
          {draft.promptId ? (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                select
                label={t('automations.dialog.field')}
                value={field && promptFields.includes(field.path) ? field.path : ''}
                onChange={(event) =>
                  edit({
                    field: event.target.value
                      ? {
                          path: event.target.value,
                          outcome: field?.outcome ?? 'missed',
                          value: field?.value ?? null,
                        }
                      : null,
                  })
                }
                fullWidth
                disabled={busy}
                error={Boolean(problem('conditions.field') ?? problem('conditions.field.path'))}
                helperText={problem('conditions.field') ?? problem('conditions.field.path')}
                slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              >
                <MenuItem value="">{t('automations.dialog.anyField')}</MenuItem>
                {promptFields.map((path) => (
                  <MenuItem key={path} value={path}>
                    {fieldPathLabel(path)}
                  </MenuItem>
                ))}
              </TextField>
              {field ? (
                <TextField
                  select
                  label={t('automations.dialog.fieldTest')}
                  value={fieldTest}
                  onChange={(event) => {
                    const test = event.target.value as FieldTest;
                    edit({
                      field:
                        test === 'value'
                          ? { path: field.path, outcome: null, value: field.value ?? '' }
                          : { path: field.path, outcome: test, value: null },
                    });
                  }}
                  fullWidth
                  disabled={busy}
                  error={Boolean(problem('conditions.field.outcome'))}
                  helperText={problem('conditions.field.outcome')}
                >
                  {FIELD_OUTCOMES.map((outcome) => (
                    <MenuItem key={outcome} value={outcome}>
                      {t(`automations.outcomes.${outcome}`)}
                    </MenuItem>
                  ))}
                  <MenuItem value="value">{t('automations.dialog.fieldHasValue')}</MenuItem>
                </TextField>
              ) : null}
            </Stack>
          ) : null}
          {field && fieldTest === 'value' ? (
            <TextField
              label={t('automations.dialog.fieldValue')}
              value={field.value ?? ''}
              onChange={(event) => edit({ field: { ...field, value: event.target.value } })}
              fullWidth
              disabled={busy}
              error={Boolean(problem('conditions.field.value'))}
              helperText={problem('conditions.field.value') ?? t('automations.dialog.fieldValueHelp')}
              slotProps={{ htmlInput: { maxLength: AUTOMATIONS.fieldValueMax } }}
            />
          ) : null}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <Box sx={{ flex: 1 }}>
              <NameField
                label={t('automations.dialog.department')}
                value={draft.department}
                onChange={(department) => edit({ department })}
                options={departments.data ?? []}
                disabled={busy}
                error={problem('conditions.department')}
              />
            </Box>
            <Box sx={{ flex: 1 }}>
              <NameField
                label={t('automations.dialog.representative')}
                value={draft.representative}
                onChange={(representative) => edit({ representative })}
                options={representatives.data ?? []}
                disabled={busy}
                error={problem('conditions.representative')}
              />
            </Box>
          </Stack>
          <TextField
            type="number"
            label={t('automations.dialog.scoreBelow')}
            value={draft.scoreBelow}
            onChange={(event) => edit({ scoreBelow: event.target.value })}
            fullWidth
            disabled={busy}
            error={Boolean(problem('conditions.score_below'))}
            helperText={problem('conditions.score_below') ?? t('automations.dialog.scoreBelowHelp')}
            slotProps={{ htmlInput: { min: 0, step: 'any' } }}
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={draft.knockedOut}
                onChange={(event) => edit({ knockedOut: event.target.checked })}
                disabled={busy}
              />
            }
            label={t('automations.dialog.knockedOut')}
          />

          <Typography variant="subtitle2" color="textSecondary">
            {t('automations.dialog.actions')}
          </Typography>
          {draft.actions.map((action, index) => (
            <ActionEditor
              // biome-ignore lint/suspicious/noArrayIndexKey: actions have no id; their place is who they are
              key={index}
              index={index}
              action={action}
              endpoints={endpoints}
              members={members}
              disabled={busy}
              problem={(key) => problem(key ? `actions.${index}.${key}` : `actions.${index}`)}
              onChange={(changed) => editAction(index, changed)}
              onRemove={() => edit({ actions: draft.actions.filter((_, at) => at !== index) })}
            />
          ))}
          <Box>
            <Button
              startIcon={<AddIcon />}
              onClick={(event) => setAddMenu(event.currentTarget)}
              disabled={busy || draft.actions.length >= AUTOMATIONS.actionsMax}
            >
              {t('automations.dialog.addAction')}
            </Button>
            <Menu anchorEl={addMenu} open={addMenu !== null} onClose={() => setAddMenu(null)}>
              {AUTOMATION_ACTION_TYPES.map((type) => (
                <MenuItem
                  key={type}
                  onClick={() => {
                    setAddMenu(null);
                    edit({ actions: [...draft.actions, NEW_ACTIONS[type]] });
                  }}
                >
                  {t(`automations.actionTypes.${type}`)}
                </MenuItem>
              ))}
            </Menu>
            <FormHelperText error={Boolean(actionsProblem)}>
              {actionsProblem ?? t('automations.dialog.actionsHelp', { max: AUTOMATIONS.actionsMax })}
            </FormHelperText>
          </Box>
          <SwitchField
            label={t('automations.dialog.enabled')}
            help={t('automations.dialog.enabledHelp')}
            checked={draft.enabled}
            onChange={(enabled) => edit({ enabled })}
            disabled={busy}
          />
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t(rule ? 'automations.dialog.save' : 'automations.dialog.create')}
        busy={busy}
      />
    </Dialog>
  );
}

/** One action of the rule: its type, what it needs (endpoint, members or Slack URL), and removing it. */
function ActionEditor({
  index,
  action,
  endpoints,
  members,
  disabled,
  problem,
  onChange,
  onRemove,
}: {
  index: number;
  action: DraftAction;
  endpoints: readonly WebhookEndpoint[];
  members: readonly Member[];
  disabled: boolean;
  /** What is wrong with an input of the action ('' for the action as a whole). */
  problem: (key: string) => string | undefined;
  onChange: (action: DraftAction) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const label = t(`automations.actionTypes.${action.type}`);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`automation-action-${index}`}>
      <Stack spacing={1.5}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography sx={{ fontWeight: 500 }}>{label}</Typography>
          <IconButton
            size="small"
            aria-label={t('automations.dialog.removeAction', { action: label })}
            onClick={onRemove}
            disabled={disabled}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Stack>
        {action.type === 'webhook' ? (
          <TextField
            select
            label={t('automations.dialog.endpoint')}
            value={action.endpoint_id ? String(action.endpoint_id) : ''}
            onChange={(event) => onChange({ type: 'webhook', endpoint_id: Number(event.target.value) })}
            fullWidth
            required
            disabled={disabled}
            error={Boolean(problem('endpoint_id') ?? problem(''))}
            helperText={
              problem('endpoint_id') ??
              problem('') ??
              (endpoints.length === 0
                ? t('automations.dialog.noEndpoints')
                : t('automations.dialog.endpointHelp'))
            }
          >
            {endpoints.map((endpoint) => (
              <MenuItem key={endpoint.id} value={String(endpoint.id)}>
                {endpoint.url}
              </MenuItem>
            ))}
          </TextField>
        ) : action.type === 'email' ? (
          <ReviewerSelect
            label={t('automations.dialog.recipients')}
            members={members}
            value={action.user_ids.map(Number)}
            onChange={(ids) => onChange({ type: 'email', user_ids: ids })}
            emptyText={t('automations.dialog.noRecipients')}
            helperText={
              problem('user_ids') ??
              problem('') ??
              t('automations.dialog.recipientsHelp', { max: AUTOMATIONS.recipientsMax })
            }
            error={Boolean(problem('user_ids') ?? problem(''))}
            required
            disabled={disabled}
            testId={`automation-action-${index}-recipients`}
          />
        ) : (
          <TextField
            label={t('automations.dialog.slackUrl')}
            value={action.url}
            onChange={(event) => onChange({ type: 'slack', url: event.target.value })}
            placeholder="https://hooks.slack.com/services/…"
            fullWidth
            required
            type="url"
            disabled={disabled}
            error={Boolean(problem('url') ?? problem(''))}
            helperText={problem('url') ?? problem('') ?? t('automations.dialog.slackUrlHelp')}
            slotProps={{ htmlInput: { maxLength: AUTOMATIONS.urlMax, spellCheck: false } }}
          />
        )}
      </Stack>
    </Paper>
  );
}
