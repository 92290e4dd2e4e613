import AddIcon from '@mui/icons-material/Add';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import {
  Box,
  Button,
  FormControlLabel,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Switch,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import {
  changeFieldType,
  EXPLANATION_MAX,
  FIELD_TYPES,
  type FieldType,
  isLockedField,
  isLockedKey,
  KEY_MAX,
  KNOCKOUT_TYPES,
  keepOfferedKnockouts,
  MAX_FIELD_DEPTH,
  type PromptField,
  sanitizeKeyInput,
} from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translatePromptMessage } from '../messages';
import { ClassificationOptionsEditor } from './ClassificationOptionsEditor';
import { fieldId, keepIdentity, move, removeAt, replaceAt, withNewField } from './fieldTree';
import { KnockoutEditor } from './KnockoutEditor';
import { keyErrorAt } from './keyError';
import { MarksEditor } from './MarksEditor';
import { OptionsEditor } from './OptionsEditor';
import { useStructureSettings } from './StructureContext';

interface FieldListProps {
  fields: PromptField[];
  onChange: (fields: PromptField[]) => void;
  /** Keys of the enclosing object fields; [] at the top level. */
  path: string[];
  /** Index path for test ids ('' at the top level, '2.0' inside). */
  testPath?: string;
}

/** One level of the field tree: its fields in order, and a button to add one. */
export function FieldList({ fields, onChange, path, testPath = '' }: FieldListProps) {
  const { t } = useTranslation();
  const { isClassification } = useStructureSettings();
  return (
    <Stack spacing={1.5}>
      {fields.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {path.length ? t('prompts.structure.noNestedFields') : t('prompts.structure.noFields')}
        </Typography>
      ) : null}
      {fields.map((field, index) => {
        const locked = isLockedField(field, isClassification);
        return (
          <FieldEditor
            key={fieldId(field)}
            field={field}
            index={index}
            siblings={fields}
            path={path}
            testPath={testPath ? `${testPath}.${index}` : String(index)}
            locked={locked}
            canMoveUp={!locked && index > 0}
            canMoveDown={!locked && index < fields.length - 1}
            onChange={(next) => onChange(replaceAt(fields, index, keepIdentity(field, next)))}
            onRemove={() => onChange(removeAt(fields, index))}
            onMove={(direction) => onChange(move(fields, index, direction))}
          />
        );
      })}
      <Box>
        <Button
          size="small"
          variant={path.length ? 'text' : 'outlined'}
          startIcon={<AddIcon />}
          onClick={() => onChange(withNewField(fields, path.length === 0))}
        >
          {path.length ? t('prompts.structure.addNestedField') : t('prompts.structure.addField')}
        </Button>
      </Box>
    </Stack>
  );
}

interface FieldEditorProps {
  field: PromptField;
  index: number;
  siblings: PromptField[];
  path: string[];
  testPath: string;
  locked: boolean;
  canMoveUp: boolean;
  canMoveDown: boolean;
  onChange: (field: PromptField) => void;
  onRemove: () => void;
  onMove: (direction: -1 | 1) => void;
}

