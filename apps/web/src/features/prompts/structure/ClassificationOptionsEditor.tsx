import { MenuItem, TextField, Typography } from '@mui/material';
import type { PromptField } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { RowListEditor, RowTextField } from './RowListEditor';
import { useStructureSettings } from './StructureContext';

type ClassificationOption = NonNullable<PromptField['classificationOptions']>[number];

/**
 * A classification field routes the conversation to one of the project's other prompts (spec 1 §3):
 * each option names a prompt (promptId, promptName) and describes when it applies.
 */
export function ClassificationOptionsEditor({
  options,
  onChange,
}: {
  options: ClassificationOption[];
  onChange: (options: ClassificationOption[]) => void;
}) {
  const { t } = useTranslation();
  const { choices, choicesLoading } = useStructureSettings();
  return (
    <RowListEditor
      rows={options}
      onChange={onChange}
      title={t('prompts.structure.classificationOptions')}
      testId="classification-editor"
      addLabel={t('prompts.structure.addClassificationOption')}
      removeLabel={t('prompts.structure.removeClassificationOption')}
      removeRowLabel={(number) => t('prompts.structure.removeClassificationOptionNumbered', { number })}
      newRow={() => ({ promptId: '', promptName: '', description: '' })}
      notice={
        !choicesLoading && choices.length === 0 ? (
          <Typography variant="body2" color="textSecondary">
            {t('prompts.structure.noOtherPrompts')}
          </Typography>
        ) : null
      }
      renderRow={(option, change) => {
        const promptId = String(option.promptId);
        const known = choices.some((choice) => String(choice.id) === promptId);
        return (
          <>
            <TextField
              select
              size="small"
              required
              label={t('prompts.structure.classificationPrompt')}
              value={promptId}
              onChange={(event) => {
                const choice = choices.find((entry) => String(entry.id) === event.target.value);
                if (choice) change({ ...option, promptId: String(choice.id), promptName: choice.name });
              }}
              sx={{ minWidth: 220 }}
            >
              {!known && promptId ? (
                <MenuItem value={promptId}>{option.promptName || promptId}</MenuItem>
              ) : null}
              {choices.map((choice) => (
                <MenuItem key={choice.id} value={String(choice.id)}>
                  {choice.name}
                </MenuItem>
              ))}
            </TextField>
            <RowTextField
              label={t('prompts.structure.classificationDescription')}
              value={option.description}
              onChange={(description) => change({ ...option, description })}
            />
          </>
        );
      }}
    />
  );
}
