import { Box, Card, CardContent, Grid, Link, Stack, Typography } from '@mui/material';
import { formatTimestamp, type Insight, type InsightAnswer, type InsightCitation } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { momentPath } from '../../shared/analyses/momentLink';
import { SectionCard } from '../../shared/components/SectionCard';
import { analysisLink, citationLink } from './model';

// Everything the model wrote is shown as text (React escapes it), never as HTML.

function Citation({
  projectId,
  insight,
  citation,
}: {
  projectId: number;
  insight: Insight;
  citation: InsightCitation;
}) {
  const { t } = useTranslation();
  return (
    <Box component="li" data-testid="insight-citation">
      <Link component={RouterLink} to={citationLink(projectId, insight.filters, citation)} variant="body2">
        {citation.label}
      </Link>
      {citation.analysis_ids.length > 0 ? (
        <Typography variant="caption" color="textSecondary" component="div">
          {t('insights.answer.examples')}{' '}
          {citation.analysis_ids.map((id, index) => (
            <span key={id}>
              {index > 0 ? ', ' : null}
              <Link component={RouterLink} to={analysisLink(projectId, id)} data-testid="insight-example">
                #{id}
              </Link>
            </span>
          ))}
        </Typography>
      ) : null}
      {citation.moments.length > 0 ? (
        <Typography variant="caption" color="textSecondary" component="div">
          {t('insights.answer.moments')}{' '}
          {citation.moments.map((moment, index) => (
            <span key={`${moment.analysis_id}:${moment.segment}`}>
              {index > 0 ? ', ' : null}
              <Link
                component={RouterLink}
                to={momentPath(projectId, moment.analysis_id, moment)}
                data-testid="insight-moment"
              >
                {moment.seconds === null
                  ? t('insights.answer.momentMessage', { id: moment.analysis_id, number: moment.segment + 1 })
                  : t('insights.answer.moment', {
                      id: moment.analysis_id,
                      time: formatTimestamp(moment.seconds),
                    })}
              </Link>
            </span>
          ))}
        </Typography>
      ) : null}
    </Box>
  );
}

function Finding({
  projectId,
  insight,
  finding,
}: {
  projectId: number;
  insight: Insight;
  finding: InsightAnswer['findings'][number];
}) {
  const { t } = useTranslation();
  return (
    <Card variant="outlined" sx={{ height: '100%' }} component="article" data-testid="insight-finding">
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          {finding.title}
        </Typography>
        <Typography variant="body2" sx={{ mt: 0.5, whiteSpace: 'pre-line' }}>
          {finding.detail}
        </Typography>
        {finding.figures.length > 0 ? (
          <Box
            component="dl"
            sx={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 2, rowGap: 0.5, my: 1.5 }}
          >
            {finding.figures.map((figure) => (
              <Box key={`${figure.label}:${figure.value}`} sx={{ display: 'contents' }}>
                <Typography component="dt" variant="body2" color="textSecondary">
                  {figure.label}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
                  {figure.value}
                </Typography>
              </Box>
            ))}
          </Box>
        ) : null}
        {finding.citations.length > 0 ? (
          <>
            <Typography variant="overline" color="textSecondary" component="h4">
              {t('insights.answer.sources')}
            </Typography>
            <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2 }}>
              {finding.citations.map((citation) => (
                <Citation
                  key={`${citation.label}:${citation.field}:${citation.representative}:${citation.department}`}
                  projectId={projectId}
                  insight={insight}
                  citation={citation}
                />
              ))}
            </Stack>
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** A completed insight's answer: the short answer, the key findings with their sources, the actions. */
export function InsightAnswerView({ insight, answer }: { insight: Insight; answer: InsightAnswer }) {
  const { t } = useTranslation();
  const projectId = insight.project_id;
  return (
    <Stack spacing={2}>
      <SectionCard title={t('insights.answer.summary')} testId="insight-summary">
        <Typography sx={{ whiteSpace: 'pre-line' }}>{answer.summary}</Typography>
      </SectionCard>
      {answer.findings.length > 0 ? (
        <Box component="section" aria-labelledby="insight-findings">
          <Typography variant="h6" component="h2" id="insight-findings" sx={{ mb: 1.5 }}>
            {t('insights.answer.findings')}
          </Typography>
          <Grid container spacing={2}>
            {answer.findings.map((finding) => (
              <Grid key={`${finding.title}\n${finding.detail}`} size={{ xs: 12, md: 6 }}>
                <Finding projectId={projectId} insight={insight} finding={finding} />
              </Grid>
            ))}
          </Grid>
        </Box>
      ) : null}
      {answer.actions.length > 0 ? (
        <SectionCard title={t('insights.answer.actions')} testId="insight-actions">
          <Box component="ol" sx={{ m: 0, pl: 3 }}>
            {answer.actions.map((action) => (
              <Box component="li" key={`${action.title}\n${action.detail}`} sx={{ mb: 1 }}>
                <Typography variant="body1" sx={{ fontWeight: 600 }}>
                  {action.title}
                </Typography>
                <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'pre-line' }}>
                  {action.detail}
                </Typography>
              </Box>
            ))}
          </Box>
        </SectionCard>
      ) : null}
    </Stack>
  );
}
