import {
  Alert,
  Box,
  Chip,
  FormControlLabel,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  FINAL_SCORE_MODES,
  fromMilliUnits,
  isValidMaxScore,
  LVA_OPTIONS,
  LVA_SURCHARGE_MILLI,
  MAX_SCORE_LIMIT,
  PROJECT_ROLES,
  PROMPT_NAME_MAX,
  PROMPT_TEXT_MAX,
  PROVIDER_NAMES,
  type ProviderId,
  type ProviderInfo,
  pickableModels,
  RESPONSE_LANGUAGES,
  TRANSCRIPTION_LANGUAGES,
  TRANSCRIPTION_TASKS,
  type TranscriptionChoice,
  toggleClassification,
  withDefaultFields,
} from '@parley/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { Dispatch, ReactNode, SetStateAction } from 'react';
import { useTranslation } from 'react-i18next';
import { fallbackModels, modelsQuery, useModels, useProviders } from '../../shared/api/prompts';
import { currentLanguage } from '../../shared/i18n';
import type { PromptFormValues } from './formValues';
import { TranscriptionNotice } from './TranscriptionNotice';
import { UnitsSummary } from './UnitsSummary';
import { formatNumber } from './units';

interface BasicSettingsTabProps {
  values: PromptFormValues;
  /** The project's transcription choice (null: the server's default), for what it means for speakers. */
  transcription: TranscriptionChoice | null;
  setValues: Dispatch<SetStateAction<PromptFormValues>>;
  /** The name of an existing prompt cannot be edited (spec 1 §5). */
  nameReadOnly: boolean;
  /** Set when saving found the name missing. */
  nameError?: string;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section">
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1.5 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 2 }}>
        {children}
      </Box>
    </Box>
  );
}

const full = { gridColumn: '1 / -1' } as const;

