import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Button, IconButton, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { EXPLANATION_MAX } from '@parley/contracts';
import type { ReactNode } from 'react';
import { removeAt, replaceAt } from './fieldTree';

interface RowListEditorProps<Row> {
  rows: Row[];
  onChange: (rows: Row[]) => void;
  title: string;
  testId: string;
  addLabel: string;
  /** The remove button's tooltip. */
  removeLabel: string;
  /** The remove button's accessible name for row `number` (1-based). */
  removeRowLabel: (number: number) => string;
  /** The row the add button appends. */
  newRow: (rows: Row[]) => Row;
  /** The inputs of one row; `change` replaces the row. */
  renderRow: (row: Row, change: (row: Row) => void) => ReactNode;
  /** Shown between the title and the rows. */
  notice?: ReactNode;
}

/**
 * A titled list of rows with a remove button each and an add button below: the options, marks and
 * classification options of a field (spec 1 §3).
 */
export function RowListEditor<Row>({
  rows,
  onChange,
  title,
  testId,
  addLabel,
  removeLabel,
  removeRowLabel,
  newRow,
  renderRow,
  notice,
}: RowListEditorProps<Row>) {
  return (
    <Stack spacing={1} data-testid={testId}>
      <Typography variant="subtitle2" component="p">
        {title}
      </Typography>
      {notice}
      {rows.map((row, index) => (
        <Stack
          // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity of their own; inputs are controlled
          key={index}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: 'flex-start' }}
        >
          {renderRow(row, (next) => onChange(replaceAt(rows, index, next)))}
          <Tooltip title={removeLabel}>
            <IconButton
              aria-label={removeRowLabel(index + 1)}
              onClick={() => onChange(removeAt(rows, index))}
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      ))}
      <div>
        <Button size="small" startIcon={<AddIcon />} onClick={() => onChange([...rows, newRow(rows)])}>
          {addLabel}
        </Button>
      </div>
    </Stack>
  );
}

/** The free-text part of a row (an option's or mark's explanation, a classification option's description). */
export function RowTextField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <TextField
      size="small"
      label={label}
      value={value}
      fullWidth
      multiline
      onChange={(event) => onChange(event.target.value)}
      slotProps={{ htmlInput: { maxLength: EXPLANATION_MAX } }}
    />
  );
}
