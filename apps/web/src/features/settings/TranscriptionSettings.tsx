import {
  Button,
  CircularProgress,
  ListSubheader,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import type { TranscriptionChoice, TranscriptionProviderInfo } from '@parley/contracts';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveTranscription, useTranscriptionProviders } from '../../shared/api/projectSettings';
import { SettingsSection } from '../../shared/components/SettingsSection';
import type { TabProps } from './tabProps';
import { useSettingsError } from './useSettingsError';

/** The select's value of a choice; '' is the server's default. */
const keyOf = (choice: TranscriptionChoice | null | undefined) =>
  choice ? `${choice.provider}/${choice.model}` : '';

/** The project's speech-to-text service and model, or the server's default. */
export function TranscriptionSettings({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const catalog = useTranscriptionProviders();
  const save = useSaveTranscription(project.id);
  const saved = keyOf(project.transcription);
  const [value, setValue] = useState(saved);

  const providers = catalog.data?.data ?? [];
  const choices = providers.flatMap((provider) =>
    provider.models.map((model) => ({
      provider,
      model,
      key: keyOf({ provider: provider.id, model: model.model }),
    })),
  );
  // A saved choice the catalog no longer offers (its key removed) stays shown as it is.
  const savedMissing = project.transcription && !choices.some((choice) => choice.key === saved);
  const defaultChoice = catalog.data?.default;
  const locked = readOnly || save.isPending || !catalog.isSuccess;

  const submit = () => {
    const choice = choices.find((c) => c.key === value);
    save.mutate(choice ? { provider: choice.provider.id, model: choice.model.model } : null, {
      onSuccess: () => notify({ severity: 'success', text: t('settings.transcription.saved') }),
      onError: (error) =>
        notify({ severity: 'error', text: settingsError(error, 'settings.transcription.saveError') }),
    });
  };

  const nameOf = (choice: TranscriptionChoice) =>
    `${providers.find((p) => p.id === choice.provider)?.name ?? choice.provider} · ${choice.model}`;

  return (
    <SettingsSection
      title={t('settings.transcription.title')}
      description={t('settings.transcription.description')}
      testId="transcription-settings"
    >
      <Stack spacing={3}>
        <TextField
          select
          label={t('settings.transcription.label')}
          value={catalog.isSuccess ? value : ''}
          onChange={(event) => setValue(event.target.value)}
          helperText={
            catalog.isError ? t('settings.transcription.loadError') : t('settings.transcription.help')
          }
          error={catalog.isError}
          disabled={locked}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          fullWidth
        >
          <MenuItem value="">
            {defaultChoice
              ? t('settings.transcription.serverDefault', { choice: nameOf(defaultChoice) })
              : t('settings.transcription.serverDefaultPlain')}
          </MenuItem>
          {savedMissing && project.transcription ? (
            <MenuItem value={saved}>{nameOf(project.transcription)}</MenuItem>
          ) : null}
          {providers.flatMap((provider) => providerItems(provider, t))}
        </TextField>
        <Stack direction="row" sx={{ justifyContent: 'flex-end', alignItems: 'center', gap: 2 }}>
          {catalog.isPending ? (
            <CircularProgress size={20} aria-label={t('settings.transcription.loading')} />
          ) : null}
          <Button
            variant="contained"
            onClick={submit}
            disabled={value === saved || locked}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {save.isPending ? t('common.saving') : t('settings.transcription.save')}
          </Button>
        </Stack>
      </Stack>
    </SettingsSection>
  );
}

/** A provider's heading and its models; a provider without a key is listed, its models disabled. */
function providerItems(provider: TranscriptionProviderInfo, t: TFunction) {
  return [
    <ListSubheader key={provider.id}>
      {provider.available ? provider.name : `${provider.name} — ${t('settings.transcription.notConfigured')}`}
    </ListSubheader>,
    ...provider.models.map((model) => (
      <MenuItem
        key={`${provider.id}/${model.model}`}
        value={`${provider.id}/${model.model}`}
        disabled={!provider.available}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'baseline', width: '100%' }}>
          <span>{model.display_name}</span>
          <Typography variant="body2" color="textSecondary" component="span">
            {[
              model.model,
              t('settings.transcription.units', { units: model.units }),
              model.diarizes ? t('settings.transcription.speakers') : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Stack>
      </MenuItem>
    )),
  ];
}