/** Basic settings tab (spec 1 §2.2): every prompt setting with the defaults of §3. */
export function BasicSettingsTab({
  values,
  transcription,
  setValues,
  nameReadOnly,
  nameError,
}: BasicSettingsTabProps) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const providers = useProviders();
  const models = useModels(values.provider);
  const set = <K extends keyof PromptFormValues>(key: K, value: PromptFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const maxScoreInvalid = values.maxScore !== null && !isValidMaxScore(values.maxScore);
  const knockoutCap = values.knockoutCap ?? null;
  const knockoutCapInvalid = knockoutCap !== null && !isValidMaxScore(knockoutCap);

  const providerList: ProviderInfo[] = providers.data ?? [];
  const providerOptions = providerList.some((provider) => provider.id === values.provider)
    ? providerList
    : [
        ...providerList,
        { id: values.provider, name: PROVIDER_NAMES[values.provider] ?? values.provider, available: true },
      ];
  // While the list loads, the built-in catalog (the base of the server's) names the model.
  const modelList = models.data ?? fallbackModels(values.provider);
  const selectedModel = modelList.find((model) => model.model === values.model);
  // Retired models are not offered; a prompt still on one shows its name until another is chosen.
  const pickable = pickableModels(modelList);
  const unavailable = providerList.find((provider) => provider.id === values.provider && !provider.available);

  /** Changing the provider selects that provider's first model (spec 1 §4). */
  const changeProvider = async (provider: ProviderId) => {
    const cached = queryClient.getQueryData(modelsQuery(provider).queryKey);
    setValues((current) => ({ ...current, provider, model: cached?.[0]?.model ?? '' }));
    if (cached) return;
    const list = await queryClient.fetchQuery(modelsQuery(provider));
    setValues((current) =>
      current.provider === provider && current.model === ''
        ? { ...current, model: list[0]?.model ?? '' }
        : current,
    );
  };

  const number = (value: number) => formatNumber(value, i18n.language);

  return (
    <Stack spacing={4}>
      <Section title={t('prompts.basic.general')}>
        <TextField
          label={t('prompts.basic.name')}
          required
          value={values.scriptName}
          onChange={(event) => set('scriptName', event.target.value)}
          error={Boolean(nameError)}
          helperText={nameError ?? (nameReadOnly ? t('prompts.basic.nameReadOnly') : undefined)}
          slotProps={{ htmlInput: { maxLength: PROMPT_NAME_MAX, readOnly: nameReadOnly } }}
          disabled={nameReadOnly}
        />
        <TextField
          select
          label={t('prompts.basic.role')}
          value={values.role}
          onChange={(event) => set('role', event.target.value as PromptFormValues['role'])}
        >
          {PROJECT_ROLES.map((role) => (
            <MenuItem key={role} value={role}>
              {t(`projectRoles.${role}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('prompts.basic.responseLanguage')}
          value={values.responseLanguage}
          onChange={(event) =>
            set('responseLanguage', event.target.value as PromptFormValues['responseLanguage'])
          }
        >
          {RESPONSE_LANGUAGES.map((language) => (
            <MenuItem key={language} value={language}>
              {t(`prompts.responseLanguages.${language}`)}
            </MenuItem>
          ))}
        </TextField>
      </Section>

      <Section title={t('prompts.basic.instructions')}>
        <TextField
          sx={full}
          label={t('prompts.basic.basicInstruction')}
          helperText={t('prompts.basic.basicInstructionHint')}
          multiline
          minRows={4}
          value={values.basicInstruction}
          onChange={(event) => set('basicInstruction', event.target.value)}
          slotProps={{ htmlInput: { maxLength: PROMPT_TEXT_MAX } }}
        />
        <TextField
          sx={full}
          label={t('prompts.basic.companyDetails')}
          helperText={t('prompts.basic.companyDetailsHint')}
          multiline
          minRows={2}
          value={values.companyDetails}
          onChange={(event) => set('companyDetails', event.target.value)}
          slotProps={{ htmlInput: { maxLength: PROMPT_TEXT_MAX } }}
        />
      </Section>

      <Section title={t('prompts.basic.model')}>
        <TextField
          select
          label={t('prompts.basic.provider')}
          value={values.provider}
          onChange={(event) => void changeProvider(event.target.value as ProviderId)}
        >
          {providerOptions.map((provider) => (
            <MenuItem key={provider.id} value={provider.id}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{provider.name}</span>
                {provider.available ? null : (
                  <Chip
                    size="small"
                    variant="outlined"
                    color="warning"
                    label={t('prompts.basic.notConfigured')}
                  />
                )}
              </Stack>
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('prompts.basic.modelName')}
          value={values.model}
          disabled={models.isPending}
          onChange={(event) => set('model', event.target.value)}
          helperText={models.isPending ? t('prompts.basic.loadingModels') : undefined}
        >
          {values.model && (!selectedModel || selectedModel.retired) ? (
            <MenuItem value={values.model}>{selectedModel?.display_name ?? values.model}</MenuItem>
          ) : null}
          {pickable.map((model) => (
            <MenuItem key={model.model} value={model.model}>
              {model.display_name}
            </MenuItem>
          ))}
        </TextField>
        {unavailable ? (
          <Alert severity="warning" data-testid="prompt-provider-unavailable" sx={full}>
            {t('prompts.basic.providerUnavailable', { provider: unavailable.name })}
          </Alert>
        ) : null}
        <TextField
          select
          label={t('prompts.basic.lva')}
          value={values.LVA}
          onChange={(event) => set('LVA', event.target.value as PromptFormValues['LVA'])}
          helperText={t('prompts.basic.lvaHint')}
        >
          {LVA_OPTIONS.map((option) => {
            const surcharge = fromMilliUnits(LVA_SURCHARGE_MILLI[option]);
            return (
              <MenuItem key={option} value={option}>
                {t(`prompts.lva.${option}`)}
                {surcharge
                  ? ` (+${t('prompts.units.amount', { count: surcharge, amount: number(surcharge) })})`
                  : ''}
              </MenuItem>
            );
          })}
        </TextField>
        <Box sx={{ gridRow: { md: 'span 2' } }}>
          <UnitsSummary model={selectedModel} lva={values.LVA} />
        </Box>
      </Section>

      <Section title={t('prompts.basic.scoring')}>
        <TextField
          select
          label={t('prompts.basic.finalScore')}
          value={values.finalScore}
          onChange={(event) => {
            const finalScore = event.target.value as PromptFormValues['finalScore'];
            // The Final Score field follows the scoring mode (spec 1 §3).
            setValues((current) => ({
              ...current,
              finalScore,
              content: withDefaultFields(current.content, finalScore, currentLanguage()),
            }));
          }}
        >
          {FINAL_SCORE_MODES.map((mode) => (
            <MenuItem key={mode} value={mode}>
              {t(`prompts.finalScoreModes.${mode}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="number"
          label={t('prompts.basic.maxScore')}
          value={values.maxScore ?? ''}
          onChange={(event) => {
            const text = event.target.value;
            const value = Number(text);
            // Kept as typed: a value out of range is refused with a message, not changed.
            set('maxScore', text === '' || !Number.isFinite(value) ? null : value);
          }}
          error={maxScoreInvalid}
          helperText={maxScoreInvalid ? t('prompts.messages.maxScoreInvalid') : undefined}
          slotProps={{ htmlInput: { min: 0, max: MAX_SCORE_LIMIT } }}
        />
        {values.finalScore !== 'no' ? (
          <TextField
            type="number"
            label={t('knockouts.cap.label')}
            value={knockoutCap ?? ''}
            onChange={(event) => {
              const text = event.target.value;
              const value = Number(text);
              set('knockoutCap', text === '' || !Number.isFinite(value) ? null : value);
            }}
            error={knockoutCapInvalid}
            helperText={knockoutCapInvalid ? t('knockouts.messages.capInvalid') : t('knockouts.cap.hint')}
            slotProps={{ htmlInput: { min: 0, max: MAX_SCORE_LIMIT, 'data-testid': 'knockout-cap' } }}
          />
        ) : null}
        <Box sx={full}>
          <FormControlLabel
            control={
              <Switch
                checked={values.isClassification}
                onChange={(event) => {
                  const on = event.target.checked;
                  setValues((current) => ({
                    ...current,
                    isClassification: on,
                    content: toggleClassification(current.content, on),
                  }));
                }}
              />
            }
            label={t('prompts.basic.classification')}
          />
          <Typography variant="body2" color="textSecondary">
            {t('prompts.basic.classificationHint')}
          </Typography>
        </Box>
      </Section>

      <Section title={t('prompts.basic.transcription')}>
        <TextField
          select
          label={t('prompts.basic.transcriptionTask')}
          value={values.transcriptionTask}
          onChange={(event) =>
            set('transcriptionTask', event.target.value as PromptFormValues['transcriptionTask'])
          }
        >
          {TRANSCRIPTION_TASKS.map((task) => (
            <MenuItem key={task} value={task}>
              {t(`prompts.transcriptionTasks.${task}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          label={t('prompts.basic.transcriptionLanguage')}
          value={values.transcriptionLanguage}
          onChange={(event) =>
            set('transcriptionLanguage', event.target.value as PromptFormValues['transcriptionLanguage'])
          }
        >
          {TRANSCRIPTION_LANGUAGES.map((language) => (
            <MenuItem key={language} value={language}>
              {t(`prompts.transcriptionLanguages.${language}`)}
            </MenuItem>
          ))}
        </TextField>
        <TranscriptionNotice transcription={transcription} task={values.transcriptionTask} />
        <TextField
          sx={full}
          label={t('prompts.basic.transcribeInstructions')}
          helperText={t('prompts.basic.transcribeInstructionsHint')}
          multiline
          minRows={2}
          value={values.transcribeInstructions}
          onChange={(event) => set('transcribeInstructions', event.target.value)}
          slotProps={{ htmlInput: { maxLength: PROMPT_TEXT_MAX } }}
        />
      </Section>
    </Stack>
  );
}
