import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import {
  type PrivacySettings,
  REDACTION_ENTITY_TYPES,
  REDACTION_KEEP,
  RETENTION_DAYS,
  type RedactionEntityType,
  type RedactionKeep,
} from '@parley/contracts';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorField } from '../../shared/api/client';
import { SettingsSection } from '../../shared/components/SettingsSection';
import { QueryContent } from '../../shared/components/States';
import { phoneRegionOptions } from './phoneRegions';
import { usePrivacySettings, useSavePrivacySettings } from './privacyApi';
import { RetentionPreview } from './RetentionPreview';
import type { TabProps } from './tabProps';
import { useSettingsError } from './useSettingsError';

/** The form's state: the settings, with the retention days as typed ('' keeps forever). */
interface Draft {
  redaction_enabled: boolean;
  redaction_types: RedactionEntityType[];
  redaction_keep: RedactionKeep;
  region: string;
  media_retention_days: string;
  result_retention_days: string;
}

type RetentionField = 'media_retention_days' | 'result_retention_days';

/** The inputs a refusal about them is shown at (other refusals come as a toast). */
const FIELDS_WITH_ERRORS: readonly string[] = [
  'redaction_types',
  'region',
  'media_retention_days',
  'result_retention_days',
];

/**
 * A group's title stays readable while redaction is off (its controls are disabled): a legend is text, not a
 * control, so the contrast rule applies to it (axe color-contrast).
 */
const readableLegend = { '&.Mui-disabled': { color: 'text.secondary' } } as const;

const draftOf = (settings: PrivacySettings): Draft => ({
  ...settings,
  region: settings.region ?? '',
  media_retention_days: settings.media_retention_days?.toString() ?? '',
  result_retention_days: settings.result_retention_days?.toString() ?? '',
});

/** Typed days as the API takes them: null when empty, undefined when not a whole number in range. */
function retentionDays(typed: string): number | null | undefined {
  const value = typed.trim();
  if (value === '') return null;
  const days = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  return days >= RETENTION_DAYS.min && days <= RETENTION_DAYS.max ? days : undefined;
}

/** The settings a draft saves, or null while a retention field holds no valid number of days. */
function settingsOf(draft: Draft): PrivacySettings | null {
  const media = retentionDays(draft.media_retention_days);
  const result = retentionDays(draft.result_retention_days);
  if (media === undefined || result === undefined) return null;
  return {
    redaction_enabled: draft.redaction_enabled,
    redaction_types: REDACTION_ENTITY_TYPES.filter((type) => draft.redaction_types.includes(type)),
    redaction_keep: draft.redaction_keep,
    region: draft.region || null,
    media_retention_days: media,
    result_retention_days: result,
  };
}

/**
 * Privacy tab (issue 34): redaction of personal and card data (on/off, which types, what is kept, the
 * country of phone numbers without a country code) and how long media and results are kept.
 */
export function PrivacyTab(props: TabProps) {
  const { t } = useTranslation();
  const query = usePrivacySettings(props.project.id);
  return (
    <QueryContent
      query={query}
      loadingLabel={t('settings.privacy.loading')}
      errorTitle={t('settings.privacy.loadError')}
    >
      {(settings) => <PrivacyForm {...props} settings={settings} />}
    </QueryContent>
  );
}

