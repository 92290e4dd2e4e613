import { TextField } from '@mui/material';
import { isValidMark, type PromptField } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowListEditor, RowTextField } from './RowListEditor';

type FieldMark = NonNullable<PromptField['marks']>[number];

/**
 * The number a typed mark stands for, kept as typed ('2.5' is 2.5, '-3' is -3) so that the form refuses it
 * rather than changing it; NaN for text that is no number. Valid marks are whole numbers of at least 0
 * (spec 1 §5, isValidMark).
 */
export function parseMark(text: string): number {
  const trimmed = text.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

const markText = (value: number) => (Number.isNaN(value) ? '' : String(value));

/** A new mark is one above the highest valid one so far (0 for the first). */
function nextMark(marks: FieldMark[]): FieldMark {
  const values = marks.map((mark) => mark.value).filter(isValidMark);
  return { value: values.length ? Math.max(...values) + 1 : 0, explanation: '' };
}

/** A mark's value as the user typed it, with a message while it is not a whole number of 0 or more. */
function MarkValueField({ value, onChange }: { value: number; onChange: (value: number) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(() => markText(value));
  // Rows have no identity: when another row's mark moves into this input, show that mark.
  const shown = Object.is(parseMark(text), value) ? text : markText(value);
  const invalid = !isValidMark(value);
  return (
    <TextField
      size="small"
      label={t('prompts.structure.markValue')}
      value={shown}
      onChange={(event) => {
        setText(event.target.value);
        onChange(parseMark(event.target.value));
      }}
      error={invalid}
      helperText={invalid ? t('prompts.structure.markInvalid') : undefined}
      slotProps={{ htmlInput: { inputMode: 'numeric' } }}
      sx={{ width: 140, flexShrink: 0 }}
    />
  );
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
          <MarkValueField value={mark.value} onChange={(value) => change({ ...mark, value })} />
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
