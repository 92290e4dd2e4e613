import AddIcon from '@mui/icons-material/Add';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Box,
  Button,
  FormHelperText,
  IconButton,
  Stack,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { RECEIVERS, UPLOAD_METADATA } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { type MappingDraftRow, newMappingRow } from './receiverForm';

/**
 * The field mapping of a receiver: each row names a field of the call's payload (`data.user.name`) and the
 * metadata field of the analysis it fills (`Representative`). `problem` says what is wrong at a path.
 */
export function MappingRows({
  rows,
  onChange,
  problem,
  disabled,
}: {
  rows: MappingDraftRow[];
  onChange: (rows: MappingDraftRow[]) => void;
  problem: (path: string) => string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const update = (key: number, change: Partial<MappingDraftRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  const whole = problem('mapping');

  return (
    <Stack spacing={1.5} data-testid="mapping-rows">
      {rows.length === 0 ? (
        <Typography variant="body2" color="textSecondary">
          {t('receivers.dialog.noMapping')}
        </Typography>
      ) : null}
      {rows.map((row, index) => {
        const sourceProblem = problem(`mapping.${index}.source`);
        const metadataProblem = problem(`mapping.${index}.metadata`);
        return (
          <Box
            key={row.key}
            data-testid={`mapping-row-${index}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '1fr auto', sm: '1fr auto 1fr auto' },
              gap: 1,
              alignItems: 'start',
            }}
          >
            <TextField
              size="small"
              label={t('receivers.dialog.callField')}
              value={row.source}
              onChange={(event) => update(row.key, { source: event.target.value })}
              disabled={disabled}
              error={sourceProblem !== undefined}
              helperText={sourceProblem}
              slotProps={{ htmlInput: { maxLength: RECEIVERS.sourceMax, spellCheck: false } }}
              sx={{ '& input': { fontFamily: 'monospace' } }}
            />
            <Box sx={{ display: { xs: 'none', sm: 'flex' }, pt: 1, color: 'text.secondary' }} aria-hidden>
              <ArrowForwardIcon fontSize="small" />
            </Box>
            <TextField
              size="small"
              label={t('receivers.dialog.metadataField')}
              value={row.metadata}
              onChange={(event) => update(row.key, { metadata: event.target.value })}
              disabled={disabled}
              error={metadataProblem !== undefined}
              helperText={metadataProblem}
              slotProps={{ htmlInput: { maxLength: UPLOAD_METADATA.nameMax } }}
            />
            <Tooltip title={t('receivers.dialog.removeRow')}>
              <span>
                <IconButton
                  aria-label={t('receivers.dialog.removeRowNamed', { field: row.source || index + 1 })}
                  onClick={() => onChange(rows.filter((other) => other.key !== row.key))}
                  disabled={disabled}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </span>
            </Tooltip>
          </Box>
        );
      })}
      {whole ? <FormHelperText error>{whole}</FormHelperText> : null}
      <Box>
        <Button
          size="small"
          startIcon={<AddIcon />}
          onClick={() => onChange([...rows, newMappingRow()])}
          disabled={disabled || rows.length >= RECEIVERS.mappingMax}
        >
          {t('receivers.dialog.addRow')}
        </Button>
      </Box>
    </Stack>
  );
}
