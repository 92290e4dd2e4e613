import { Alert, Box, Chip, Skeleton, Stack, Typography } from '@mui/material';
import {
  type FieldContext,
  INSIGHT_LIMITS,
  type InsightForm,
  insightFieldLabel,
  quoteFieldPath,
} from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { INPUT_DEBOUNCE_MS } from '../../shared/components/DebouncedTextField';
import { formatCount } from '../../shared/format/analytics';
import { useDebouncedValue } from '../../shared/hooks/useDebouncedValue';
import { type FieldContextRequest, useFieldContext } from './api';

/** The field-context query of a form: its fields and filters; null without fields. */
export function fieldContextQuery(form: InsightForm): FieldContextRequest | null {
  if (form.analysisFields.length === 0) return null;
  return {
    field: form.analysisFields.map(quoteFieldPath),
    department: form.departments.length ? [...form.departments] : undefined,
    representative: form.representatives.length ? [...form.representatives] : undefined,
    start_date: form.startDate ?? undefined,
    end_date: form.endDate ?? undefined,
    prompt_id: form.promptId ?? undefined,
  };
}

function FieldValues({ path, context }: { path: string; context: FieldContext | undefined }) {
  const { t, i18n } = useTranslation();
  const count = (value: number) => formatCount(value, i18n.language);
  // Yes/no answers are stored as 'true' and 'false'.
  const valueText = (value: string) =>
    value === 'true' || value === 'false' ? t(`insights.context.${value}`) : value;
  return (
    <Box component="li" sx={{ listStyle: 'none' }} data-testid="field-context">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1 }}>
        <Typography variant="subtitle2" component="h3">
          {insightFieldLabel(path)}
        </Typography>
        {context ? (
          <Typography variant="caption" color="textSecondary" sx={{ whiteSpace: 'nowrap' }}>
            {t('insights.context.distinct', { count: context.fieldData.totalUnique })}
          </Typography>
        ) : null}
      </Stack>
      {context ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, mt: 0.5 }}>
          {context.fieldData.results.slice(0, INSIGHT_LIMITS.contextTopValues).map((result) => (
            <Chip
              key={result.value}
              size="small"
              label={`${valueText(result.value)} · ${count(result.count)}`}
              title={result.value}
              sx={{ maxWidth: 260 }}
            />
          ))}
          {context.fieldData.remainingCount > 0 ? (
            <Chip
              size="small"
              variant="outlined"
              label={t('insights.context.more', { count: context.fieldData.remainingCount })}
            />
          ) : null}
          {context.fieldData.totalUnique === 0 ? (
            <Typography variant="body2" color="textSecondary">
              {t('insights.context.noValues')}
            </Typography>
          ) : null}
        </Box>
      ) : (
        <Stack direction="row" spacing={0.5} sx={{ mt: 0.5 }} data-testid="field-context-loading">
          {[72, 56, 88].map((width) => (
            <Skeleton key={width} variant="rounded" width={width} height={24} />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/** For each chosen field: how many distinct values it has within the filters, the top 5 and how many more. */
export function FieldContextPanel({ projectId, form }: { projectId: number; form: InsightForm }) {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const query = useDebouncedValue(fieldContextQuery(form), INPUT_DEBOUNCE_MS);
  const context = useFieldContext(projectId, query);
  if (form.analysisFields.length === 0) {
    return (
      <Typography variant="body2" color="textSecondary">
        {t('insights.context.empty')}
      </Typography>
    );
  }
  if (context.isError) return <Alert severity="error">{errorMessage(context.error)}</Alert>;
  const byPath = new Map((context.data ?? []).map((entry) => [entry.fieldName, entry]));
  const stale =
    context.isPlaceholderData || JSON.stringify(query) !== JSON.stringify(fieldContextQuery(form));
  return (
    <Stack
      component="ul"
      spacing={2}
      sx={{ m: 0, p: 0, opacity: stale ? 0.6 : 1, transition: 'opacity 0.2s' }}
      aria-busy={stale || context.isFetching}
    >
      {form.analysisFields.map((path) => (
        <FieldValues key={path} path={path} context={byPath.get(path)} />
      ))}
    </Stack>
  );
}
