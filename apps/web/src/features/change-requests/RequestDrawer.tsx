import CloseIcon from '@mui/icons-material/Close';
import FormatQuoteIcon from '@mui/icons-material/FormatQuote';
import { Box, Divider, Drawer, IconButton, Link, Stack, Typography } from '@mui/material';
import type { ChangeRequest } from '@parley/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { RedactedText } from '../../shared/analyses/RedactedText';
import { promptShape } from '../../shared/analyses/result';
import { valueText } from '../../shared/analyses/valueText';
import { analysisPath, useAnalysis } from '../../shared/api/analyses';
import { LoadingState } from '../../shared/components/States';
import { formatDuration } from '../../shared/format/numbers';
import { formatDateTime } from '../../shared/utils/displayDates';
import { ReviewPanel } from './ReviewPanel';
import { StatusChip } from './StatusChip';

/** One request: its analysis, the fields (AI value → proposed), reason, moment, review, and for reviewers the review. */
export function RequestDrawer({
  request,
  projectId,
  timeZone,
  onClose,
}: {
  request: ChangeRequest | null;
  projectId: number;
  timeZone?: string;
  onClose: () => void;
}) {
  return (
    <Drawer anchor="right" open={request !== null} onClose={onClose}>
      <Box sx={{ width: { xs: '100vw', sm: 480 }, p: 3 }} data-testid="request-drawer">
        {request ? (
          <RequestDetail request={request} projectId={projectId} timeZone={timeZone} onClose={onClose} />
        ) : null}
      </Box>
    </Drawer>
  );
}

function RequestDetail({
  request,
  projectId,
  timeZone,
  onClose,
}: {
  request: ChangeRequest;
  projectId: number;
  timeZone?: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const reviewing = request.can_review && request.status === 'open';
  const analysis = useAnalysis(projectId, reviewing && request.kind === 'field' ? request.task_id : 0);
  const prompt = useMemo(() => promptShape(analysis.data?.prompt?.data)?.fields ?? [], [analysis.data]);
  const when = (at: string) => formatDateTime(at, i18n.language, timeZone);
  const moment = request.transcript_moment;

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
        <Typography variant="h6" component="h2">
          {t('changeRequests.detail.title', { id: request.id })}
        </Typography>
        <IconButton aria-label={t('common.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <StatusChip status={request.status} />
        <Typography variant="body2" color="textSecondary">
          {t('changeRequests.detail.requested', {
            name: request.requester.name,
            at: when(request.created_at),
          })}
        </Typography>
      </Stack>
      <Link component={RouterLink} to={analysisPath(projectId, request.task_id)}>
        {request.title || t('analyses.list.untitled', { id: request.task_id })}
      </Link>
      {request.representative ? (
        <Typography variant="body2">
          {t('analyses.columns.representative')}: {request.representative}
        </Typography>
      ) : null}
      <Divider />
      {request.kind === 'reanalyze' ? (
        <Typography>
          {t('changeRequests.detail.reanalyze', { prompt: request.prompt_name ?? `#${request.prompt_id}` })}
        </Typography>
      ) : (
        request.items.map((item) => (
          <Box key={item.path} data-testid={`detail-item-${item.path}`}>
            <Typography variant="subtitle2">{item.path}</Typography>
            <Typography variant="body2">
              {valueText(item.ai_value, t, i18n.language)} →{' '}
              <strong>{valueText(item.proposed_value, t, i18n.language)}</strong>
            </Typography>
            {item.approved_value !== null && item.approved_value !== item.proposed_value ? (
              <Typography variant="body2" color="success.main">
                {t('changeRequests.detail.approvedAs', {
                  value: valueText(item.approved_value, t, i18n.language),
                })}
              </Typography>
            ) : null}
          </Box>
        ))
      )}
      <Box>
        <Typography variant="overline" color="textSecondary">
          {t('changeRequests.reason')}
        </Typography>
        <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap' }}>
          {request.reason}
        </Typography>
      </Box>
      {moment && (moment.quote || moment.seconds != null) ? (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }} data-testid="detail-moment">
          <FormatQuoteIcon fontSize="small" sx={{ color: 'text.disabled' }} />
          <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
            {moment.seconds != null ? `${formatDuration(moment.seconds)} · ` : ''}
            {moment.quote ? <RedactedText text={moment.quote} /> : null}
          </Typography>
        </Stack>
      ) : null}
      {request.reviewer && request.reviewed_at ? (
        <Box>
          <Typography variant="overline" color="textSecondary">
            {t('changeRequests.detail.reviewed', {
              name: request.reviewer.name,
              at: when(request.reviewed_at),
            })}
          </Typography>
          {request.review_reason ? <Typography variant="body2">{request.review_reason}</Typography> : null}
        </Box>
      ) : null}
      {reviewing ? (
        <>
          <Divider />
          {request.kind === 'field' && analysis.isPending ? (
            <LoadingState minHeight={80} />
          ) : (
            <ReviewPanel key={request.id} request={request} projectId={projectId} prompt={prompt} />
          )}
        </>
      ) : null}
    </Stack>
  );
}