function PrivacyForm({ project, notify, readOnly, settings }: TabProps & { settings: PrivacySettings }) {
  const { t, i18n } = useTranslation();
  const settingsError = useSettingsError();
  const save = useSavePrivacySettings(project.id);
  const [draft, setDraft] = useState(() => draftOf(settings));
  const regions = useMemo(() => phoneRegionOptions(i18n.language), [i18n.language]);
  const keepLabelId = useId();

  const next = settingsOf(draft);
  // Both sides in the form's order of the types, so that a stored order alone is no change.
  const changed = next !== null && JSON.stringify(next) !== JSON.stringify(settingsOf(draftOf(settings)));
  const locked = readOnly || save.isPending;
  const redactionLocked = locked || !draft.redaction_enabled;
  // A refusal about one input (e.g. no types while on) shows at that input; any change clears it.
  const refusedField = save.isError ? errorField(save.error) : undefined;
  const refusal = (field: string) => (refusedField === field ? settingsError(save.error) : undefined);

  const edit = (patch: Partial<Draft>) => {
    setDraft((old) => ({ ...old, ...patch }));
    if (save.isError) save.reset();
  };

  const toggleType = (type: RedactionEntityType, on: boolean) =>
    edit({
      redaction_types: on
        ? [...draft.redaction_types, type]
        : draft.redaction_types.filter((other) => other !== type),
    });

  const submit = () => {
    if (!next) return;
    save.mutate(next, {
      onSuccess: () => notify({ severity: 'success', text: t('settings.privacy.saved') }),
      onError: (error) => {
        if (!FIELDS_WITH_ERRORS.includes(errorField(error) ?? '')) {
          notify({ severity: 'error', text: settingsError(error, 'settings.privacy.saveError') });
        }
      },
    });
  };

  const retentionInput = (field: RetentionField, label: string) => {
    const invalid = retentionDays(draft[field]) === undefined;
    return (
      <TextField
        label={label}
        type="number"
        value={draft[field]}
        onChange={(event) => edit({ [field]: event.target.value })}
        error={invalid || refusal(field) !== undefined}
        helperText={
          invalid
            ? t('settings.privacy.daysInvalid', RETENTION_DAYS)
            : (refusal(field) ?? t('settings.privacy.keepForever'))
        }
        disabled={locked}
        slotProps={{ htmlInput: { min: RETENTION_DAYS.min, max: RETENTION_DAYS.max, step: 1 } }}
        sx={{ maxWidth: 420 }}
        fullWidth
      />
    );
  };

  return (
    <Stack spacing={3}>
      <SettingsSection title={t('settings.privacy.redactionTitle')} testId="privacy-redaction">
        <Stack spacing={3}>
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.redaction_enabled}
                  onChange={(event) => edit({ redaction_enabled: event.target.checked })}
                  disabled={locked}
                />
              }
              label={t('settings.privacy.redact')}
            />
            <Typography variant="body2" color="textSecondary" sx={{ ml: 6 }}>
              {t('settings.privacy.redactHelp')}
            </Typography>
          </Box>
          <FormControl
            component="fieldset"
            disabled={redactionLocked}
            error={refusal('redaction_types') !== undefined}
          >
            <FormLabel component="legend" sx={readableLegend}>
              {t('settings.privacy.typesLabel')}
            </FormLabel>
            <FormGroup
              sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: '1fr 1fr 1fr' } }}
            >
              {REDACTION_ENTITY_TYPES.map((type) => (
                <FormControlLabel
                  key={type}
                  control={
                    <Checkbox
                      checked={draft.redaction_types.includes(type)}
                      onChange={(event) => toggleType(type, event.target.checked)}
                    />
                  }
                  label={t(`settings.privacy.types.${type}`)}
                />
              ))}
            </FormGroup>
            {refusal('redaction_types') ? (
              <FormHelperText data-testid="privacy-types-error">{refusal('redaction_types')}</FormHelperText>
            ) : null}
          </FormControl>
          <FormControl component="fieldset" disabled={redactionLocked}>
            <FormLabel component="legend" id={keepLabelId} sx={readableLegend}>
              {t('settings.privacy.keepLabel')}
            </FormLabel>
            <RadioGroup
              aria-labelledby={keepLabelId}
              value={draft.redaction_keep}
              onChange={(event) => edit({ redaction_keep: event.target.value as RedactionKeep })}
            >
              {REDACTION_KEEP.map((keep) => (
                <FormControlLabel
                  key={keep}
                  value={keep}
                  control={<Radio />}
                  label={t(`settings.privacy.keep.${keep}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          <TextField
            select
            label={t('settings.privacy.region')}
            value={draft.region}
            onChange={(event) => edit({ region: event.target.value })}
            error={refusal('region') !== undefined}
            helperText={refusal('region') ?? t('settings.privacy.regionHelp')}
            disabled={redactionLocked}
            slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            sx={{ maxWidth: 420 }}
            fullWidth
          >
            <MenuItem value="">{t('settings.privacy.noRegion')}</MenuItem>
            {regions.map((region) => (
              <MenuItem key={region.code} value={region.code}>
                {region.name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </SettingsSection>
      <SettingsSection
        title={t('settings.privacy.retentionTitle')}
        description={t('settings.privacy.retentionHelp')}
        testId="privacy-retention"
      >
        <Stack spacing={3}>
          {retentionInput('media_retention_days', t('settings.privacy.mediaDays'))}
          {retentionInput('result_retention_days', t('settings.privacy.resultDays'))}
          <RetentionPreview
            projectId={project.id}
            timeZone={project.timezone}
            unsaved={
              retentionDays(draft.media_retention_days) !== settings.media_retention_days ||
              retentionDays(draft.result_retention_days) !== settings.result_retention_days
            }
          />
        </Stack>
      </SettingsSection>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!changed || locked}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {save.isPending ? t('common.saving') : t('settings.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
