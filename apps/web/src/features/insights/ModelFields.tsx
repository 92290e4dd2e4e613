import { Alert, Chip, Grid, MenuItem, Stack, TextField } from '@mui/material';
import type { InsightForm, ModelInfo, ProviderId, ProviderInfo } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { type FormChange, LoadError } from './FilterFields';

/** The provider (unavailable ones disabled) and its model that answer the question. */
export function ModelFields({
  form,
  onChange,
  providers,
  models,
  modelsPending,
  loadFailed,
}: {
  form: InsightForm;
  onChange: FormChange;
  providers: ProviderInfo[];
  models: ModelInfo[];
  modelsPending: boolean;
  /** The providers or the provider's models could not be loaded (built-in lists are shown instead). */
  loadFailed: boolean;
}) {
  const { t } = useTranslation();
  const knownModel = form.model === null || models.some((model) => model.model === form.model);
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('insights.form.provider')}
          value={form.provider ?? ''}
          onChange={(event) => onChange({ provider: event.target.value as ProviderId, model: null })}
        >
          {providers.map((provider) => (
            <MenuItem key={provider.id} value={provider.id} disabled={!provider.available}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{provider.name}</span>
                {provider.available ? null : (
                  <Chip size="small" variant="outlined" label={t('insights.form.notConfigured')} />
                )}
              </Stack>
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6 }}>
        <TextField
          select
          size="small"
          fullWidth
          label={t('insights.form.model')}
          value={form.model ?? ''}
          disabled={!form.provider || modelsPending}
          helperText={modelsPending ? t('insights.form.loadingModels') : undefined}
          onChange={(event) => onChange({ model: event.target.value })}
        >
          {knownModel ? null : <MenuItem value={form.model!}>{form.model}</MenuItem>}
          {models.map((model) => (
            <MenuItem key={model.model} value={model.model}>
              {model.display_name}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      {providers.length > 0 && !providers.some((provider) => provider.available) ? (
        <Grid size={12}>
          <Alert severity="info">{t('insights.form.noProvider')}</Alert>
        </Grid>
      ) : null}
      {loadFailed ? (
        <Grid size={12}>
          <LoadError show>{t('insights.errors.models_load_error')}</LoadError>
        </Grid>
      ) : null}
    </Grid>
  );
}
