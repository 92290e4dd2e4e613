import {
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { AGREEMENT_GROUPS, type AgreementGroup, type AgreementRow } from '@parley/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../../shared/api/client';
import { useCurrentProject } from '../../../shared/app/ProjectGuard';
import { ScrollRegion } from '../../../shared/components/ScrollRegion';
import { SectionCard } from '../../../shared/components/SectionCard';
import { QueryContent } from '../../../shared/components/States';
import {
  type AgreementInterval,
  formatAgreementNumber,
  formatAgreementShare,
} from '../../../shared/format/agreement';
import { formatCount } from '../../../shared/format/analytics';
import { useAgreement } from './agreementApi';
import { DisagreementsDialog } from './DisagreementsDialog';
import { FieldCell } from './FieldCell';
import { ReviewerAgreementTable } from './ReviewerAgreementTable';

/**
 * The agreement ledger (issue 35 part 5): per field of the prompt's scorecard versions, how often reviewers
 * kept the AI's answers, Cohen's kappa and the mean difference for numbers, each with its 95 % interval; a
 * field below the kappa mark is flagged and its changed answers are a click away. Shown to those who review.
 */
export function AgreementCard({ promptId, from, to }: { promptId: number; from?: string; to?: string }) {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  const [group, setGroup] = useState<AgreementGroup>('none');
  const [opened, setOpened] = useState<AgreementRow | null>(null);
  const ledger = useAgreement(project.id, { prompt_id: promptId, from, to, group });
  if (isApiError(ledger.error, 403)) return null;
  const language = i18n.language;
  const share = (value: number | null, interval: AgreementInterval) =>
    formatAgreementShare(value, interval, language);
  const number = (value: number | null, interval: AgreementInterval) =>
    formatAgreementNumber(value, interval, language);

  return (
    <SectionCard title={t('agreement.title')} subtitle={t('agreement.subtitle')} testId="agreement">
      <Stack spacing={2}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={group}
          onChange={(_event, value: AgreementGroup | null) => value && setGroup(value)}
          aria-label={t('agreement.groupLabel')}
        >
          {AGREEMENT_GROUPS.map((option) => (
            <ToggleButton key={option} value={option}>
              {t(`agreement.group.${option}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        <QueryContent
          query={ledger}
          loadingLabel={t('analytics.loading')}
          errorTitle={t('analytics.loadError')}
          isEmpty={(data) => data.rows.length === 0}
          empty={<Typography color="textSecondary">{t('agreement.empty')}</Typography>}
        >
          {(data) => (
            <Stack spacing={1}>
              <Typography variant="body2" color="textSecondary">
                {t('agreement.reviews', {
                  count: data.reviews,
                  formatted: formatCount(data.reviews, language),
                })}
              </Typography>
              <ScrollRegion label={t('agreement.title')}>
                <Table size="small" aria-label={t('agreement.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('agreement.field')}</TableCell>
                      <TableCell align="right">{t('agreement.version')}</TableCell>
                      {group === 'none' ? null : <TableCell>{t(`agreement.group.${group}`)}</TableCell>}
                      <TableCell align="right">{t('agreement.count')}</TableCell>
                      <TableCell align="right">{t('agreement.agreement')}</TableCell>
                      <TableCell align="right">{t('agreement.kappa')}</TableCell>
                      <TableCell align="right">{t('agreement.difference')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.rows.map((row) => (
                      <TableRow
                        key={`${row.prompt_version} ${row.path} ${row.group ?? ''}`}
                        data-testid={`agreement-${row.path}`}
                      >
                        <FieldCell path={row.path} flagged={row.flagged} />
                        <TableCell align="right">{row.prompt_version}</TableCell>
                        {group === 'none' ? null : <TableCell>{row.group ?? '—'}</TableCell>}
                        <TableCell align="right">{formatCount(row.count, language)}</TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {share(row.agreement, row.agreement_interval)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {number(row.kappa, row.kappa_interval)}
                        </TableCell>
                        <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                          {number(row.mean_absolute_difference, row.mean_absolute_difference_interval)}
                        </TableCell>
                        <TableCell>
                          {row.agreement !== null && row.agreement < 1 ? (
                            <Button size="small" onClick={() => setOpened(row)}>
                              {t('agreement.showChanged')}
                            </Button>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollRegion>
              <Typography variant="caption" color="textSecondary">
                {t('agreement.legend')}
              </Typography>
              {data.between_reviewers.length > 0 ? (
                <ReviewerAgreementTable rows={data.between_reviewers} />
              ) : null}
            </Stack>
          )}
        </QueryContent>
      </Stack>
      <DisagreementsDialog
        promptId={promptId}
        row={opened}
        representative={group === 'representative' ? (opened?.group ?? undefined) : undefined}
        from={from}
        to={to}
        onClose={() => setOpened(null)}
      />
    </SectionCard>
  );
}
