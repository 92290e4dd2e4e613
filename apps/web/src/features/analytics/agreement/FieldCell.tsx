import { Chip, TableCell } from '@mui/material';
import { AGREEMENT } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../shared/format/numbers';

/** A ledger row's field, marked when its kappa is below the mark. */
export function FieldCell({ path, flagged }: { path: string; flagged: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <TableCell>
      {path}
      {flagged ? (
        <Chip
          size="small"
          color="warning"
          variant="outlined"
          sx={{ ml: 1 }}
          label={t('agreement.flagged', {
            kappa: formatNumber(AGREEMENT.defaultKappaFlag, i18n.language, 2),
          })}
        />
      ) : null}
    </TableCell>
  );
}
