import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  Grid,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import {
  fieldPathLabel,
  type Member,
  SAMPLING,
  SAMPLING_RULE_KINDS,
  type SamplingRule,
} from '@parley/contracts';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorField } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import { ReviewerSelect } from '../../shared/components/ReviewerSelect';
import { SwitchField } from '../../shared/components/SwitchField';
import { useCreateRule, useUpdateRule } from './api';
import {
  RULE_FORM_FIELDS,
  type RuleFormField,
  type RuleFormOutput,
  type RuleFormValues,
  ruleBody,
  ruleFormDefaults,
  ruleFormSchema,
} from './ruleForm';

/** A number input's value: null when blank. */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));
const dayOrNull = (value: string) => value || null;

/**
 * Adding or changing a sampling rule: name, kind (with its threshold: per representative for random, the score
 * for score_below; for unsure, once a prompt is chosen, one of its fields), the prompt, department and date
 * filters, reviewers, weekly goal and enabled.
 */
export function RuleDialog({
  projectId,
  rule,
  prompts,
  members,
  onSaved,
  onClose,
}: {
  projectId: number;
  /** The rule to change, or null to add one. */
  rule: SamplingRule | null;
  /** The project's prompts with the dotted paths of their answers (an unsure rule's field choice). */
  prompts: readonly { id: number; name: string; fields: readonly string[] }[];
  /** Members who may review (the reviewer choice). */
  members: readonly Member[];
  onSaved: (rule: SamplingRule) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useErrorMessage('reviewQueue');
  const create = useCreateRule(projectId);
  const update = useUpdateRule(projectId);
  const save = rule ? update : create;
  const [refusal, setRefusal] = useState<string | null>(null);
  const {
    control,
    register,
    handleSubmit,
    watch,
    setValue,
    setError,
    formState: { errors },
  } = useForm<RuleFormValues, unknown, RuleFormOutput>({
    resolver: zodResolver(ruleFormSchema),
    defaultValues: ruleFormDefaults(rule),
  });
  const kind = watch('kind');
  const promptId = watch('prompt_id');
  const promptFields = prompts.find((prompt) => prompt.id === promptId)?.fields ?? [];
  const busy = save.isPending;

  /** A field's problem: the server's words for its refusal, else what the form expects there. */
  const problem = (field: RuleFormField) => {
    const error = errors[field];
    if (!error) return undefined;
    return error.type === 'server' && error.message ? error.message : t(`reviewQueue.rule.invalid.${field}`);
  };

  const submit = handleSubmit((values) => {
    setRefusal(null);
    const body = ruleBody(values);
    const onError = (error: unknown) => {
      const field = errorField(error);
      if (field && (RULE_FORM_FIELDS as readonly string[]).includes(field)) {
        setError(field as RuleFormField, { type: 'server', message: errorText(error) });
      } else {
        setRefusal(errorText(error, 'reviewQueue.rule.saveFailed'));
      }
    };
    if (rule) update.mutate({ ruleId: rule.id, body }, { onSuccess: onSaved, onError });
    else create.mutate(body, { onSuccess: onSaved, onError });
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t(rule ? 'reviewQueue.rule.editTitle' : 'reviewQueue.rule.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Box component="form" noValidate onSubmit={submit} data-testid="rule-form">
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            {refusal ? (
              <Alert severity="error" data-testid="rule-error">
                {refusal}
              </Alert>
            ) : null}
            <TextField
              label={t('reviewQueue.rule.name')}
              required
              autoFocus
              fullWidth
              disabled={busy}
              error={Boolean(errors.name)}
              helperText={problem('name')}
              slotProps={{ htmlInput: { maxLength: SAMPLING.nameMax, 'data-testid': 'rule-name' } }}
              {...register('name')}
            />
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <TextField
                  select
                  label={t('reviewQueue.rule.kind')}
                  fullWidth
                  disabled={busy}
                  value={field.value}
                  onChange={(event) => field.onChange(event.target.value)}
                  helperText={t(`reviewQueue.kinds.${field.value}.help`)}
                  slotProps={{ select: { SelectDisplayProps: { 'data-testid': 'rule-kind' } as object } }}
                >
                  {SAMPLING_RULE_KINDS.map((option) => (
                    <MenuItem key={option} value={option} data-testid={`rule-kind-${option}`}>
                      {t(`reviewQueue.kinds.${option}.label`)}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {kind === 'random' ? (
              <Controller
                control={control}
                name="per_representative"
                render={({ field }) => (
                  <TextField
                    type="number"
                    label={t('reviewQueue.rule.perRepresentative')}
                    required
                    fullWidth
                    disabled={busy}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(numberOrNull(event.target.value))}
                    error={Boolean(errors.per_representative)}
                    helperText={problem('per_representative') ?? t('reviewQueue.rule.perRepresentativeHelp')}
                    slotProps={{
                      htmlInput: {
                        min: 1,
                        max: SAMPLING.perRepresentativeMax,
                        step: 1,
                        'data-testid': 'rule-per-representative',
                      },
                    }}
                  />
                )}
              />
            ) : null}
            {kind === 'score_below' ? (
              <Controller
                control={control}
                name="score_below"
                render={({ field }) => (
                  <TextField
                    type="number"
                    label={t('reviewQueue.rule.scoreBelow')}
                    required
                    fullWidth
                    disabled={busy}
                    value={field.value ?? ''}
                    onChange={(event) => field.onChange(numberOrNull(event.target.value))}
                    error={Boolean(errors.score_below)}
                    helperText={problem('score_below') ?? t('reviewQueue.rule.scoreBelowHelp')}
                    slotProps={{ htmlInput: { min: 0, step: 'any', 'data-testid': 'rule-score-below' } }}
                  />
                )}
              />
            ) : null}
            <Typography variant="subtitle2" color="textSecondary">
              {t('reviewQueue.rule.filters')}
            </Typography>
            <Controller
              control={control}
              name="prompt_id"
              render={({ field }) => (
                <TextField
                  select
                  label={t('reviewQueue.rule.prompt')}
                  fullWidth
                  disabled={busy}
                  value={field.value ? String(field.value) : ''}
                  onChange={(event) => {
                    field.onChange(Number(event.target.value) || null);
                    // A field is one of the prompt's: another prompt starts from any field.
                    setValue('field_path', null);
                  }}
                  error={Boolean(errors.prompt_id)}
                  helperText={problem('prompt_id')}
                  slotProps={{
                    inputLabel: { shrink: true },
                    select: {
                      displayEmpty: true,
                      SelectDisplayProps: { 'data-testid': 'rule-prompt' } as object,
                    },
                  }}
                >
                  <MenuItem value="">{t('reviewQueue.rule.anyPrompt')}</MenuItem>
                  {prompts.map((prompt) => (
                    <MenuItem key={prompt.id} value={String(prompt.id)}>
                      {prompt.name}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            {kind === 'unsure' && promptId ? (
              <Controller
                control={control}
                name="field_path"
                render={({ field }) => (
                  <TextField
                    select
                    label={t('reviewQueue.rule.field')}
                    fullWidth
                    disabled={busy}
                    value={field.value && promptFields.includes(field.value) ? field.value : ''}
                    onChange={(event) => field.onChange(event.target.value || null)}
                    error={Boolean(errors.field_path)}
                    helperText={problem('field_path') ?? t('reviewQueue.rule.fieldHelp')}
                    slotProps={{
                      inputLabel: { shrink: true },
                      select: {
                        displayEmpty: true,
                        SelectDisplayProps: { 'data-testid': 'rule-field' } as object,
                      },
                    }}
                  >
                    <MenuItem value="">{t('reviewQueue.rule.anyField')}</MenuItem>
                    {promptFields.map((path) => (
                      <MenuItem key={path} value={path}>
                        {fieldPathLabel(path)}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
            ) : null}
            <Controller
              control={control}
              name="department"
              render={({ field }) => (
                <TextField
                  label={t('reviewQueue.rule.department')}
                  fullWidth
                  disabled={busy}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(event.target.value)}
                  error={Boolean(errors.department)}
                  helperText={problem('department') ?? t('reviewQueue.rule.departmentHelp')}
                  slotProps={{
                    htmlInput: { maxLength: SAMPLING.departmentMax, 'data-testid': 'rule-department' },
                  }}
                />
              )}
            />
            <Grid container spacing={2}>
              {(['since', 'until'] as const).map((name) => (
                <Grid key={name} size={{ xs: 12, sm: 6 }}>
                  <Controller
                    control={control}
                    name={name}
                    render={({ field }) => (
                      <TextField
                        type="date"
                        label={t(`reviewQueue.rule.${name}`)}
                        fullWidth
                        disabled={busy}
                        value={field.value ?? ''}
                        onChange={(event) => field.onChange(dayOrNull(event.target.value))}
                        error={Boolean(errors[name])}
                        helperText={problem(name)}
                        slotProps={{
                          inputLabel: { shrink: true },
                          htmlInput: { 'data-testid': `rule-${name}` },
                        }}
                      />
                    )}
                  />
                </Grid>
              ))}
            </Grid>
            <Typography variant="subtitle2" color="textSecondary">
              {t('reviewQueue.rule.assigning')}
            </Typography>
            <Controller
              control={control}
              name="reviewer_ids"
              render={({ field }) => (
                <ReviewerSelect
                  label={t('reviewQueue.rule.reviewers')}
                  members={members}
                  value={(field.value ?? []).map(Number)}
                  onChange={field.onChange}
                  emptyText={t('reviewQueue.rule.everyReviewer')}
                  helperText={problem('reviewer_ids') ?? t('reviewQueue.rule.reviewersHelp')}
                  error={Boolean(errors.reviewer_ids)}
                  disabled={busy}
                  testId="rule-reviewers"
                />
              )}
            />
            <Controller
              control={control}
              name="weekly_goal"
              render={({ field }) => (
                <TextField
                  type="number"
                  label={t('reviewQueue.rule.weeklyGoal')}
                  fullWidth
                  disabled={busy}
                  value={field.value ?? ''}
                  onChange={(event) => field.onChange(numberOrNull(event.target.value))}
                  error={Boolean(errors.weekly_goal)}
                  helperText={problem('weekly_goal') ?? t('reviewQueue.rule.weeklyGoalHelp')}
                  slotProps={{
                    htmlInput: {
                      min: 1,
                      max: SAMPLING.weeklyGoalMax,
                      step: 1,
                      'data-testid': 'rule-weekly-goal',
                    },
                  }}
                />
              )}
            />
            <Controller
              control={control}
              name="enabled"
              render={({ field }) => (
                <SwitchField
                  label={t('reviewQueue.rule.enabled')}
                  help={t('reviewQueue.rule.enabledHelp')}
                  checked={Boolean(field.value)}
                  onChange={field.onChange}
                  disabled={busy}
                  inputProps={{ 'data-testid': 'rule-enabled' }}
                />
              )}
            />
          </Stack>
        </Box>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={() => void submit()}
        submitLabel={t(rule ? 'reviewQueue.rule.save' : 'reviewQueue.rule.create')}
        busy={busy}
      />
    </Dialog>
  );
}
