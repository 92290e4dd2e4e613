import {
  Box,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Switch,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { FIELD_NUMBER_MAX, OK_VALUES, type PromptField, TEXT_VALUE_MAX } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../format/numbers';
import { type Draft, readDraft } from './valueDraft';

/** The proposed value of one field, typed like it: a switch, ok / not ok / n/a, an option, a mark, a number, text. */
export function ValueInput({
  field,
  label,
  draft,
  aiValue,
  onChange,
  disabled,
  showProblem,
}: {
  field: PromptField;
  label: string;
  draft: Draft;
  /** The AI's value, which a proposal must differ from (none in a review). */
  aiValue?: unknown;
  onChange: (draft: Draft) => void;
  disabled?: boolean;
  /** Show why the draft is not a value (after a submit attempt, or as soon as a number is typed). */
  showProblem: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { problem } = readDraft(field, draft, aiValue);
  const problemText =
    problem &&
    t(`changeRequests.problems.${problem}`, {
      min: formatNumber(-FIELD_NUMBER_MAX, i18n.language),
      max: formatNumber(FIELD_NUMBER_MAX, i18n.language),
    });
  const error = showProblem && problem !== null;
  const helperText = error ? problemText : undefined;
  const helperLine = error ? <FormHelperText error>{problemText}</FormHelperText> : null;

  switch (field.type) {
    case 'bool':
      return (
        <Box>
          <FormControlLabel
            label={`${label}: ${t(draft === true ? 'analysis.fields.yes' : 'analysis.fields.no')}`}
            control={
              <Switch
                checked={draft === true}
                onChange={(event) => onChange(event.target.checked)}
                disabled={disabled}
              />
            }
          />
          {helperLine}
        </Box>
      );
    case 'ok':
      return (
        <Box>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={draft ?? null}
            onChange={(_event, value: string | null) => value !== null && onChange(value)}
            aria-label={label}
            disabled={disabled}
          >
            {OK_VALUES.map((value) => (
              <ToggleButton key={value} value={value}>
                {t(`analysis.fields.ok.${value.replace(/[^a-z]/g, '')}`)}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {helperLine}
        </Box>
      );
    case 'option':
    case 'marks': {
      const choices =
        field.type === 'option'
          ? (field.options ?? []).map((option) => ({ value: option.value, hint: option.explanation }))
          : [...(field.marks ?? [])]
              .sort((a, b) => a.value - b.value)
              .map((mark) => ({ value: mark.value, hint: mark.explanation }));
      return (
        <TextField
          select
          fullWidth
          size="small"
          label={label}
          value={draft === undefined ? '' : String(draft)}
          onChange={(event) => {
            const chosen = choices.find((choice) => String(choice.value) === event.target.value);
            if (chosen) onChange(chosen.value);
          }}
          error={error}
          helperText={helperText}
          disabled={disabled}
        >
          {choices.map((choice) => (
            <MenuItem key={String(choice.value)} value={String(choice.value)}>
              {choice.hint ? `${choice.value} – ${choice.hint}` : String(choice.value)}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'int':
    case 'float': {
      const typed = typeof draft === 'string' ? draft : '';
      // A number is checked as it is typed: letters are shown refused, never dropped.
      const wrong =
        problem !== null &&
        (showProblem || (typed.trim() !== '' && problem !== 'required' && problem !== 'unchanged'));
      return (
        <TextField
          fullWidth
          size="small"
          label={label}
          value={typed}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{ htmlInput: { inputMode: field.type === 'int' ? 'numeric' : 'decimal' } }}
          error={wrong}
          helperText={wrong ? problemText : undefined}
          disabled={disabled}
        />
      );
    }
    default:
      return (
        <TextField
          fullWidth
          multiline
          minRows={2}
          size="small"
          label={label}
          value={typeof draft === 'string' ? draft : ''}
          onChange={(event) => onChange(event.target.value)}
          slotProps={{ htmlInput: { maxLength: TEXT_VALUE_MAX } }}
          error={error}
          helperText={helperText}
          disabled={disabled}
        />
      );
  }
}
