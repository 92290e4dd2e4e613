import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Button,
  Chip,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { alpha } from '@mui/material/styles';
import { type KeyboardEvent, type Ref, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addCustomEntry, hasEntry, type MetadataEntry, removeEntry, setEntryValue } from './metadata';

const NAME_MAX = 100;
const VALUE_MAX = 1000;

interface MetadataSectionProps {
  entries: MetadataEntry[];
  onChange: (entries: MetadataEntry[]) => void;
  expanded: boolean;
  onExpandedChange: (expanded: boolean) => void;
  /** Fields drawn in red (blank required fields after a failed upload attempt, for 3 s). */
  invalid: ReadonlySet<string>;
  /** The whole section draws attention (2 s after a failed attempt). */
  highlighted: boolean;
  disabled?: boolean;
  ref?: Ref<HTMLDivElement>;
}

/**
 * Collapsible Call Metadata (spec 1 §2.3, §5): the chosen prompt's required fields (not removable) and
 * custom fields the user adds with a name and a value.
 */
export function MetadataSection({
  entries,
  onChange,
  expanded,
  onExpandedChange,
  invalid,
  highlighted,
  disabled = false,
  ref,
}: MetadataSectionProps) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [value, setValue] = useState('');
  const headerId = useId();
  const required = entries.filter((entry) => entry.required).length;
  const duplicate = name.trim() !== '' && hasEntry(entries, name);

  const add = () => {
    const next = addCustomEntry(entries, name, value);
    if (next === entries) return;
    onChange(next);
    setName('');
    setValue('');
  };

  // Enter adds the field instead of submitting the upload form around the section.
  const addOnEnter = (event: KeyboardEvent) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  return (
    <Accordion
      ref={ref}
      expanded={expanded}
      onChange={(_event, open) => onExpandedChange(open)}
      disableGutters
      variant="outlined"
      // A section of the page, under its h1.
      slotProps={{ heading: { component: 'h2' } }}
      data-testid="metadata-section"
      data-highlighted={highlighted ? 'true' : 'false'}
      sx={(theme) => ({
        borderRadius: 1,
        '&::before': { display: 'none' },
        transition: theme.transitions.create(['box-shadow', 'border-color', 'background-color']),
        ...(highlighted
          ? {
              borderColor: 'error.main',
              boxShadow: `0 0 0 3px ${alpha(theme.palette.error.main, 0.25)}`,
              bgcolor: alpha(theme.palette.error.main, 0.04),
            }
          : {}),
      })}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} id={headerId} aria-controls={`${headerId}-content`}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography sx={{ fontWeight: 500 }}>{t('upload.metadata.title')}</Typography>
          {required > 0 ? (
            <Chip
              size="small"
              variant="outlined"
              label={t('upload.metadata.requiredCount', { count: required })}
            />
          ) : null}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${headerId}-content`}>
        <Stack spacing={2}>
          <Typography variant="body2" color="textSecondary">
            {t('upload.metadata.intro')}
          </Typography>
          {entries.length === 0 ? (
            <Typography variant="body2" color="textSecondary" data-testid="metadata-empty">
              {t('upload.metadata.empty')}
            </Typography>
          ) : (
            <Stack spacing={1.5} data-testid="metadata-fields">
              {entries.map((entry) => (
                <Stack key={entry.name} direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                  <TextField
                    size="small"
                    fullWidth
                    label={entry.name}
                    value={entry.value}
                    required={entry.required}
                    error={invalid.has(entry.name)}
                    disabled={disabled}
                    onChange={(event) => onChange(setEntryValue(entries, entry.name, event.target.value))}
                    slotProps={{
                      htmlInput: { maxLength: VALUE_MAX, 'data-testid': `metadata-value-${entry.name}` },
                    }}
                  />
                  {entry.required ? null : (
                    <Tooltip title={t('upload.metadata.remove', { name: entry.name })}>
                      <span>
                        <IconButton
                          aria-label={t('upload.metadata.remove', { name: entry.name })}
                          disabled={disabled}
                          onClick={() => onChange(removeEntry(entries, entry.name))}
                        >
                          <DeleteOutlineIcon fontSize="small" />
                        </IconButton>
                      </span>
                    </Tooltip>
                  )}
                </Stack>
              ))}
            </Stack>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1}
            sx={{ alignItems: { sm: 'flex-start' } }}
          >
            <TextField
              size="small"
              label={t('upload.metadata.newName')}
              value={name}
              disabled={disabled}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={addOnEnter}
              error={duplicate}
              helperText={duplicate ? t('upload.metadata.duplicate') : undefined}
              slotProps={{ htmlInput: { maxLength: NAME_MAX } }}
              sx={{ flex: 1 }}
            />
            <TextField
              size="small"
              label={t('upload.metadata.newValue')}
              value={value}
              disabled={disabled}
              onChange={(event) => setValue(event.target.value)}
              onKeyDown={addOnEnter}
              slotProps={{ htmlInput: { maxLength: VALUE_MAX } }}
              sx={{ flex: 1 }}
            />
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={add}
              disabled={disabled || !name.trim() || duplicate}
              sx={{ flexShrink: 0, height: 40 }}
            >
              {t('upload.metadata.add')}
            </Button>
          </Stack>
        </Stack>
      </AccordionDetails>
    </Accordion>
  );
}
