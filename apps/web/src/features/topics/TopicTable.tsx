import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import {
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { Topic } from '@parley/contracts';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { suggestedTrackerPath } from '../../shared/trackers/suggestion';

/** Examples listed per topic on the page (the run keeps more). */
const EXAMPLES_SHOWN = 3;

function Trend({ topic }: { topic: Topic }) {
  const { t, i18n } = useTranslation();
  if (topic.change_percent === null)
    return <Typography variant="body2">{topic.count > 0 ? t('topics.trend.new') : '—'}</Typography>;
  const up = topic.change_percent > 0;
  const percent = new Intl.NumberFormat(i18n.language, {
    maximumFractionDigits: 1,
    signDisplay: 'exceptZero',
  }).format(topic.change_percent);
  return (
    <Stack
      direction="row"
      spacing={0.5}
      sx={{ alignItems: 'center' }}
      aria-label={t('topics.trend.label', { percent })}
    >
      {topic.change_percent === 0 ? null : up ? (
        <ArrowUpwardIcon fontSize="small" color="warning" />
      ) : (
        <ArrowDownwardIcon fontSize="small" color="success" />
      )}
      <Typography variant="body2">{percent} %</Typography>
    </Stack>
  );
}

/** A run's topics: counts as bars, the trend against the period before, examples and a tracker to create. */
export function TopicTable({
  projectId,
  topics,
  canCreateTracker,
}: {
  projectId: number;
  topics: Topic[];
  canCreateTracker: boolean;
}) {
  const { t, i18n } = useTranslation();
  const most = Math.max(1, ...topics.map((topic) => topic.count));
  const number = new Intl.NumberFormat(i18n.language);
  return (
    <TableContainer>
      <Table size="small" data-testid="topic-table">
        <TableHead>
          <TableRow>
            {/* Widths that scroll the table sideways on a phone rather than a word per line. */}
            <TableCell sx={{ minWidth: 180 }}>{t('topics.table.topic')}</TableCell>
            <TableCell sx={{ minWidth: 160 }}>{t('topics.table.conversations')}</TableCell>
            <TableCell>{t('topics.table.trend')}</TableCell>
            <TableCell sx={{ minWidth: 200 }}>{t('topics.table.examples')}</TableCell>
            <TableCell sx={{ minWidth: 140 }}>{t('topics.table.tracker')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {topics.map((topic) => (
            <TableRow key={topic.id} data-testid="topic-row">
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography variant="subtitle2">{topic.name}</Typography>
                  {topic.emerging ? <Chip size="small" color="warning" label={t('topics.emerging')} /> : null}
                </Stack>
                <Typography variant="body2" color="textSecondary">
                  {topic.description}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2">
                  {t('topics.table.count', {
                    count: topic.count,
                    value: number.format(topic.count),
                    previous: number.format(topic.previous_count),
                  })}
                </Typography>
                <LinearProgress
                  variant="determinate"
                  value={(topic.count / most) * 100}
                  aria-label={topic.name}
                  sx={{ mt: 0.5, height: 8, borderRadius: 1 }}
                />
              </TableCell>
              <TableCell>
                <Trend topic={topic} />
              </TableCell>
              <TableCell>
                {topic.examples.length === 0 ? (
                  <Typography variant="body2" color="textSecondary">
                    {t('topics.table.noExamples')}
                  </Typography>
                ) : (
                  <Stack spacing={0.25}>
                    {topic.examples.slice(0, EXAMPLES_SHOWN).map((example) => (
                      <Link
                        key={example.analysis_id}
                        component={RouterLink}
                        to={`/projects/${projectId}/analysis/${example.analysis_id}`}
                        variant="body2"
                      >
                        {example.title ?? t('topics.table.analysis', { id: example.analysis_id })}
                      </Link>
                    ))}
                  </Stack>
                )}
              </TableCell>
              <TableCell>
                <Box sx={{ maxWidth: 220 }}>
                  <Typography variant="body2" color="textSecondary">
                    {topic.phrases.join(', ')}
                  </Typography>
                  {canCreateTracker && topic.phrases.length > 0 ? (
                    <Button
                      size="small"
                      component={RouterLink}
                      to={suggestedTrackerPath(projectId, topic)}
                      sx={{ mt: 0.5 }}
                    >
                      {t('topics.createTracker')}
                    </Button>
                  ) : null}
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
