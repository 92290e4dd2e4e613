import { Alert, Box, Button, CircularProgress, Paper, Skeleton, Stack, Typography } from '@mui/material';
import type { SearchResponse } from '@parley/contracts';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../shared/components/visuallyHidden';
import { formatNumber } from '../../shared/format/numbers';
import { ResultCard } from './ResultCard';

type SearchPage = SearchResponse['data'];
export type SearchPages = UseInfiniteQueryResult<InfiniteData<SearchPage>>;

const SKELETON_CARDS = 3;

/** Placeholders shaped like result cards while the first page is read. */
export function ResultSkeletons() {
  const { t } = useTranslation();
  return (
    <Stack role="status" spacing={2} data-testid="search-loading">
      <Box sx={visuallyHidden}>{t('search.results.loading')}</Box>
      {Array.from({ length: SKELETON_CARDS }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Paper key={index} variant="outlined" sx={{ p: 2 }}>
          <Skeleton variant="text" width="45%" height={28} />
          <Skeleton variant="text" width="30%" />
          <Skeleton variant="rounded" height={44} sx={{ mt: 1 }} />
        </Paper>
      ))}
    </Stack>
  );
}

/** The count, the conversations found so far, and "Load more" while there are more. */
export function SearchResults({
  pages,
  data,
  projectId,
  timeZone,
}: {
  pages: SearchPages;
  data: InfiniteData<SearchPage>;
  projectId: number;
  timeZone?: string;
}) {
  const { t, i18n } = useTranslation();
  const first = data.pages[0]!;
  const results = data.pages.flatMap((page) => page.results);
  // Once the last page is in, the conversations shown are the count (the server's may be an estimate).
  const count = pages.hasNextPage ? first.total : results.length;
  const total = formatNumber(count, i18n.language);
  return (
    <Stack spacing={2}>
      <Typography role="status" color="textSecondary" data-testid="search-count">
        {first.total_capped
          ? t('search.results.countCapped', { total })
          : first.total_at_most && pages.hasNextPage
            ? t('search.results.countAtMost', { total })
            : t('search.results.count', { count, total })}
      </Typography>
      {results.map((result) => (
        <ResultCard key={result.task_id} result={result} projectId={projectId} timeZone={timeZone} />
      ))}
      {pages.isFetchNextPageError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void pages.fetchNextPage()}>
              {t('common.retry')}
            </Button>
          }
        >
          {t('search.results.loadMoreError')}
        </Alert>
      ) : pages.hasNextPage ? (
        <Box sx={{ display: 'flex', justifyContent: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => void pages.fetchNextPage()}
            disabled={pages.isFetchingNextPage}
            startIcon={pages.isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
            data-testid="search-load-more"
          >
            {pages.isFetchingNextPage ? t('search.results.loadingMore') : t('search.results.loadMore')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
