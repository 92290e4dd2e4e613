import { TextField } from '@mui/material';
import type { PromptField } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { RowListEditor, RowTextField } from './RowListEditor';

type FieldMark = NonNullable<PromptField['marks']>[number];

/** Marks are whole numbers of at least 0 (spec 1 §5): anything but digits is dropped while typing. */
export function parseMark(text: string): number {
  const digits = text.replace(/\D/g, '');
  return digits === '' ? 0 : Number(digits.slice(0, 9));
}

/** A new mark is one above the highest so far (0 for the first). */
function nextMark(marks: FieldMark[]): FieldMark {
  const value = marks.length ? Math.max(...marks.map((mark) => mark.value)) + 1 : 0;
  return { value, explanation: '' };
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
  return (
    <RowListEditor
      rows={marks}
      onChange={onChange}
      title={t('prompts.structure.marks')}
      testId="marks-editor"
      addLabel={t('prompts.structure.addMark')}
      removeLabel={t('prompts.structure.removeMark')}
      removeRowLabel={(number) => t('prompts.structure.removeMarkNumbered', { number })}
      newRow={nextMark}
      renderRow={(mark, change) => (
        <>
          <TextField
            size="small"
            label={t('prompts.structure.markValue')}
            value={String(mark.value)}
            onChange={(event) => change({ ...mark, value: parseMark(event.target.value) })}
            slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
            sx={{ width: 120, flexShrink: 0 }}
          />
          <RowTextField
            label={t('prompts.structure.markExplanation')}
            value={mark.explanation}
            onChange={(explanation) => change({ ...mark, explanation })}
          />
        </>
      )}
    />
  );
}
