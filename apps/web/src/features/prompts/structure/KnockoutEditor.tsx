import { Checkbox, FormControl, FormControlLabel, FormGroup, FormHelperText, FormLabel } from '@mui/material';
import { knockoutChoices, type PromptField, toggleKnockout } from '@parley/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { knockoutAnswerLabel } from '../../../shared/analyses/knockouts';

/**
 * The answers of a yes/no, ok or option field that knock the whole conversation out (contracts
 * prompts/knockouts.ts): a checkbox per answer the field offers.
 */
export function KnockoutEditor({
  field,
  onChange,
}: {
  field: PromptField;
  onChange: (field: PromptField) => void;
}) {
  const { t } = useTranslation();
  const hintId = useId();
  const choices = knockoutChoices(field);
  const chosen = field.knockout ?? [];
  return (
    <FormControl component="fieldset" variant="standard" data-testid="knockout-editor">
      <FormLabel component="legend" sx={{ typography: 'body2' }}>
        {t('knockouts.editor.label')}
      </FormLabel>
      <FormGroup row aria-describedby={hintId}>
        {choices.map((answer) => (
          <FormControlLabel
            key={String(answer)}
            control={
              <Checkbox
                size="small"
                color="error"
                checked={chosen.includes(answer)}
                onChange={(event) => onChange(toggleKnockout(field, answer, event.target.checked))}
              />
            }
            label={knockoutAnswerLabel(answer, t)}
          />
        ))}
      </FormGroup>
      <FormHelperText id={hintId} sx={{ mx: 0 }}>
        {choices.length === 0 ? t('knockouts.editor.noOptions') : t('knockouts.editor.hint')}
      </FormHelperText>
    </FormControl>
  );
}
