import {
  projectRoutes,
  type SearchResponse,
  type SearchResult,
  searchRoutes,
  trackerRoutes,
  uploadRoutes,
} from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ProjectGuard } from '../../shared/app/ProjectGuard';
import { promptChoices, requests } from '../../test/analyses';
import { trackerFixture, trackersAnswer } from '../../test/trackers';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeAnswer,
  routeKey,
  testProject,
} from '../../test/utils';
import SearchPage from './SearchPage';

const SEARCH = routeKey(searchRoutes.search, { id: 5 });
const routes: RouteObject[] = [
  {
    path: '/projects/:projectId',
    element: <ProjectGuard />,
    children: [
      { path: 'search', element: <SearchPage /> },
      { path: 'analysis/:taskId', element: <div>Analysis page</div> },
    ],
  },
];

function result(taskId: number, overrides: Partial<SearchResult> = {}): SearchResult {
  return {
    task_id: taskId,
    title: `Call ${taskId}`,
    conversation_at: '2026-03-08T14:15:00.000Z',
    representative: 'Alice',
    department: 'Sales',
    matches: 1,
    snippets: [
      {
        segment: 1,
        seconds: 4.5,
        role: 'customer',
        text: 'I want to cancel my contract.',
        highlights: [{ start: 10, length: 6 }],
      },
    ],
    ...overrides,
  };
}

function page(results: SearchResult[], overrides: Partial<SearchResponse['data']> = {}) {
  return routeAnswer(searchRoutes.search, {
    data: {
      results,
      total: results.length,
      total_capped: false,
      total_at_most: false,
      next_cursor: null,
      ...overrides,
    },
  });
}

