import ManageSearchIcon from '@mui/icons-material/ManageSearch';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Button } from '@mui/material';
import { useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/client';
import { useErrorMessage } from '../../shared/api/useErrorMessage';
import { useCurrentProject } from '../../shared/app/ProjectGuard';
import { Page } from '../../shared/components/Page';
import { EmptyState, ErrorState } from '../../shared/components/States';
import { useTranscriptSearch } from './api';
import { SearchForm } from './SearchForm';
import { ResultSkeletons, SearchResults } from './SearchResults';
import {
  readSearchView,
  type SearchView,
  searchFilterCount,
  searchQuery,
  searchViewParams,
  withSearchFilters,
} from './searchView';

/**
 * /projects/{id}/search: the project's conversations whose transcript holds a phrase (issue 38), as snippets
 * with the phrase marked, each opening the analysis at that moment. The phrase and filters live in the URL.
 */
export default function SearchPage() {
  const { t } = useTranslation();
  const project = useCurrentProject();
  const errorMessage = useErrorMessage();
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readSearchView(params), [params]);
  const query = useMemo(() => searchQuery(view), [view]);
  const search = useTranscriptSearch(project.id, query);

  // Several filters may apply in one tick (debounced fields): each builds on the one before, not on the
  // parameters of the last render.
  const latest = useRef({ seen: params, current: view });
  if (latest.current.seen !== params) latest.current = { seen: params, current: view };
  const show = (change: (view: SearchView) => SearchView, replace: boolean) => {
    const next = change(latest.current.current);
    latest.current.current = next;
    setParams(searchViewParams(next), { replace });
  };
  const clearFilters = () => show((current) => ({ ...current, filters: {} }), true);

  // A new phrase is a step back can return to; the same one again reads the results anew.
  const onSearch = (q: string) => {
    if (q === (view.q ?? '')) void search.refetch();
    else show((current) => ({ ...current, q: q || undefined }), false);
  };

  const refused = search.isError && !search.data && isApiError(search.error, 400);
  const filtered = searchFilterCount(view.filters) > 0;

  const content = () => {
    if (!query || refused) {
      return (
        <EmptyState
          icon={<ManageSearchIcon />}
          title={t('search.hint.title')}
          description={t('search.hint.description')}
        />
      );
    }
    if (search.isPending) return <ResultSkeletons />;
    if (search.isError && !search.data) {
      return (
        <ErrorState
          title={t('search.results.loadError')}
          message={errorMessage(search.error)}
          onRetry={() => void search.refetch()}
        />
      );
    }
    const data = search.data;
    if (!data) return null;
    // With a speaker chosen the total is an upper bound: nothing found is the last page in with no result.
    if (!search.hasNextPage && data.pages.every((page) => page.results.length === 0)) {
      return (
        <EmptyState
          icon={<SearchOffIcon />}
          title={t('search.results.noneTitle')}
          description={
            filtered
              ? t('search.results.noneFiltered', { q: view.q })
              : t('search.results.none', { q: view.q })
          }
          action={
            filtered ? (
              <Button variant="outlined" onClick={clearFilters}>
                {t('analyses.filters.clear')}
              </Button>
            ) : undefined
          }
        />
      );
    }
    return <SearchResults pages={search} data={data} projectId={project.id} timeZone={project.timezone} />;
  };

  return (
    <Page title={t('nav.search')} subtitle={t('search.subtitle')}>
      <SearchForm
        projectId={project.id}
        view={view}
        onSearch={onSearch}
        onFilters={(changes) =>
          show((current) => ({ ...current, filters: withSearchFilters(current.filters, changes) }), true)
        }
        onClear={clearFilters}
        message={refused ? errorMessage(search.error) : undefined}
      />
      {content()}
    </Page>
  );
}
