import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { EXPLANATION_MAX, type PromptField } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { removeAt, replaceAt } from './fieldTree';

type FieldMark = NonNullable<PromptField['marks']>[number];

/** Marks are whole numbers of at least 0 (spec 1 §5): anything but digits is dropped while typing. */
export function parseMark(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? 0 : Number(digits.slice(0, 9));
}

/** The marks a 'marks' field allows: a whole number >= 0 + explanation each (spec 1 §3). */
export function MarksEditor({
  marks,
  onChange,
}: {
  marks: FieldMark[];
  onChange: (marks: FieldMark[]) => void;
}) {
  const { t } = useTranslation();
  const nextValue = marks.length ? Math.max(...marks.map((mark) => mark.value)) + 1 : 0;
  return (
    <Stack spacing={1} data-testid="marks-editor">
      <Typography variant="subtitle2">{t('prompts.structure.marks')}</Typography>
      {marks.map((mark, index) => (
        <Stack
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; inputs are controlled
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('prompts.structure.markValue')}
            value={String(mark.value)}
            onChange={(event) =>
              onChange(replaceAt(marks, index, { ...mark, value: parseMark(event.target.value) }))
            }
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            sx={{ width: 120, flexShrink: 0 }}
          />
          <TextField
            size="small"
            label={t('prompts.structure.markExplanation')}
            value={mark.explanation}
            fullWidth
            multiline
            onChange={(event) =>
              onChange(replaceAt(marks, index, { ...mark, explanation: event.target.value }))
            }
            slotProps={{ htmlInput: { maxLength: EXPLANATION_MAX } }}
          />
          <Tooltip title={t('prompts.structure.removeMark')}>
            <IconButton
              aria-label={t('prompts.structure.removeMarkNumbered', { number: index + 1 })}
              onClick={() => onChange(removeAt(marks, index))}
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
          onClick={() => onChange([...marks, { value: nextValue, explanation: '' }])}
        >
          {t('prompts.structure.addMark')}
        </Button>
      </div>
    </Stack>
  );
}
