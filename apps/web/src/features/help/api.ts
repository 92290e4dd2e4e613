import { helpRoutes, type UiLanguage } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { call, isApiError } from '../../shared/api/client';

export type HelpResult =
  | { kind: 'found'; title: string; content: string }
  | { kind: 'fallback'; title: string; content: string; languageUsed: UiLanguage | null }
  | { kind: 'not_found' };

/** The help article of a page path. A non-OK answer other than 404 rejects with ApiError. */
export async function fetchHelp(path: string, language: UiLanguage): Promise<HelpResult> {
  if (!path) return { kind: 'not_found' };
  const body = await call(helpRoutes.article, { query: { path, language } }).catch((error: unknown) => {
    if (isApiError(error, 404)) return null;
    throw error;
  });
  if (!body || body.status === 'not_found' || !body.article) return { kind: 'not_found' };
  if (body.status === 'fallback' || body.fallback_used) {
    return {
      kind: 'fallback',
      title: body.article.title,
      content: body.article.content,
      languageUsed: body.language_used,
    };
  }
  return { kind: 'found', title: body.article.title, content: body.article.content };
}

export function useHelpArticle(path: string, language: UiLanguage, enabled: boolean) {
  return useQuery({
    queryKey: ['help', path, language],
    queryFn: () => fetchHelp(path, language),
    enabled,
    retry: false,
    staleTime: 5 * 60 * 1000,
  });
}
