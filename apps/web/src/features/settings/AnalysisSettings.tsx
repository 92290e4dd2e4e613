import {
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  DEFAULT_REPRESENTATIVE_CHANNEL,
  PHONE_METADATA_FIELD_MAX,
  REPRESENTATIVE_CHANNELS,
  type RepresentativeChannel,
} from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSaveAnalysisSettings } from '../../shared/api/projectSettings';
import { usePrompts } from '../../shared/api/prompts';
import { SettingsSection } from '../../shared/components/SettingsSection';
import type { TabProps } from './tabProps';
import { useSettingsError } from './useSettingsError';

/** The default phone metadata field (any case) when the project names none. */
const DEFAULT_PHONE_FIELD = 'phone';

const CHANNEL_LABELS: Record<RepresentativeChannel, string> = {
  left: 'settings.general.representativeChannelLeft',
  right: 'settings.general.representativeChannelRight',
};

/** How the project's conversations are analysed: phone field, skipped media, default prompt, stereo roles. */
export function AnalysisSettings({ project, notify, readOnly }: TabProps) {
  const { t } = useTranslation();
  const settingsError = useSettingsError();
  const prompts = usePrompts(project.id);
  const save = useSaveAnalysisSettings(project.id);
  const [phoneField, setPhoneField] = useState(project.phone_metadata_field ?? '');
  const [keepMedia, setKeepMedia] = useState(Boolean(project.keep_skipped_media));
  const [promptId, setPromptId] = useState<number | ''>(project.default_prompt_id ?? '');
  const savedChannel = project.representative_channel ?? DEFAULT_REPRESENTATIVE_CHANNEL;
  const [channel, setChannel] = useState<RepresentativeChannel>(savedChannel);

  const locked = readOnly || save.isPending;
  const dirty =
    phoneField.trim() !== (project.phone_metadata_field ?? '') ||
    keepMedia !== Boolean(project.keep_skipped_media) ||
    (promptId === '' ? null : promptId) !== (project.default_prompt_id ?? null) ||
    channel !== savedChannel;

  const submit = () => {
    save.mutate(
      {
        phone_metadata_field: phoneField.trim() || null,
        keep_skipped_media: keepMedia,
        default_prompt_id: promptId === '' ? null : promptId,
        representative_channel: channel,
      },
      {
        onSuccess: () => notify({ severity: 'success', text: t('settings.general.analysisSaved') }),
        onError: (error) =>
          notify({ severity: 'error', text: settingsError(error, 'settings.general.analysisSaveError') }),
      },
    );
  };

  const promptList = prompts.data ?? [];
  const knownPrompt = promptId === '' || promptList.some((p) => p.id === promptId);

  return (
    <SettingsSection
      title={t('settings.general.analysisTitle')}
      description={t('settings.general.analysisDescription')}
      testId="analysis-settings"
    >
      <Stack spacing={3}>
        <TextField
          label={t('settings.general.phoneField')}
          value={phoneField}
          onChange={(event) => setPhoneField(event.target.value)}
          placeholder={DEFAULT_PHONE_FIELD}
          helperText={t('settings.general.phoneFieldHelp', { field: DEFAULT_PHONE_FIELD })}
          slotProps={{ htmlInput: { maxLength: PHONE_METADATA_FIELD_MAX }, inputLabel: { shrink: true } }}
          disabled={locked}
          fullWidth
        />
        <Box>
          <FormControlLabel
            control={
              <Switch
                checked={keepMedia}
                onChange={(event) => setKeepMedia(event.target.checked)}
                disabled={locked}
              />
            }
            label={t('settings.general.keepSkippedMedia')}
          />
          <Typography variant="body2" color="textSecondary" sx={{ ml: 6 }}>
            {t('settings.general.keepSkippedMediaHelp')}
          </Typography>
        </Box>
        <TextField
          select
          label={t('settings.general.defaultPrompt')}
          value={knownPrompt ? promptId : ''}
          onChange={(event) => {
            const value = event.target.value as number | '';
            setPromptId(value === '' ? '' : Number(value));
          }}
          helperText={
            prompts.isError ? t('settings.general.promptsLoadError') : t('settings.general.defaultPromptHelp')
          }
          error={prompts.isError}
          disabled={locked || prompts.isPending}
          slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
          fullWidth
        >
          <MenuItem value="">
            <em>{t('settings.general.noDefaultPrompt')}</em>
          </MenuItem>
          {promptList.map((prompt) => (
            <MenuItem key={prompt.id} value={prompt.id}>
              {prompt.scriptName}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('settings.general.representativeChannel')}
          value={channel}
          onChange={(event) => setChannel(event.target.value as RepresentativeChannel)}
          helperText={t('settings.general.representativeChannelHelp')}
          disabled={locked}
          slotProps={{ inputLabel: { shrink: true } }}
          fullWidth
        >
          {REPRESENTATIVE_CHANNELS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(CHANNEL_LABELS[value])}
            </MenuItem>
          ))}
        </TextField>
        <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
          <Button
            variant="contained"
            onClick={submit}
            disabled={!dirty || locked}
            startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            {save.isPending ? t('common.saving') : t('settings.general.saveAnalysis')}
          </Button>
        </Stack>
      </Stack>
    </SettingsSection>
  );
}
