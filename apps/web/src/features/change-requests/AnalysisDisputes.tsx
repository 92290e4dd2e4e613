import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { Button, Chip, Link, Stack, Typography } from '@mui/material';
import {
  type AnalysisDetail,
  correctableFields,
  type PromptField,
  type ResultValues,
  valueAtPath,
} from '@parley/contracts';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { AnalysisSection } from '../../shared/analyses/AnalysisSection';
import { namedSegments, speakerNaming } from '../../shared/analyses/speakers';
import { valueText } from '../../shared/analyses/valueText';
import { changeRequestsPath, useChangeRequests } from '../../shared/api/changeRequests';
import { formatDateTime } from '../../shared/utils/displayDates';
import { type DisputableField, RequestChangeDialog } from './RequestChangeDialog';

/**
 * Change requests on the analysis page: beside each correctable field a 'Request a change' button (or a
 * chip when a request for it is open, and one when it was corrected), a general button for a re-analysis,
 * the dialog, and the list of corrections with the AI's original values.
 */
export function useAnalysisDisputes({
  detail,
  fields,
  values,
  enabled,
}: {
  detail: AnalysisDetail;
  /** The result's field definitions (the prompt's). */
  fields: PromptField[];
  values: ResultValues;
  /** False in the print view, under support access, or before the analysis completed. */
  enabled: boolean;
}) {
  const { t } = useTranslation();
  const projectId = detail.project_id;
  const [dialog, setDialog] = useState<{ path: string | null } | null>(null);
  const open = useChangeRequests(projectId, { task_id: detail.id, status: 'open', page_size: 100 }, enabled);
  const openPaths = useMemo(
    () => new Set((open.data?.items ?? []).flatMap((request) => request.items.map((item) => item.path))),
    [open.data],
  );
  const corrected = useMemo(
    () => new Set((detail.corrections ?? []).map((correction) => correction.path)),
    [detail.corrections],
  );
  const disputable: DisputableField[] = useMemo(
    () =>
      correctableFields(fields)
        .filter((entry) => !openPaths.has(entry.path))
        .map((entry) => ({ ...entry, aiValue: valueAtPath(values, entry.path) })),
    [fields, values, openPaths],
  );
  const canDispute = new Set(disputable.map((entry) => entry.path));

  const fieldAside = (path: string): ReactNode => (
    <>
      {corrected.has(path) ? (
        <Chip
          size="small"
          color="info"
          label={t('changeRequests.corrected')}
          sx={{ height: 20, fontSize: 11 }}
        />
      ) : null}
      {enabled && openPaths.has(path) ? (
        <Chip
          size="small"
          color="warning"
          component={RouterLink}
          to={`${changeRequestsPath(projectId)}?status=open`}
          clickable
          data-testid={`open-request-${path}`}
          label={t('changeRequests.openRequest')}
          sx={{ height: 20, fontSize: 11 }}
        />
      ) : enabled && canDispute.has(path) ? (
        <Button
          size="small"
          onClick={() => setDialog({ path })}
          data-testid={`request-change-${path}`}
          sx={{ minWidth: 0, py: 0, fontSize: 12, displayPrint: 'none' }}
        >
          {t('changeRequests.requestChange')}
        </Button>
      ) : null}
    </>
  );

  const button = enabled ? (
    <Button
      variant="outlined"
      startIcon={<RateReviewIcon />}
      onClick={() => setDialog({ path: null })}
      sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
    >
      {t('changeRequests.requestReanalysis')}
    </Button>
  ) : null;

  const dialogElement = dialog ? (
    <RequestChangeDialog
      onClose={() => setDialog(null)}
      projectId={projectId}
      taskId={detail.id}
      fields={disputable}
      startPath={dialog.path}
      segments={namedSegments(detail.transcript ?? [], speakerNaming(detail, t))}
      currentPromptId={detail.prompt_id}
    />
  ) : null;

  /** Opens the dialog on a field (the general one, a re-analysis, with null): the reviews' Dispute. */
  const openDialog = enabled ? (path: string | null) => setDialog({ path }) : undefined;

  return { fieldAside, button, dialog: dialogElement, open: openDialog };
}

/** Who corrected which field, when and why, with the AI's value beside the corrected one. */
export function CorrectionsCard({ detail, timeZone }: { detail: AnalysisDetail; timeZone?: string }) {
  const { t, i18n } = useTranslation();
  const corrections = detail.corrections ?? [];
  if (corrections.length === 0) return null;
  return (
    <AnalysisSection title={t('changeRequests.corrections.title')} testId="corrections">
      <Stack spacing={1.5}>
        {corrections.map((correction, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a field may be corrected more than once
          <Stack key={index} spacing={0.25} data-testid={`correction-${correction.path}`}>
            <Typography variant="subtitle2">{correction.path}</Typography>
            <Typography variant="body2">
              <span style={{ textDecoration: 'line-through' }}>
                {valueText(correction.ai_value, t, i18n.language)}
              </span>
              {' → '}
              <strong>{valueText(correction.value, t, i18n.language)}</strong>
            </Typography>
            <Typography variant="caption" color="textSecondary">
              {t('changeRequests.corrections.by', {
                name: correction.by.name,
                at: formatDateTime(correction.at, i18n.language, timeZone),
              })}
              {correction.request_id ? (
                <>
                  {' · '}
                  <Link
                    component={RouterLink}
                    to={`${changeRequestsPath(detail.project_id)}?request=${correction.request_id}`}
                  >
                    {t('changeRequests.corrections.request', { id: correction.request_id })}
                  </Link>
                </>
              ) : null}
            </Typography>
            {correction.reason ? (
              <Typography variant="body2" color="textSecondary" sx={{ fontStyle: 'italic' }}>
                {correction.reason}
              </Typography>
            ) : null}
          </Stack>
        ))}
      </Stack>
    </AnalysisSection>
  );
}
