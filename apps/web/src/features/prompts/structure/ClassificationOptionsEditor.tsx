import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { EXPLANATION_MAX, type PromptField } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { removeAt, replaceAt } from './fieldTree';
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
    <Stack spacing={1} data-testid="classification-editor">
      <Typography variant="subtitle2">{t('prompts.structure.classificationOptions')}</Typography>
      {!choicesLoading && choices.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {t('prompts.structure.noOtherPrompts')}
        </Typography>
      ) : null}
      {options.map((option, index) => {
        const promptId = String(option.promptId);
        const known = choices.some((choice) => String(choice.id) === promptId);
        return (
          <Stack
            // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; inputs are controlled
            key={index}
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: 'flex-start' }}
          >
            <TextField
              select
              size="small"
              required
              label={t('prompts.structure.classificationPrompt')}
              value={promptId}
              onChange={(event) => {
                const choice = choices.find((entry) => String(entry.id) === event.target.value);
                if (!choice) return;
                onChange(
                  replaceAt(options, index, {
                    ...option,
                    promptId: String(choice.id),
                    promptName: choice.name,
                  }),
                );
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
            <TextField
              size="small"
              label={t('prompts.structure.classificationDescription')}
              value={option.description}
              fullWidth
              multiline
              onChange={(event) =>
                onChange(replaceAt(options, index, { ...option, description: event.target.value }))
              }
              slotProps={{ htmlInput: { maxLength: EXPLANATION_MAX } }}
            />
            <Tooltip title={t('prompts.structure.removeClassificationOption')}>
              <IconButton
                aria-label={t('prompts.structure.removeClassificationOptionNumbered', { number: index + 1 })}
                onClick={() => onChange(removeAt(options, index))}
              >
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </Stack>
        );
      })}
      <div>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...options, { promptId: '', promptName: '', description: '' }])}
        >
          {t('prompts.structure.addClassificationOption')}
        </Button>
      </div>
    </Stack>
  );
}
