import { Box, Chip, Link, Paper, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { SearchResult, SearchSnippet } from '@parley/contracts';
import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { momentPath } from '../../shared/analyses/momentLink';
import { RedactedText } from '../../shared/analyses/RedactedText';
import { roleColor } from '../../shared/analyses/speakers';
import { analysisPath } from '../../shared/api/analyses';
import { formatDuration } from '../../shared/format/numbers';
import { formatDateTime } from '../../shared/utils/displayDates';
import { markedParts } from './highlights';

/** A snippet's text with the phrase marked (React text, never HTML: '<b>' said in a call reads as '<b>'). */
export function HighlightedText({ snippet }: { snippet: SearchSnippet }) {
  return (
    <>
      {markedParts(snippet.text, snippet.highlights).map((part, index) =>
        part.marked ? (
          <Box
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
            key={index}
            component="mark"
            data-testid="search-hit"
            sx={(theme) => ({
              bgcolor: alpha(theme.palette.warning.main, 0.2),
              color: 'text.primary',
              fontWeight: 600,
              borderRadius: 0.5,
              px: '0.1em',
              printColorAdjust: 'exact',
            })}
          >
            {part.text}
          </Box>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one text, in a fixed order
          <Fragment key={index}>
            <RedactedText text={part.text} />
          </Fragment>
        ),
      )}
    </>
  );
}

/** One piece that holds the phrase: when and who, and what was said; it opens the analysis at that moment. */
function Snippet({ snippet, to }: { snippet: SearchSnippet; to: string }) {
  const { t } = useTranslation();
  const time = snippet.seconds === null ? null : formatDuration(snippet.seconds);
  const role = snippet.role;
  return (
    <Box component="li" sx={{ listStyle: 'none' }}>
      <Link
        component={RouterLink}
        to={to}
        underline="none"
        color="inherit"
        title={time ? t('search.result.openAt', { time }) : t('search.result.open')}
        data-testid="search-snippet"
        sx={{
          display: 'flex',
          gap: 1.5,
          px: 1,
          py: 0.75,
          borderRadius: 1,
          '&:hover': { bgcolor: 'action.hover' },
        }}
      >
        {time ? (
          <Typography
            component="span"
            variant="caption"
            color="textSecondary"
            sx={{ fontVariantNumeric: 'tabular-nums', minWidth: 36, pt: '2px', flexShrink: 0 }}
          >
            {time}
          </Typography>
        ) : null}
        <Box component="span" sx={{ minWidth: 0, flex: 1 }}>
          {role ? (
            <Typography
              component="span"
              variant="caption"
              sx={(theme) => ({
                display: 'block',
                fontWeight: 600,
                color: role === 'other' ? 'text.secondary' : roleColor(theme, role),
              })}
            >
              {t(`analysis.roles.${role}`)}
            </Typography>
          ) : null}
          <Typography component="span" variant="body2" sx={{ display: 'block', overflowWrap: 'anywhere' }}>
            <HighlightedText snippet={snippet} />
          </Typography>
        </Box>
      </Link>
    </Box>
  );
}

/** A conversation found: its title, date and people, how often the phrase is in it, and the first snippets. */
export function ResultCard({
  result,
  projectId,
  timeZone,
}: {
  result: SearchResult;
  projectId: number;
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const people = [result.representative, result.department].filter(Boolean).join(' · ');
  const unlisted = result.matches - result.snippets.length;
  return (
    <Paper
      variant="outlined"
      component="article"
      aria-labelledby={titleId}
      data-testid={`search-result-${result.task_id}`}
      sx={{ p: { xs: 1.5, sm: 2 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        sx={{ justifyContent: 'space-between', alignItems: { sm: 'baseline' }, columnGap: 2 }}
      >
        <Typography
          id={titleId}
          variant="subtitle1"
          component="h2"
          sx={{ fontWeight: 600, overflowWrap: 'anywhere', minWidth: 0 }}
        >
          <Link component={RouterLink} to={analysisPath(projectId, result.task_id)}>
            {result.title || t('analyses.list.untitled', { id: result.task_id })}
          </Link>
        </Typography>
        <Typography variant="body2" color="textSecondary" sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}>
          {formatDateTime(result.conversation_at, i18n.language, timeZone)}
        </Typography>
      </Stack>
      <Stack
        direction="row"
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mt: 0.5, mb: 1 }}
      >
        {people ? (
          <Typography variant="body2" color="textSecondary" sx={{ overflowWrap: 'anywhere' }}>
            {people}
          </Typography>
        ) : null}
        <Chip
          size="small"
          variant="outlined"
          label={t('search.result.mentions', { count: result.matches })}
          data-testid="search-mentions"
        />
      </Stack>
      <Stack component="ul" spacing={0.25} sx={{ m: 0, p: 0, mx: -1 }}>
        {result.snippets.map((snippet) => (
          <Snippet
            key={snippet.segment}
            snippet={snippet}
            to={momentPath(projectId, result.task_id, snippet)}
          />
        ))}
      </Stack>
      {unlisted > 0 ? (
        <Typography variant="caption" color="textSecondary" component="p" sx={{ mt: 0.5 }}>
          {t('search.result.more', { count: unlisted })}
        </Typography>
      ) : null}
    </Paper>
  );
}
