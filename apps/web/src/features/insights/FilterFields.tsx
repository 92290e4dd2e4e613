import { Alert, Grid, MenuItem, TextField } from '@mui/material';
import {
  type AnalyticsField,
  INSIGHT_LIMITS,
  type InsightForm,
  insightFieldLabel,
  insightOptionNames,
  SEARCH,
} from '@parley/contracts';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { PromptChoice } from '../../shared/api/analyses';
import { DateRangePicker } from '../../shared/components/DateRangePicker';
import { type Choice, MultiSelect } from './MultiSelect';

export type FormChange = (changes: Partial<InsightForm>) => void;

/** A list the form could not load: the message beside its control, the rest of the form still works. */
export function LoadError({ show, children }: { show: boolean; children: ReactNode }) {
  return show ? (
    <Alert severity="warning" sx={{ mt: 1 }}>
      {children}
    </Alert>
  ) : null;
}

const nameChoices = (names: readonly string[] | undefined): Choice[] =>
  insightOptionNames(names ?? []).map((name) => ({ value: name, label: name }));

/** The insight's optional filters: prompt, date range, departments, representatives and analysis fields. */
export function FilterFields({
  form,
  onChange,
  onPromptChange,
  prompts,
  departments,
  representatives,
  fields,
}: {
  form: InsightForm;
  onChange: FormChange;
  onPromptChange: (promptId: number | null) => void;
  prompts: UseQueryResult<PromptChoice[]>;
  departments: UseQueryResult<string[]>;
  representatives: UseQueryResult<string[]>;
  fields: UseQueryResult<AnalyticsField[]>;
}) {
  const { t } = useTranslation();
  const promptList = prompts.data ?? [];
  const knownPrompt = form.promptId === null || promptList.some((prompt) => prompt.id === form.promptId);
  const promptOptions = knownPrompt
    ? promptList
    : [...promptList, { id: form.promptId!, name: `#${form.promptId}` }];
  const fieldChoices: Choice[] = (form.promptId && !fields.isPlaceholderData ? (fields.data ?? []) : []).map(
    (field) => ({ value: field.path, label: field.label }),
  );
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('insights.form.prompt')}
          value={form.promptId ? String(form.promptId) : ''}
          onChange={(event) => onPromptChange(Number(event.target.value) || null)}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{t('analytics.filters.allPrompts')}</MenuItem>
          {promptOptions.map((prompt) => (
            <MenuItem key={prompt.id} value={String(prompt.id)}>
              {prompt.name}
            </MenuItem>
          ))}
        </TextField>
        <LoadError show={prompts.isError}>{t('insights.errors.prompts_load_error')}</LoadError>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <DateRangePicker
          start={form.startDate}
          end={form.endDate}
          onChange={(startDate, endDate) => onChange({ startDate, endDate })}
          label={t('insights.form.dateRange')}
          size="small"
          fullWidth
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <MultiSelect
          label={t('insights.form.departments')}
          choices={nameChoices(departments.data)}
          value={form.departments}
          onChange={(names) => onChange({ departments: names })}
          loading={departments.isPending}
          testId="insight-departments"
        />
        <LoadError show={departments.isError}>{t('insights.errors.departments_load_error')}</LoadError>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <MultiSelect
          label={t('insights.form.representatives')}
          choices={nameChoices(representatives.data)}
          value={form.representatives}
          onChange={(names) => onChange({ representatives: names })}
          loading={representatives.isPending}
          testId="insight-representatives"
        />
        <LoadError show={representatives.isError}>
          {t('insights.errors.representatives_load_error')}
        </LoadError>
      </Grid>
      <Grid size={12}>
        <MultiSelect
          label={t('insights.form.fields')}
          choices={fieldChoices}
          value={form.analysisFields}
          onChange={(paths) => onChange({ analysisFields: paths.slice(0, INSIGHT_LIMITS.fields) })}
          labelOf={insightFieldLabel}
          disabled={!form.promptId}
          loading={Boolean(form.promptId) && (fields.isPending || fields.isPlaceholderData)}
          helperText={
            form.promptId
              ? t('insights.form.fieldsHelp', { max: INSIGHT_LIMITS.fields })
              : t('insights.form.fieldsNeedPrompt')
          }
          testId="insight-fields"
        />
        <LoadError show={fields.isError}>{t('insights.errors.fields_load_error')}</LoadError>
      </Grid>
      <Grid size={12}>
        <TextField
          fullWidth
          size="small"
          label={t('insights.search.label')}
          value={form.search}
          onChange={(event) => onChange({ search: event.target.value })}
          helperText={t('insights.search.help')}
          slotProps={{ htmlInput: { maxLength: SEARCH.queryMax, 'data-testid': 'insight-search' } }}
        />
      </Grid>
    </Grid>
  );
}
