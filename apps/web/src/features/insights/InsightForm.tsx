import AutoAwesomeIcon from '@mui/icons-material/AutoAwesomeOutlined';
import { Alert, Box, Button, Divider, Grid, Link, Stack, Typography } from '@mui/material';
import {
  canSubmitInsight,
  defaultInsightFields,
  FALLBACK_PROVIDERS,
  hasRoleAtLeast,
  type InsightForm as InsightFormValues,
  pickableModels,
} from '@parley/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { usePromptChoices } from '../../shared/api/analyses';
import { useAnalyticsFields } from '../../shared/api/analytics';
import { isApiError } from '../../shared/api/client';
import { fallbackModels } from '../../shared/api/prompts';
import { useNames } from '../../shared/api/repMapping';
import { defaultUploadPrompt } from '../../shared/api/upload';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { SectionCard } from '../../shared/components/SectionCard';
import { useCreateInsight, useInsightModels, useInsightProviders } from './api';
import { FieldContextPanel } from './FieldContextPanel';
import { FilterFields } from './FilterFields';
import { ModelFields } from './ModelFields';
import { emptyInsightForm } from './model';
import { PriceEstimate } from './PriceEstimate';
import { QuestionBox } from './QuestionBox';

/**
 * The insight form (spec 2 §2.4) beside its field-context panel. Starts with the project's default prompt
 * and its default analysis fields, and the first available provider and its first model, unless it asks an
 * insight again (`initial`).
 */
export function InsightForm({ initial }: { initial?: InsightFormValues }) {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const navigate = useNavigate();
  const errorMessage = useErrorMessage();
  const [form, setForm] = useState<InsightFormValues>(initial ?? emptyInsightForm());
  const [promptPicked, setPromptPicked] = useState(initial !== undefined);
  // The prompt whose default fields were chosen last; a new prompt gets its own.
  const [fieldsPickedFor, setFieldsPickedFor] = useState(initial?.promptId ?? null);
  const change = (changes: Partial<InsightFormValues>) => setForm((current) => ({ ...current, ...changes }));

  const prompts = usePromptChoices(project.id);
  const departments = useNames(project.id, 'departments');
  const representatives = useNames(project.id, 'representatives');
  const fields = useAnalyticsFields(project.id, form.promptId ? { prompt_id: form.promptId } : null);
  const providers = useInsightProviders();
  const models = useInsightModels(form.provider);
  const create = useCreateInsight(project.id);

  const providerList = providers.data ?? (providers.isError ? FALLBACK_PROVIDERS : []);
  const modelList = useMemo(
    () =>
      pickableModels(models.data ?? (models.isError && form.provider ? fallbackModels(form.provider) : [])),
    [models.data, models.isError, form.provider],
  );
  const selectedModel = modelList.find((model) => model.model === form.model);

  useEffect(() => {
    if (promptPicked || !prompts.data) return;
    setPromptPicked(true);
    const prompt = defaultUploadPrompt(prompts.data, project);
    if (prompt) setForm((current) => ({ ...current, promptId: prompt.id }));
  }, [promptPicked, prompts.data, project]);

  useEffect(() => {
    if (!form.promptId || fieldsPickedFor === form.promptId || !fields.data || fields.isPlaceholderData)
      return;
    setFieldsPickedFor(form.promptId);
    const paths = fields.data.map((field) => field.path);
    setForm((current) => ({ ...current, analysisFields: defaultInsightFields(paths) }));
  }, [form.promptId, fieldsPickedFor, fields.data, fields.isPlaceholderData]);

  useEffect(() => {
    const first = providerList.find((provider) => provider.available);
    if (form.provider === null && first) setForm((current) => ({ ...current, provider: first.id }));
  }, [form.provider, providerList]);

  useEffect(() => {
    const first = modelList[0];
    if (form.model === null && first) setForm((current) => ({ ...current, model: first.model }));
  }, [form.model, modelList]);

  const changePrompt = (promptId: number | null) => {
    setPromptPicked(true);
    change({ promptId, analysisFields: [] });
  };
  const submit = () => {
    if (!canSubmitInsight(form.question) || create.isPending) return;
    create.mutate(form, {
      onSuccess: (insight) => navigate(`/projects/${project.id}/analytics/insights/${insight.id}`),
    });
  };

  const canTopUp = hasRoleAtLeast(project.my_role, 'admin') && !project.read_only;
  const failure = create.error;
  return (
    <Grid container spacing={2} sx={{ mb: 2 }}>
      <Grid size={{ xs: 12, md: 8 }}>
        <SectionCard
          title={t('insights.form.title')}
          subtitle={t('insights.form.subtitle')}
          testId="insight-form"
        >
          <Box
            component="form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              submit();
            }}
          >
            <Stack spacing={2.5}>
              <QuestionBox value={form.question} onChange={(question) => change({ question })} />
              <Divider />
              <Typography variant="subtitle2" component="h3">
                {t('insights.form.filters')}
              </Typography>
              <FilterFields
                form={form}
                onChange={change}
                onPromptChange={changePrompt}
                prompts={prompts}
                departments={departments}
                representatives={representatives}
                fields={fields}
              />
              <Typography variant="subtitle2" component="h3">
                {t('insights.form.answeredBy')}
              </Typography>
              <ModelFields
                form={form}
                onChange={change}
                providers={providerList}
                models={modelList}
                modelsPending={form.provider !== null && models.isPending}
                loadFailed={providers.isError || models.isError}
              />
              {failure ? (
                <Alert severity="error" data-testid="insight-submit-error">
                  {isApiError(failure, 402)
                    ? failure.message || t('insights.errors.insufficientFunds')
                    : errorMessage(failure)}
                  {isApiError(failure, 402) ? (
                    <Box sx={{ mt: 0.5 }}>
                      {canTopUp ? (
                        <Link component={RouterLink} to={`/projects/${project.id}/billing`}>
                          {t('insights.errors.toBilling')}
                        </Link>
                      ) : (
                        t('insights.errors.askAdmin')
                      )}
                    </Box>
                  ) : null}
                </Alert>
              ) : null}
              <Stack
                direction={{ xs: 'column', sm: 'row' }}
                spacing={2}
                sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
              >
                <PriceEstimate model={selectedModel} project={project} />
                <Button
                  type="submit"
                  variant="contained"
                  startIcon={<AutoAwesomeIcon />}
                  disabled={!canSubmitInsight(form.question) || create.isPending}
                  loading={create.isPending}
                >
                  {t('insights.form.submit')}
                </Button>
              </Stack>
            </Stack>
          </Box>
        </SectionCard>
      </Grid>
      <Grid size={{ xs: 12, md: 4 }}>
        <SectionCard
          title={t('insights.context.title')}
          subtitle={t('insights.context.subtitle')}
          testId="insight-field-context"
        >
          <FieldContextPanel projectId={project.id} form={form} />
        </SectionCard>
      </Grid>
    </Grid>
  );
}
