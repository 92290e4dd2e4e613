import { Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import type { ReviewerAgreementRow } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { ScrollRegion } from '../../../shared/components/ScrollRegion';
import { formatAgreementNumber, formatAgreementShare } from '../../../shared/format/agreement';
import { formatCount } from '../../../shared/format/analytics';
import { FieldCell } from './FieldCell';

/** Calibration: where people reviewed the same analysis, how often two reviewers gave the same answer. */
export function ReviewerAgreementTable({ rows }: { rows: ReviewerAgreementRow[] }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const title = t('agreement.betweenReviewers.title');
  return (
    <Stack component="section" spacing={1} data-testid="reviewer-agreement">
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      <Typography variant="body2" color="textSecondary">
        {t('agreement.betweenReviewers.description')}
      </Typography>
      <ScrollRegion label={title}>
        <Table size="small" aria-label={title}>
          <TableHead>
            <TableRow>
              <TableCell>{t('agreement.field')}</TableCell>
              <TableCell align="right">{t('agreement.version')}</TableCell>
              <TableCell align="right">{t('agreement.betweenReviewers.pairs')}</TableCell>
              <TableCell align="right">{t('agreement.betweenReviewers.same')}</TableCell>
              <TableCell align="right">{t('agreement.kappa')}</TableCell>
              <TableCell align="right">{t('agreement.difference')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((row) => (
              <TableRow
                key={`${row.prompt_version} ${row.path}`}
                data-testid={`reviewer-agreement-${row.path}`}
              >
                <FieldCell path={row.path} flagged={row.flagged} />
                <TableCell align="right">{row.prompt_version}</TableCell>
                <TableCell align="right">{formatCount(row.count, language)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAgreementShare(row.agreement, row.agreement_interval, language)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAgreementNumber(row.kappa, row.kappa_interval, language)}
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  {formatAgreementNumber(
                    row.mean_absolute_difference,
                    row.mean_absolute_difference_interval,
                    language,
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </ScrollRegion>
    </Stack>
  );
}
