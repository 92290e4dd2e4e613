import { Link, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { isProjectManager } from '@parley/contracts';
import { lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useCalibration } from '../../../shared/api/changeRequests';
import { useCurrentProject } from '../../../shared/app/ProjectGuard';
import { ScrollRegion } from '../../../shared/components/ScrollRegion';
import { SectionCard } from '../../../shared/components/SectionCard';
import { QueryContent } from '../../../shared/components/States';
import { formatCount, formatShare } from '../../../shared/format/analytics';
import { LazyChart } from '../LazyChart';

const CalibrationChart = lazy(() => import('./CalibrationChart'));
const CHART_HEIGHT = 200;
/** A field whose AI values reviewers changed this often is worth a clearer explanation in the prompt. */
export const MUCH_CHANGED = 0.2;

/**
 * Calibration (issue 19): per field of the prompt, the share of AI values that reviewers changed through
 * change requests, per model and by month; a much-changed field links to the prompt editor.
 */
export function CalibrationCard({
  promptId,
  promptName,
  from,
  to,
}: {
  promptId: number;
  promptName: string;
  from?: string;
  to?: string;
}) {
  const { t, i18n } = useTranslation();
  const project = useCurrentProject();
  const calibration = useCalibration(project.id, { prompt_id: promptId, from, to });
  const [chosen, setChosen] = useState<string | null>(null);
  const canEdit = isProjectManager(project.my_role) && !project.read_only;
  const editLink = `/projects/${project.id}/prompts/edit?${new URLSearchParams({ promptName })}`;

  return (
    <SectionCard
      title={t('analytics.calibration.title')}
      subtitle={t('analytics.calibration.subtitle')}
      testId="calibration"
    >
      <QueryContent
        query={calibration}
        loadingLabel={t('analytics.loading')}
        errorTitle={t('analytics.loadError')}
        isEmpty={(data) => data.fields.every((field) => field.analyses === 0)}
        empty={<Typography color="textSecondary">{t('analytics.calibration.empty')}</Typography>}
      >
        {(data) => {
          const sorted = [...data.fields].sort((a, b) => (b.share ?? -1) - (a.share ?? -1));
          const shown = sorted.find((field) => field.path === chosen) ?? sorted[0];
          return (
            <Stack spacing={2}>
              <ScrollRegion label={t('analytics.calibration.title')}>
                <Table size="small" aria-label={t('analytics.calibration.title')}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t('analytics.calibration.field')}</TableCell>
                      <TableCell align="right">{t('analytics.calibration.changedShare')}</TableCell>
                      <TableCell align="right">{t('analytics.calibration.changedOf')}</TableCell>
                      <TableCell>{t('analytics.calibration.perModel')}</TableCell>
                      <TableCell />
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {sorted.map((field) => (
                      <TableRow
                        key={field.path}
                        hover
                        selected={field.path === shown?.path}
                        onClick={() => setChosen(field.path)}
                        sx={{ cursor: 'pointer' }}
                        data-testid={`calibration-${field.path}`}
                      >
                        <TableCell>{field.path}</TableCell>
                        <TableCell align="right" sx={{ fontWeight: 600 }}>
                          {formatShare(field.share, i18n.language)}
                        </TableCell>
                        <TableCell align="right">
                          {t('analytics.calibration.countOf', {
                            changed: formatCount(field.changed, i18n.language),
                            total: formatCount(field.analyses, i18n.language),
                          })}
                        </TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          {field.per_model
                            .map((model) => `${model.model}: ${formatShare(model.share, i18n.language)}`)
                            .join(' · ') || '—'}
                        </TableCell>
                        <TableCell>
                          {canEdit && (field.share ?? 0) >= MUCH_CHANGED ? (
                            <Link
                              component={RouterLink}
                              to={editLink}
                              onClick={(event) => event.stopPropagation()}
                            >
                              {t('analytics.calibration.editPrompt')}
                            </Link>
                          ) : null}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </ScrollRegion>
              {shown && shown.per_month.length > 0 ? (
                <>
                  <Typography variant="subtitle2" component="h3">
                    {t('analytics.calibration.overTime', { field: shown.path })}
                  </Typography>
                  <LazyChart height={CHART_HEIGHT}>
                    <CalibrationChart months={shown.per_month} height={CHART_HEIGHT} />
                  </LazyChart>
                </>
              ) : null}
            </Stack>
          );
        }}
      </QueryContent>
    </SectionCard>
  );
}
