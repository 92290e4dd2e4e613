import { TextField } from '@mui/material';
import type { PromptField } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { RowListEditor, RowTextField } from './RowListEditor';

type FieldOption = NonNullable<PromptField['options']>[number];

/** The answers an 'option' field allows: value + explanation each (spec 1 §3). */
export function OptionsEditor({
  options,
  onChange,
}: {
  options: FieldOption[];
  onChange: (options: FieldOption[]) => void;
}) {
  const { t } = useTranslation();
  return (
    <RowListEditor
      rows={options}
      onChange={onChange}
      title={t('prompts.structure.options')}
      testId="options-editor"
      addLabel={t('prompts.structure.addOption')}
      removeLabel={t('prompts.structure.removeOption')}
      removeRowLabel={(number) => t('prompts.structure.removeOptionNumbered', { number })}
      newRow={() => ({ value: '', explanation: '' })}
      renderRow={(option, change) => (
        <>
          <TextField
            size="small"
            label={t('prompts.structure.optionValue')}
            value={option.value}
            required
            onChange={(event) => change({ ...option, value: event.target.value })}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ minWidth: 200 }}
          />
          <RowTextField
            label={t('prompts.structure.optionExplanation')}
            value={option.explanation}
            onChange={(explanation) => change({ ...option, explanation })}
          />
        </>
      )}
    />
  );
}
