import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Alert, AlertTitle, Box, Button, Collapse, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../shared/format/numbers';
import type { InvalidCsv } from './api';

/** Lists longer than this start collapsed behind a 'show all problems' button. */
export const CSV_ERRORS_COLLAPSE_AFTER = 5;

/** A refused CSV (400 invalid_csv): the server's message and the row and column of every problem listed. */
export function InvalidCsvAlert({ invalid }: { invalid: InvalidCsv }) {
  const { t, i18n } = useTranslation();
  const long = invalid.errors.length > CSV_ERRORS_COLLAPSE_AFTER;
  const [open, setOpen] = useState(!long);
  const number = (value: number) => formatNumber(value, i18n.language);
  return (
    <Alert severity="error" data-testid="invalid-csv" sx={{ '& .MuiAlert-message': { width: '100%' } }}>
      <AlertTitle>{t('bulk.invalidCsv.title')}</AlertTitle>
      <Typography variant="body2">
        {invalid.message || t('bulk.invalidCsv.count', { total: number(invalid.errorCount) })}
      </Typography>
      {long ? (
        <Button
          size="small"
          color="inherit"
          onClick={() => setOpen((value) => !value)}
          aria-expanded={open}
          endIcon={open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
          sx={{ mt: 1, ml: -0.5 }}
          data-testid="csv-errors-toggle"
        >
          {open
            ? t('bulk.invalidCsv.hide')
            : t('bulk.invalidCsv.show', { total: number(invalid.errors.length) })}
        </Button>
      ) : null}
      <Collapse in={open} unmountOnExit>
        <Box
          component="ul"
          data-testid="csv-errors"
          sx={{ m: 0, mt: 1, pl: 2.5, maxHeight: 280, overflowY: 'auto' }}
        >
          {invalid.errors.map((error, index) => (
            <Typography
              component="li"
              variant="body2"
              // biome-ignore lint/suspicious/noArrayIndexKey: the list is fixed; rows may repeat
              key={index}
              data-testid="csv-error"
            >
              <Box component="span" sx={{ fontWeight: 600 }}>
                {error.column
                  ? t('bulk.invalidCsv.rowColumn', { row: number(error.row), column: error.column })
                  : t('bulk.invalidCsv.row', { row: number(error.row) })}
              </Box>
              {': '}
              {error.message}
            </Typography>
          ))}
        </Box>
        {invalid.errorCount > invalid.errors.length ? (
          <Typography variant="body2" sx={{ mt: 1 }} data-testid="csv-errors-more">
            {t('bulk.invalidCsv.listed', {
              shown: number(invalid.errors.length),
              total: number(invalid.errorCount),
            })}
          </Typography>
        ) : null}
      </Collapse>
    </Alert>
  );
}
