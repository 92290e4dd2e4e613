import { type ErrorBody, type HelpResponse, helpRoutes, TEXTS } from '@parley/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import i18n from '../../shared/i18n';
import { jsonResponse, mockFetch, renderRoutes, routeKey } from '../../test/utils';
import { HelpDrawer } from './HelpDrawer';
import { sanitizeHelpHtml } from './sanitize';

function found(content: string, status: 'found' | 'fallback' = 'found') {
  return jsonResponse(200, {
    status,
    message: 'ok',
    fallback_used: status === 'fallback',
    language_used: 'en',
    available_in_en: true,
    article: { title: 'Projects list', content },
  } satisfies HelpResponse);
}

/** What the server answers, with status 404, for a page without an article. */
const notFound = {
  status: 'not_found',
  message: TEXTS.help.notFound,
  fallback_used: false,
  language_used: null,
  available_in_en: false,
  article: null,
} satisfies HelpResponse;

function renderDrawer(path = '/dashboard') {
  return renderRoutes([{ path: '*', element: <HelpDrawer open onClose={() => {}} path={path} /> }], path);
}

describe('HelpDrawer', () => {
  it('asks for the current path and language and shows the article', async () => {
    const fetch = mockFetch({
      [routeKey(helpRoutes.article)]: () => found('<p>All your <strong>projects</strong></p>'),
    });
    renderDrawer('/projects/5/billing');
    expect(await screen.findByRole('heading', { name: 'Projects list' })).toBeInTheDocument();
    expect(screen.getByText('projects').tagName).toBe('STRONG');
    expect(screen.getByTestId('help-drawer')).toBeInTheDocument();
    const url = new URL(String(fetch.mock.calls.find(([u]) => String(u).includes('help'))?.[0]), 'http://x');
    expect(url.searchParams.get('path')).toBe('/projects/5/billing');
    expect(url.searchParams.get('language')).toBe('en');
  });

  it('notes when the English article is shown as a fallback', async () => {
    await i18n.changeLanguage('de');
    try {
      mockFetch({ [routeKey(helpRoutes.article)]: () => found('<p>English text</p>', 'fallback') });
      renderDrawer();
      expect(await screen.findByText('English text')).toBeInTheDocument();
      expect(screen.getByTestId('help-fallback-note')).toHaveTextContent('Deutsch');
    } finally {
      await i18n.changeLanguage('en');
    }
  });

  it('shows the not-found text on 404', async () => {
    mockFetch({
      [routeKey(helpRoutes.article)]: () => jsonResponse(404, notFound),
    });
    renderDrawer();
    expect(await screen.findByText(TEXTS.help.notFound)).toBeInTheDocument();
  });

  it('shows the not-found text without a path, without asking the server', async () => {
    const fetch = mockFetch({});
    renderRoutes([{ path: '*', element: <HelpDrawer open onClose={() => {}} path="" /> }], '/');
    expect(await screen.findByText(TEXTS.help.notFound)).toBeInTheDocument();
    expect(fetch.mock.calls.some(([u]) => String(u).includes('help'))).toBe(false);
  });

  it('shows "Failed to load help content" on a non-OK answer and refetches on Retry', async () => {
    let calls = 0;
    mockFetch({
      [routeKey(helpRoutes.article)]: () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(500, { error: { code: 'internal_error', message: 'boom' } } satisfies ErrorBody)
          : found('<p>Now it works</p>');
      },
    });
    renderDrawer();
    expect(await screen.findByText(TEXTS.help.loadFailed)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('Now it works')).toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('shows "Error loading help content" when the request throws', async () => {
    mockFetch({
      [routeKey(helpRoutes.article)]: () => {
        throw new TypeError('Failed to fetch');
      },
    });
    renderDrawer();
    expect(await screen.findByText(TEXTS.help.loadError)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('drops scripts and event handlers from the content', async () => {
    mockFetch({
      [routeKey(helpRoutes.article)]: () =>
        found(
          '<p onclick="alert(1)">Safe</p><script>window.hacked = true</script><img src=x onerror="alert(2)">',
        ),
    });
    renderDrawer();
    const text = await screen.findByText('Safe');
    await waitFor(() => expect(screen.getByTestId('help-content').innerHTML).toBe('<p>Safe</p>'));
    expect(text).not.toHaveAttribute('onclick');
  });
});

describe('sanitizeHelpHtml', () => {
  it('keeps allowed tags and href, drops the rest', () => {
    expect(sanitizeHelpHtml('<h2 style="x">T</h2><a href="/help" target="_blank" onclick="x()">l</a>')).toBe(
      '<h2>T</h2><a href="/help">l</a>',
    );
    expect(sanitizeHelpHtml('<script>alert(1)</script><iframe src="x"></iframe><p>ok</p>')).toBe('<p>ok</p>');
    expect(sanitizeHelpHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
  });
});
