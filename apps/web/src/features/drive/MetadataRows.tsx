import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import { Box, Button, IconButton, MenuItem, Stack, TextField, Tooltip, Typography } from '@mui/material';
import { DRIVE, FIELD_SOURCES, type FieldSource, type StructureType, sourceKeeps } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { type MetadataRow, newRow, withSource } from './integrationForm';

/**
 * The metadata fields of a custom or constants structure: a name, where the value comes from, the regex group
 * or constant value that source needs, and a default (spec 2 §3, §5).
 */
export function MetadataRows({
  type,
  rows,
  onChange,
}: {
  type: StructureType;
  rows: MetadataRow[];
  onChange: (rows: MetadataRow[]) => void;
}) {
  const { t } = useTranslation();
  const update = (key: number, change: (row: MetadataRow) => MetadataRow) =>
    onChange(rows.map((row) => (row.key === key ? change(row) : row)));

  return (
    <Stack spacing={1.5} data-testid="metadata-rows">
      <Typography variant="subtitle2">{t('drive.dialog.metadataTitle')}</Typography>
      {rows.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {t('drive.dialog.noRows')}
        </Typography>
      ) : null}
      {rows.map((row, index) => {
        const keeps = sourceKeeps(row.source);
        return (
          <Box
            key={row.key}
            data-testid={`metadata-row-${index}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr', sm: '1.2fr 1.4fr 1fr 1fr auto' },
              gap: 1,
              alignItems: 'start',
            }}
          >
            <TextField
              size="small"
              label={t('drive.dialog.fieldName')}
              value={row.name}
              onChange={(event) => update(row.key, (current) => ({ ...current, name: event.target.value }))}
              slotProps={{ htmlInput: { maxLength: DRIVE.nameMax } }}
            />
            <TextField
              select
              size="small"
              label={t('drive.dialog.source')}
              value={row.source}
              onChange={(event) =>
                update(row.key, (current) => withSource(current, event.target.value as FieldSource))
              }
            >
              {FIELD_SOURCES.map((source) => (
                <MenuItem key={source} value={source}>
                  {t(`drive.sources.${source}`)}
                </MenuItem>
              ))}
            </TextField>
            {keeps === 'group' ? (
              <TextField
                size="small"
                label={t('drive.dialog.group')}
                helperText={t('drive.dialog.groupHelp')}
                value={row.group}
                onChange={(event) =>
                  update(row.key, (current) => ({ ...current, group: event.target.value }))
                }
              />
            ) : keeps === 'value' ? (
              <TextField
                size="small"
                label={t('drive.dialog.value')}
                value={row.value}
                onChange={(event) =>
                  update(row.key, (current) => ({ ...current, value: event.target.value }))
                }
                slotProps={{ htmlInput: { maxLength: DRIVE.valueMax } }}
              />
            ) : (
              <Box />
            )}
            <TextField
              size="small"
              label={t('drive.dialog.default')}
              value={row.default}
              onChange={(event) =>
                update(row.key, (current) => ({ ...current, default: event.target.value }))
              }
              slotProps={{ htmlInput: { maxLength: DRIVE.valueMax } }}
            />
            <Tooltip title={t('drive.dialog.removeRow')}>
              <IconButton
                aria-label={t('drive.dialog.removeRow')}
                onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
              >
                <DeleteOutlineIcon />
              </IconButton>
            </Tooltip>
          </Box>
        );
      })}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...rows, newRow(type)])}
          disabled={rows.length >= DRIVE.maxMetadataFields}
        >
          {t('drive.dialog.addRow')}
        </Button>
      </Box>
    </Stack>
  );
}