/** One field: key, type, explanation, include-in-score, and what its type needs (spec 1 §2.2, §3). */
export function FieldEditor({
  field,
  index,
  siblings,
  path,
  testPath,
  locked,
  canMoveUp,
  canMoveDown,
  onChange,
  onRemove,
  onMove,
}: FieldEditorProps) {
  const { t } = useTranslation();
  const { isClassification } = useStructureSettings();
  const [touched, setTouched] = useState(false);
  const keyError = touched ? keyErrorAt(siblings, index, path) : null;
  const name = field.key.trim() || t('prompts.structure.untitled');
  // An object here would hold fields one level deeper than allowed.
  const objectAllowed = path.length + 2 <= MAX_FIELD_DEPTH;
  // Summary, Title and Final Score keep their key and type (spec 1 §5; the server refuses a change). Decided
  // when the row opens, so a new field whose key is typed as one of theirs can still be renamed.
  const [fixed] = useState(() => path.length === 0 && isLockedKey(field.key));
  const typeLocked = fixed || (isClassification && field.type === 'classification');

  return (
    <Paper
      variant="outlined"
      data-testid={`field-${testPath}`}
      role="group"
      aria-label={t('prompts.structure.fieldLabel', { name })}
      sx={{ p: 2, bgcolor: path.length % 2 ? 'background.default' : 'background.paper' }}
    >
      <Stack spacing={1.5}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={1.5}
          sx={{ alignItems: { md: 'flex-start' } }}
        >
          <TextField
            size="small"
            required
            label={t('prompts.structure.key')}
            value={field.key}
            onChange={(event) => onChange({ ...field, key: sanitizeKeyInput(event.target.value) })}
            onBlur={() => setTouched(true)}
            error={Boolean(keyError)}
            helperText={
              keyError
                ? translatePromptMessage(keyError, t)
                : fixed
                  ? t('prompts.structure.fixedKey')
                  : undefined
            }
            slotProps={{
              input: { readOnly: fixed },
              htmlInput: { maxLength: KEY_MAX, 'data-testid': 'field-key' },
            }}
            sx={{ flex: 2, minWidth: 180 }}
          />
          <TextField
            select
            size="small"
            label={t('prompts.structure.type')}
            value={field.type}
            disabled={typeLocked}
            onChange={(event) => onChange(changeFieldType(field, event.target.value as FieldType))}
            sx={{ flex: 1, minWidth: 160 }}
          >
            {FIELD_TYPES.map((type) => (
              <MenuItem key={type} value={type} disabled={type === 'object' && !objectAllowed}>
                {t(`prompts.fieldTypes.${type}`)}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={
              <Switch
                checked={field.includeInScore}
                onChange={(event) => onChange({ ...field, includeInScore: event.target.checked })}
              />
            }
            label={t('prompts.structure.includeInScore')}
            sx={{ whiteSpace: 'nowrap', mr: 0 }}
          />
          <Stack direction="row" sx={{ alignItems: 'center', ml: { md: 'auto' } }}>
            {locked ? (
              <Tooltip title={t('prompts.structure.lockedHint')}>
                <LockOutlinedIcon
                  fontSize="small"
                  color="action"
                  aria-label={t('prompts.structure.locked')}
                  data-testid="field-locked"
                  sx={{ mx: 1 }}
                />
              </Tooltip>
            ) : null}
            <IconButton
              aria-label={t('prompts.structure.moveUp', { name })}
              disabled={!canMoveUp}
              onClick={() => onMove(-1)}
            >
              <ArrowUpwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={t('prompts.structure.moveDown', { name })}
              disabled={!canMoveDown}
              onClick={() => onMove(1)}
            >
              <ArrowDownwardIcon fontSize="small" />
            </IconButton>
            <IconButton
              aria-label={t('prompts.structure.remove', { name })}
              disabled={locked}
              onClick={onRemove}
              color="error"
            >
              <DeleteOutlineIcon fontSize="small" />
            </IconButton>
          </Stack>
        </Stack>
        <TextField
          size="small"
          label={t('prompts.structure.explanation')}
          value={field.explanation}
          fullWidth
          multiline
          minRows={1}
          onChange={(event) => onChange({ ...field, explanation: event.target.value })}
          slotProps={{ htmlInput: { maxLength: EXPLANATION_MAX } }}
        />
        <TypeDetails field={field} path={path} testPath={testPath} onChange={onChange} />
        {KNOCKOUT_TYPES.includes(field.type) ? <KnockoutEditor field={field} onChange={onChange} /> : null}
      </Stack>
    </Paper>
  );
}

function TypeDetails({
  field,
  path,
  testPath,
  onChange,
}: {
  field: PromptField;
  path: string[];
  testPath: string;
  onChange: (field: PromptField) => void;
}) {
  const { t } = useTranslation();
  switch (field.type) {
    case 'option':
      return (
        <OptionsEditor
          options={field.options ?? []}
          onChange={(options) => onChange(keepOfferedKnockouts({ ...field, options }))}
        />
      );
    case 'marks':
      return <MarksEditor marks={field.marks ?? []} onChange={(marks) => onChange({ ...field, marks })} />;
    case 'classification':
      return (
        <ClassificationOptionsEditor
          options={field.classificationOptions ?? []}
          onChange={(classificationOptions) => onChange({ ...field, classificationOptions })}
        />
      );
    case 'object':
      return (
        <Box sx={{ pl: { xs: 1, sm: 2 }, borderLeft: 3, borderColor: 'primary.light' }}>
          <Typography variant="subtitle2" component="p" sx={{ mb: 1 }}>
            {t('prompts.structure.nestedFields')}
          </Typography>
          <FieldList
            fields={field.content ?? []}
            onChange={(content) => onChange({ ...field, content })}
            path={[...path, field.key.trim()]}
            testPath={testPath}
          />
        </Box>
      );
    default:
      return null;
  }
}
