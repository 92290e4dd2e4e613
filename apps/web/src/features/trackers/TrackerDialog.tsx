import {
  Alert,
  Autocomplete,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Stack,
  TextField,
} from '@mui/material';
import {
  LANGUAGE_NATIVE_NAMES,
  stemsWords,
  TRACKER_KINDS,
  TRACKER_SPEAKERS,
  TRACKERS,
  type Tracker,
  type TrackerKind,
  type TrackerSpeaker,
  UI_LANGUAGES,
  type UiLanguage,
} from '@parley/contracts';
import { type ClipboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../shared/api/client';
import { useCreateTracker, useUpdateTracker } from '../../shared/api/trackers';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { DialogButtons } from '../../shared/components/DialogButtons';
import type { ToastMessage } from '../../shared/components/Toast';
import { currentLanguage } from '../../shared/i18n';
import type { TrackerSuggestion } from '../../shared/trackers/suggestion';
import {
  addPhrases,
  changesOf,
  checkDraft,
  draftOf,
  reapplies,
  type TrackerDraft,
  type WindowChoice,
} from './trackerForm';

const WINDOW_CHOICES: readonly WindowChoice[] = ['anywhere', 'first', 'last'];

/**
 * Adding or changing a tracker. Its kind is chosen when it is added: keywords (name, language, which decides
 * whether words match their other forms, words and phrases, who must say them and when) or smart (name and the
 * statement the analysis model answers). The contracts schema checks the form before it is sent; the server's
 * refusals (a name the project has, too many trackers) show translated.
 */
export function TrackerDialog({
  projectId,
  tracker,
  suggestion = null,
  notify,
  onClose,
}: {
  projectId: number;
  /** The tracker to change, or null to add one. */
  tracker: Tracker | null;
  /** What a new tracker starts with (a topic's suggestion). */
  suggestion?: TrackerSuggestion | null;
  notify: (message: ToastMessage) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const errorText = useErrorMessage('trackers');
  const create = useCreateTracker(projectId);
  const update = useUpdateTracker(projectId);
  const busy = (tracker ? update : create).isPending;
  const [draft, setDraft] = useState<TrackerDraft>(() => draftOf(tracker, currentLanguage(), suggestion));
  const [typed, setTyped] = useState('');
  const [tried, setTried] = useState(false);
  const [refused, setRefused] = useState<{ nameTaken: boolean; text: string } | null>(null);

  // A phrase typed but not yet turned into a chip counts as entered.
  const entered = { ...draft, phrases: addPhrases(draft.phrases, typed) };
  const smart = draft.kind === 'smart';
  const checked = checkDraft(entered);
  const problems = tried ? (checked.problems ?? {}) : {};
  const nameProblem = refused?.nameTaken
    ? refused.text
    : problems.name && t(problems.name, { max: TRACKERS.nameMax });

  const edit = (change: Partial<TrackerDraft>) => {
    setDraft((old) => ({ ...old, ...change }));
    setRefused(null);
  };

  // A text input drops the line breaks of a pasted list: a list of lines becomes one chip per line instead.
  const pastePhrases = (event: ClipboardEvent<HTMLInputElement>) => {
    const text = event.clipboardData.getData('text');
    if (!/[\r\n]/.test(text)) return;
    event.preventDefault();
    edit({ phrases: addPhrases(draft.phrases, `${typed}\n${text}`) });
    setTyped('');
  };

  const submit = () => {
    setTried(true);
    if (busy || !checked.body) return;
    setDraft(entered);
    setTyped('');
    const onError = (error: unknown) =>
      setRefused({
        nameTaken: isApiError(error, 409) && error.code === 'tracker_name_taken',
        text: errorText(error, 'trackers.dialog.saveFailed'),
      });
    if (!tracker) {
      const body = checked.body;
      create.mutate(body, {
        onSuccess: () => {
          // A keyword tracker is applied to past analyses at once (free); a smart one only when paid for.
          const created = body.kind === 'smart' ? 'createdSmart' : 'created';
          notify({ severity: 'success', text: t(`trackers.dialog.${created}`) });
          onClose();
        },
        onError,
      });
      return;
    }
    const changes = changesOf(tracker, checked.body);
    if (Object.keys(changes).length === 0) {
      onClose();
      return;
    }
    update.mutate(
      { trackerId: tracker.id, body: changes },
      {
        onSuccess: () => {
          notify({
            severity: 'success',
            text: t(reapplies(tracker, changes) ? 'trackers.dialog.savedReapplied' : 'trackers.dialog.saved'),
          });
          onClose();
        },
        onError,
      },
    );
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>
        {t(tracker ? 'trackers.dialog.editTitle' : 'trackers.dialog.createTitle')}
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          {refused && !refused.nameTaken ? (
            <Alert severity="error" data-testid="tracker-error">
              {refused.text}
            </Alert>
          ) : null}
          <TextField
            label={t('trackers.dialog.name')}
            value={draft.name}
            onChange={(event) => edit({ name: event.target.value })}
            placeholder={t('trackers.dialog.namePlaceholder')}
            required
            fullWidth
            disabled={busy}
            error={Boolean(nameProblem)}
            helperText={nameProblem}
            slotProps={{ htmlInput: { maxLength: TRACKERS.nameMax } }}
          />
          <FormControl disabled={busy || tracker !== null}>
            <FormLabel id={`${titleId}-kind`}>{t('trackers.dialog.kind')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby={`${titleId}-kind`}
              value={draft.kind}
              onChange={(event) => edit({ kind: event.target.value as TrackerKind })}
            >
              {TRACKER_KINDS.map((kind) => (
                <FormControlLabel
                  key={kind}
                  value={kind}
                  control={<Radio />}
                  label={t(`trackers.kinds.${kind}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
          {smart ? (
            <TextField
              label={t('trackers.dialog.statement')}
              value={draft.statement}
              onChange={(event) => edit({ statement: event.target.value })}
              placeholder={t('trackers.dialog.statementPlaceholder')}
              required
              fullWidth
              multiline
              minRows={2}
              disabled={busy}
              error={Boolean(problems.statement)}
              helperText={
                problems.statement
                  ? t(problems.statement, { max: TRACKERS.statementMax })
                  : t('trackers.dialog.statementHelp')
              }
              slotProps={{ htmlInput: { maxLength: TRACKERS.statementMax } }}
            />
          ) : null}
          {smart ? null : (
            <>
              <TextField
                select
                label={t('trackers.dialog.language')}
                value={draft.language}
                onChange={(event) => edit({ language: event.target.value as UiLanguage })}
                fullWidth
                disabled={busy}
                helperText={t(stemsWords(draft.language) ? 'trackers.dialog.stems' : 'trackers.dialog.exact')}
              >
                {UI_LANGUAGES.map((language) => (
                  <MenuItem key={language} value={language} lang={language}>
                    {LANGUAGE_NATIVE_NAMES[language]}
                  </MenuItem>
                ))}
              </TextField>
              <Autocomplete
                multiple
                freeSolo
                autoSelect
                options={[]}
                value={draft.phrases}
                inputValue={typed}
                onInputChange={(_event, value, reason) => {
                  // A comma typed ends a phrase.
                  if (reason === 'input' && value.includes(',')) {
                    edit({ phrases: addPhrases(draft.phrases, value) });
                    setTyped('');
                  } else setTyped(value);
                }}
                onChange={(_event, value) => edit({ phrases: addPhrases([], value.join('\n')) })}
                disabled={busy}
                renderValue={(selected, getItemProps) =>
                  selected.map((phrase, index) => {
                    const { key, ...itemProps } = getItemProps({ index });
                    return <Chip key={key} size="small" label={phrase} {...itemProps} />;
                  })
                }
                renderInput={(params) => (
                  <TextField
                    {...params}
                    label={t('trackers.dialog.phrases')}
                    required
                    placeholder={
                      draft.phrases.length === 0 ? t('trackers.dialog.phrasesPlaceholder') : undefined
                    }
                    error={Boolean(problems.phrases)}
                    helperText={
                      problems.phrases
                        ? t(problems.phrases, { max: TRACKERS.phrasesMax, length: TRACKERS.phraseMax })
                        : t('trackers.dialog.phrasesHelp', {
                            entered: entered.phrases.length,
                            max: TRACKERS.phrasesMax,
                          })
                    }
                    slotProps={{
                      ...params.slotProps,
                      htmlInput: { ...params.slotProps.htmlInput, onPaste: pastePhrases },
                    }}
                  />
                )}
              />
              <FormControl disabled={busy}>
                <FormLabel id={`${titleId}-speaker`}>{t('trackers.dialog.speaker')}</FormLabel>
                <RadioGroup
                  row
                  aria-labelledby={`${titleId}-speaker`}
                  value={draft.speaker}
                  onChange={(event) => edit({ speaker: event.target.value as TrackerSpeaker })}
                >
                  {TRACKER_SPEAKERS.map((speaker) => (
                    <FormControlLabel
                      key={speaker}
                      value={speaker}
                      control={<Radio />}
                      label={t(`trackers.speakers.${speaker}`)}
                    />
                  ))}
                </RadioGroup>
              </FormControl>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
                <TextField
                  select
                  label={t('trackers.dialog.window')}
                  value={draft.window}
                  onChange={(event) => edit({ window: event.target.value as WindowChoice })}
                  fullWidth
                  disabled={busy}
                  helperText={draft.window === 'anywhere' ? undefined : t('trackers.dialog.windowHelp')}
                >
                  {WINDOW_CHOICES.map((choice) => (
                    <MenuItem key={choice} value={choice}>
                      {t(`trackers.windows.${choice}`)}
                    </MenuItem>
                  ))}
                </TextField>
                {draft.window === 'anywhere' ? null : (
                  <TextField
                    label={t('trackers.dialog.seconds')}
                    type="number"
                    value={draft.seconds}
                    onChange={(event) => edit({ seconds: event.target.value })}
                    disabled={busy}
                    error={Boolean(problems.seconds)}
                    helperText={problems.seconds && t(problems.seconds, { max: TRACKERS.windowSecondsMax })}
                    slotProps={{ htmlInput: { min: 1, max: TRACKERS.windowSecondsMax, step: 1 } }}
                    sx={{ minWidth: { sm: 160 } }}
                  />
                )}
              </Stack>
            </>
          )}
        </Stack>
      </DialogContent>
      <DialogButtons
        onCancel={onClose}
        onSubmit={submit}
        submitLabel={t(tracker ? 'trackers.dialog.save' : 'trackers.dialog.create')}
        busy={busy}
        disabled={tried && checked.problems !== null}
      />
    </Dialog>
  );
}