function mockSearchApi(search: Handler, overrides: Record<string, Handler> = {}) {
  const project = testProject({ timezone: 'Europe/Berlin' });
  return mockFetch({
    [routeKey(projectRoutes.list)]: () => routeAnswer(projectRoutes.list, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => routeAnswer(projectRoutes.get, { data: project }),
    [routeKey(uploadRoutes.prompts, { id: 5 })]: () => jsonResponse(200, { data: promptChoices }),
    [routeKey(trackerRoutes.list, { id: 5 })]: () =>
      trackersAnswer([trackerFixture(1, { name: 'Churn' }), trackerFixture(2, { name: 'Pricing' })]),
    [SEARCH]: search,
    ...overrides,
  });
}

const location = () => screen.getByTestId('location').textContent;
const searches = (fetch: ReturnType<typeof mockFetch>) =>
  requests(fetch, SEARCH).map((request) => request.url.searchParams.toString());

async function open(path = '/projects/5/search') {
  const view = renderRoutes(routes, path);
  await screen.findByRole('heading', { level: 1, name: 'Search' });
  return view;
}

function searchFor(phrase: string) {
  const box = screen.getByRole('searchbox', { name: 'Word or phrase' });
  fireEvent.change(box, { target: { value: phrase } });
  fireEvent.submit(box.closest('form')!);
}

describe('search page', () => {
  it('hints what to do before anything is searched, and asks nothing', async () => {
    const fetch = mockSearchApi(() => page([]));
    await open();
    expect(screen.getByText('Search every conversation')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Said by' })).toHaveTextContent('Anyone');
    expect(await screen.findByRole('combobox', { name: 'Tracker' })).toBeInTheDocument();
    expect(searches(fetch)).toEqual([]);
  });

  it('searches the phrase, puts it in the URL and shows each conversation with its snippets marked', async () => {
    const fetch = mockSearchApi(() =>
      page([
        result(42, {
          matches: 4,
          snippets: [
            {
              segment: 1,
              seconds: 64.2,
              role: 'customer',
              text: '…so I want to Cancel my contract today, cancel it.',
              highlights: [
                { start: 14, length: 6 },
                { start: 40, length: 6 },
              ],
            },
            {
              segment: 3,
              seconds: 80,
              role: 'representative',
              text: 'Why <b>cancel</b> now?',
              highlights: [{ start: 7, length: 6 }],
            },
          ],
        }),
        result(43, { title: null, representative: null, department: null }),
      ]),
    );
    await open();
    searchFor('  cancel my  ');
    expect(location()).toBe('/projects/5/search?q=cancel+my');
    const card = await screen.findByTestId('search-result-42');
    expect(searches(fetch)).toEqual(['q=cancel+my&speaker=anyone']);
    expect(screen.getByTestId('search-count')).toHaveTextContent('2 conversations');

    // Title (a link to the analysis), date in the project's time zone, people, mentions.
    expect(within(card).getByRole('link', { name: 'Call 42' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/42',
    );
    expect(card).toHaveTextContent('Mar 8, 2026, 3:15 PM');
    expect(card).toHaveTextContent('Alice · Sales');
    expect(within(card).getByTestId('search-mentions')).toHaveTextContent('4 mentions');
    expect(card).toHaveTextContent('2 more mentions in this conversation');

    const [first, second] = within(card).getAllByTestId('search-snippet');
    expect(first).toHaveTextContent('1:04');
    expect(first).toHaveTextContent('Customer');
    expect(
      within(first!)
        .getAllByTestId('search-hit')
        .map((mark) => [mark.tagName, mark.textContent]),
    ).toEqual([
      ['MARK', 'Cancel'],
      ['MARK', 'cancel'],
    ]);
    expect(first).toHaveTextContent('…so I want to Cancel my contract today, cancel it.');
    expect(first).toHaveAttribute('href', '/projects/5/analysis/42?segment=1&t=64.2');
    expect(first).toHaveAttribute('title', 'Open the analysis at 1:04');

    // Text said is text: '<b>' reads as written, nothing is made of it.
    expect(second).toHaveTextContent('Representative');
    expect(second).toHaveTextContent('Why <b>cancel</b> now?');
    expect(second!.querySelector('b')).toBeNull();
    expect(within(second!).getByTestId('search-hit')).toHaveTextContent('cancel');

    // A conversation without a title or people.
    const untitled = screen.getByTestId('search-result-43');
    expect(within(untitled).getByRole('link', { name: 'Analysis #43' })).toBeInTheDocument();
    expect(untitled).not.toHaveTextContent('·');
    expect(within(untitled).getByTestId('search-mentions')).toHaveTextContent('1 mention');

    fireEvent.click(first!);
    expect(await screen.findByText('Analysis page')).toBeInTheDocument();
    expect(location()).toBe('/projects/5/analysis/42?segment=1&t=64.2');
  });

  it('shows a chat message without a time, linked to its piece', async () => {
    mockSearchApi(() =>
      page([
        result(7, {
          snippets: [
            { segment: 0, seconds: null, role: null, text: 'cancel', highlights: [{ start: 0, length: 6 }] },
          ],
        }),
      ]),
    );
    await open('/projects/5/search?q=cancel');
    const snippet = await screen.findByTestId('search-snippet');
    expect(snippet).toHaveTextContent(/^cancel$/);
    expect(snippet).toHaveAttribute('href', '/projects/5/analysis/7?segment=0');
    expect(snippet).toHaveAttribute('title', 'Open the analysis at this message');
  });

  it('reads the phrase and filters from the URL, keeps each change there, and back returns to the last search', async () => {
    const fetch = mockSearchApi(() => page([result(1)]));
    const { router } = await open(
      '/projects/5/search?q=refund&speaker=customer&tracker_id=2&representative=Alice&from=2026-03-01&to=2026-03-31',
    );
    await screen.findByTestId('search-result-1');
    expect(searches(fetch)).toEqual([
      'q=refund&speaker=customer&from=2026-03-01&to=2026-03-31&representative=Alice&tracker_id=2',
    ]);
    expect(screen.getByRole('searchbox', { name: 'Word or phrase' })).toHaveValue('refund');
    expect(screen.getByRole('combobox', { name: 'Said by' })).toHaveTextContent('Customer');
    expect(await screen.findByRole('combobox', { name: 'Tracker' })).toHaveTextContent('Pricing');
    expect(screen.getByRole('textbox', { name: 'Representative' })).toHaveValue('Alice');

    // A filter applies at once, in place of the URL.
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Said by' }));
    fireEvent.click(screen.getByRole('option', { name: 'Representative' }));
    expect(location()).toBe(
      '/projects/5/search?q=refund&from=2026-03-01&to=2026-03-31&representative=Alice&tracker_id=2&speaker=representative',
    );
    await waitFor(() => expect(searches(fetch).at(-1)).toContain('speaker=representative'));

    // A new phrase (the button) is a new step: back returns to the one before.
    fireEvent.change(screen.getByRole('searchbox', { name: 'Word or phrase' }), {
      target: { value: 'money back' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    expect(location()).toContain('q=money+back');
    await waitFor(() => expect(searches(fetch).at(-1)).toContain('q=money+back'));
    await router.navigate(-1);
    expect(location()).toContain('q=refund');
    expect(screen.getByRole('searchbox', { name: 'Word or phrase' })).toHaveValue('refund');

    // Clearing the filters keeps the phrase; anyone is the default and stays out of the URL.
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/projects/5/search?q=refund');
    await waitFor(() => expect(searches(fetch).at(-1)).toBe('q=refund&speaker=anyone'));
  });

  it('says when nothing is found, and offers to clear the filters that may be why', async () => {
    mockSearchApi(() => page([]));
    await open('/projects/5/search?q=zebra&department=Sales');
    expect(await screen.findByText('No conversations found')).toBeInTheDocument();
    expect(
      screen.getByText(
        'No transcript says “zebra” within these filters. Try fewer words or clear the filters.',
      ),
    );
    const clear = screen.getAllByRole('button', { name: 'Clear filters' });
    fireEvent.click(clear.at(-1)!);
    expect(location()).toBe('/projects/5/search?q=zebra');
    expect(
      await screen.findByText('No transcript says “zebra”. Check the spelling or try fewer words.'),
    ).toBeInTheDocument();
  });

  it('says nothing was found when the speaker kept none of the candidates the total counted', async () => {
    mockSearchApi(() => page([], { total: 3, total_at_most: true }));
    await open('/projects/5/search?q=invoice&speaker=customer');
    expect(await screen.findByText('No conversations found')).toBeInTheDocument();
    expect(screen.queryByTestId('search-count')).not.toBeInTheDocument();
  });

  it('loads more conversations after the last page’s cursor until there are no more', async () => {
    const fetch = mockSearchApi((url) =>
      url.searchParams.get('cursor') === 'page-2'
        ? page([result(3)], { total: 3 })
        : page([result(1), result(2)], { total: 3, next_cursor: 'page-2' }),
    );
    await open('/projects/5/search?q=cancel');
    await screen.findByTestId('search-result-2');
    expect(screen.getByTestId('search-count')).toHaveTextContent('3 conversations');
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByTestId('search-result-3')).toBeInTheDocument();
    expect(searches(fetch)).toEqual(['q=cancel&speaker=anyone', 'q=cancel&speaker=anyone&cursor=page-2']);
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
  });

  it('says "more than" when the count reached its cap', async () => {
    mockSearchApi(() => page([result(1)], { total: 1000, total_capped: true, next_cursor: 'next' }));
    await open('/projects/5/search?q=hello');
    expect(await screen.findByTestId('search-count')).toHaveTextContent('More than 1,000 conversations');
  });

  it('counts the conversations shown once the last page is in (the server counts candidates)', async () => {
    mockSearchApi(() => page([result(1)], { total: 2 }));
    await open('/projects/5/search?q=hello&speaker=customer');
    expect(await screen.findByTestId('search-count')).toHaveTextContent('1 conversation');
  });

  it('with a speaker and more pages to come, the count is an upper bound', async () => {
    mockSearchApi(() => page([result(1)], { total: 40, total_at_most: true, next_cursor: 'next' }));
    await open('/projects/5/search?q=hello&speaker=customer');
    expect(await screen.findByTestId('search-count')).toHaveTextContent('Conversations: up to 40');
  });

  it('shows placeholders while searching', async () => {
    let answer: (response: Response) => void = () => {};
    mockSearchApi(() => new Promise<Response>((resolve) => (answer = resolve)));
    await open('/projects/5/search?q=hello');
    expect(await screen.findByTestId('search-loading')).toHaveTextContent('Searching...');
    answer(page([result(1)]) as Response);
    expect(await screen.findByTestId('search-result-1')).toBeInTheDocument();
    expect(screen.queryByTestId('search-loading')).not.toBeInTheDocument();
  });

  it('shows why the server refused the phrase under the box', async () => {
    mockSearchApi(() =>
      jsonResponse(400, {
        error: { code: 'validation_error', message: 'Please enter a word or phrase.', field: 'q' },
      }),
    );
    await open('/projects/5/search?q=%21%21%21');
    expect(await screen.findByText('Please enter a word or phrase.')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Word or phrase' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Search every conversation')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('offers Retry when the search failed', async () => {
    let fail = true;
    const fetch = mockSearchApi(() =>
      fail ? jsonResponse(500, { error: { code: 'internal_error', message: 'Boom' } }) : page([result(1)]),
    );
    await open('/projects/5/search?q=hello');
    expect(await screen.findByText('The search failed.')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('search-result-1')).toBeInTheDocument();
    expect(searches(fetch)).toHaveLength(2);
  });
});
