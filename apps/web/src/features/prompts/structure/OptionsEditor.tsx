import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { EXPLANATION_MAX, type PromptField } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { removeAt, replaceAt } from './fieldTree';

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
    <Stack spacing={1} data-testid="options-editor">
      <Typography variant="subtitle2">{t('prompts.structure.options')}</Typography>
      {options.map((option, index) => (
        <Stack
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; inputs are controlled
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('prompts.structure.optionValue')}
            value={option.value}
            required
            onChange={(event) =>
              onChange(replaceAt(options, index, { ...option, value: event.target.value }))
            }
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ minWidth: 200 }}
          />
          <TextField
            size="small"
            label={t('prompts.structure.optionExplanation')}
            value={option.explanation}
            fullWidth
            multiline
            onChange={(event) =>
              onChange(replaceAt(options, index, { ...option, explanation: event.target.value }))
            }
            slotProps={{ htmlInput: { maxLength: EXPLANATION_MAX } }}
          />
          <Tooltip title={t('prompts.structure.removeOption')}>
            <IconButton
              aria-label={t('prompts.structure.removeOptionNumbered', { number: index + 1 })}
              onClick={() => onChange(removeAt(options, index))}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ))}
      <div>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...options, { value: '', explanation: '' }])}
        >
          {t('prompts.structure.addOption')}
        </Button>
      </div>
    </Stack>
  );
}
