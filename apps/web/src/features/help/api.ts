import { HelpResponse, type UiLanguage } from '@parley/contracts';
import { useQuery } from '@tanstack/react-query';
import { API_BASE } from '../../shared/api/client';

export type HelpResult =
  | { kind: 'found'; title: string; content: string }
  | { kind: 'fallback'; title: string; content: string; languageUsed: UiLanguage | null }
  | { kind: 'not_found' };

/** 'failed': the server answered with a non-OK status; 'exception': the request itself failed. */
export class HelpLoadError extends Error {
  readonly reason: 'failed' | 'exception';
  constructor(reason: 'failed' | 'exception', message: string) {
    super(message);
    this.name = 'HelpLoadError';
    this.reason = reason;
  }
}

export async function fetchHelp(path: string, language: UiLanguage): Promise<HelpResult> {
  if (!path) return { kind: 'not_found' };
  const query = new URLSearchParams({ path, language });
  let response: Response;
  try {
    response = await fetch(`${API_BASE}/knowledge-base/help?${query}`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    throw new HelpLoadError('exception', error instanceof Error ? error.message : String(error));
  }
  if (response.status === 404) return { kind: 'not_found' };
  if (!response.ok) throw new HelpLoadError('failed', `HTTP ${response.status}`);
  let body: HelpResponse;
  try {
    body = HelpResponse.parse(await response.json());
  } catch (error) {
    throw new HelpLoadError('exception', error instanceof Error ? error.message : String(error));
  }
  if (body.status === 'not_found' || !body.article) return { kind: 'not_found' };
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
