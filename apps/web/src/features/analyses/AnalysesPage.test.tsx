import { analysisRoutes } from '@parley/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { INPUT_DEBOUNCE_MS } from '../../shared/components/DebouncedTextField';
import { EVENT_SOURCE_RETRY_MS } from '../../shared/hooks/useEventSource';
import {
  analysesRoutes,
  listItem,
  listPage,
  MockEventSource,
  mockAnalysesApi,
  openStream,
  requests,
  stubEventSource,
} from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';

const location = () => screen.getByTestId('location').textContent;
const listCalls = (fetch: ReturnType<typeof mockAnalysesApi>) =>
  requests(fetch, routeKey(analysisRoutes.list, { id: 5 })).map((request) => request.url.searchParams);
const lastListCall = (fetch: ReturnType<typeof mockAnalysesApi>) => listCalls(fetch).at(-1)!;

async function openList(path = '/projects/5/analyses') {
  const view = renderRoutes(analysesRoutes, path);
  await screen.findByTestId('analysis-row-1');
  return view;
}

beforeEach(() => stubEventSource());

describe('analyses list', () => {
  it('shows a page of analyses with their columns', async () => {
    mockAnalysesApi({
      [routeKey(analysisRoutes.list, { id: 5 })]: () =>
        jsonResponse(
          200,
          listPage([
            listItem(1, { final_score: 87.5, score_mode: 'percent', duration_seconds: 3725 }),
            listItem(2, { title: null, final_score: null, status: 'failed', stage: 'transcription' }),
            listItem(3, { final_score: 12, score_mode: 'sum', conversation_at: '2025-11-14T16:00:00.000Z' }),
          ]),
        ),
    });
    await openList();
    const first = screen.getByTestId('analysis-row-1');
    expect(within(first).getByRole('link', { name: 'Call 1' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/1',
    );
    expect(within(first).getByText('call-1.mp3')).toBeInTheDocument();
    expect(within(first).getByText('Alice')).toBeInTheDocument();
    expect(within(first).getByText('Sales scorecard')).toBeInTheDocument();
    // A percentage says so, as on the analysis page; a sum is a plain number.
    expect(within(first).getByTestId('analysis-score')).toHaveTextContent(/^87\.5 %$/);
    expect(within(screen.getByTestId('analysis-row-3')).getByTestId('analysis-score')).toHaveTextContent(
      /^12$/,
    );
    expect(within(first).getByText('1:02:05')).toBeInTheDocument();
    expect(within(first).getByText('Completed')).toBeInTheDocument();
    expect(within(first).getByText(/Mar 10, 2026/)).toBeInTheDocument();
    const second = screen.getByTestId('analysis-row-2');
    expect(within(second).getByRole('link', { name: 'call-2.mp3' })).toBeInTheDocument();
    expect(within(second).getByTestId('analysis-score')).toHaveTextContent('—');
    expect(within(second).getByText('Failed')).toBeInTheDocument();
    // The date is the conversation's, not the upload's.
    const third = within(screen.getByTestId('analysis-row-3'));
    expect(third.getByText(/Nov 14, 2025/)).toBeInTheDocument();
    expect(third.queryByText(/Mar 10, 2026/)).not.toBeInTheDocument();
  });

  it('asks the server for the first page of 25 by default', async () => {
    const fetch = mockAnalysesApi();
    await openList();
    expect(lastListCall(fetch).toString()).toBe('page=1&page_size=25');
  });

  it("links the Export menu's formats to the server's export with the list's filters", async () => {
    mockAnalysesApi();
    await openList('/projects/5/analyses?department=Sales&status=completed&prompt_id=3&page=2');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const csv = new URL(screen.getByTestId('analyses-export-csv').getAttribute('href')!, 'http://x');
    expect(csv.pathname).toBe('/api/projects/5/analyses/export');
    expect(Object.fromEntries(csv.searchParams)).toEqual({
      prompt_id: '3',
      department: 'Sales',
      status: 'completed',
      format: 'csv',
    });
    expect(screen.getByTestId('analyses-export-csv')).toHaveAttribute('download');
    const jsonl = new URL(screen.getByTestId('analyses-export-jsonl').getAttribute('href')!, 'http://x');
    expect(jsonl.searchParams.get('format')).toBe('jsonl');
    expect(screen.queryByText(/Choose a prompt/)).not.toBeInTheDocument();
  });

  it('sends the filters of the URL to the server, and shows them in the fields', async () => {
    const fetch = mockAnalysesApi();
    await openList(
      '/projects/5/analyses?from=2026-03-01&to=2026-03-31&prompt_id=3&department=Sales&representative=Alice&status=completed&score_min=50&score_max=90.5&q=pricing&page=2&page_size=50',
    );
    // The first request: these few rows end before page 2, so the page then moves to page 1.
    expect(Object.fromEntries(listCalls(fetch)[0]!)).toEqual({
      page: '2',
      page_size: '50',
      from: '2026-03-01',
      to: '2026-03-31',
      prompt_id: '3',
      department: 'Sales',
      representative: 'Alice',
      status: 'completed',
      score_min: '50',
      score_max: '90.5',
      q: 'pricing',
    });
    expect(screen.getByLabelText('Search')).toHaveValue('pricing');
    expect(screen.getByRole('textbox', { name: 'Date range' })).toHaveValue('Mar 1, 2026 - Mar 31, 2026');
    expect(screen.getByLabelText('Department')).toHaveValue('Sales');
    expect(screen.getByLabelText('Min score')).toHaveValue(50);
  });

  it('on a phone folds the filters but the search behind a Filters button that counts those set', async () => {
    // A phone: the theme's down('sm') query (max-width 599.95px) matches.
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: /max-width:\s*(599|899)\.95px/.test(query),
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
    }));
    mockAnalysesApi();
    await openList('/projects/5/analyses?from=2026-03-01&to=2026-03-31&status=completed&q=pricing');
    expect(screen.getByLabelText('Search')).toHaveValue('pricing');
    expect(screen.queryByLabelText('Department')).not.toBeInTheDocument();
    const button = screen.getByRole('button', { name: 'Filters (2)' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Department')).toBeInTheDocument();
    vi.unstubAllGlobals();
    stubEventSource();
  });

  it('ignores unreadable URL values', async () => {
    const fetch = mockAnalysesApi();
    await openList(
      '/projects/5/analyses?from=yesterday&status=bogus&prompt_id=x&page=-3&page_size=7&score_min=abc',
    );
    expect(lastListCall(fetch).toString()).toBe('page=1&page_size=25');
  });

  it('pages through the server: next page and rows per page go to the URL and the request', async () => {
    const fetch = mockAnalysesApi({
      [routeKey(analysisRoutes.list, { id: 5 })]: (url) => {
        const page = Number(url.searchParams.get('page'));
        const size = Number(url.searchParams.get('page_size'));
        return jsonResponse(200, listPage([listItem(page * 100 + 1), listItem(1)], 120, page, size));
      },
    });
    await openList();
    expect(screen.getByText('1–25 of 120')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location()).toBe('/projects/5/analyses?page=2');
    await screen.findByTestId('analysis-row-201');
    expect(lastListCall(fetch).toString()).toBe('page=2&page_size=25');
    expect(screen.getByText('26–50 of 120')).toBeInTheDocument();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Rows per page/ }));
    fireEvent.click(await screen.findByRole('option', { name: '50' }));
    expect(location()).toBe('/projects/5/analyses?page_size=50');
    await waitFor(() => expect(lastListCall(fetch).toString()).toBe('page=1&page_size=50'));
  });

  it('says "more than" a capped total, and pages on past it without jumping back', async () => {
    const user = userEvent.setup();
    const fetch = mockAnalysesApi({
      [routeKey(analysisRoutes.list, { id: 5 })]: (url) => {
        const page = Number(url.searchParams.get('page'));
        return jsonResponse(200, listPage([listItem(page * 100 + 1), listItem(1)], 10_000, page, 25, true));
      },
    });
    await openList('/projects/5/analyses?page=401');
    expect(await screen.findByText('10,001–10,025 of more than 10,000')).toBeInTheDocument();
    expect(location()).toBe('/projects/5/analyses?page=401');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(location()).toBe('/projects/5/analyses?page=402');
    await waitFor(() => expect(lastListCall(fetch).toString()).toBe('page=402&page_size=25'));
  });

  it('applies a select filter at once and goes back to the first page', async () => {
    const fetch = mockAnalysesApi();
    await openList('/projects/5/analyses?page=3');
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Status' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Processing' }));
    expect(location()).toBe('/projects/5/analyses?status=processing');
    await waitFor(() => expect(lastListCall(fetch).toString()).toBe('page=1&page_size=25&status=processing'));

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Prompt' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Support checklist' }));
    await waitFor(() =>
      expect(lastListCall(fetch).toString()).toBe('page=1&page_size=25&prompt_id=4&status=processing'),
    );
  });

  it('applies a picked date range at once, and clears it', async () => {
    const user = userEvent.setup();
    const fetch = mockAnalysesApi();
    await openList('/projects/5/analyses?q=acme&page=2');
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 20, 9));
    await user.click(screen.getByRole('textbox', { name: 'Date range' }));
    const picker = await screen.findByRole('dialog', { name: 'Date range' });
    await user.click(within(picker).getByRole('button', { name: /March 1st, 2026/ }));
    await user.click(within(picker).getByRole('button', { name: /March 15th, 2026/ }));
    await user.click(within(picker).getByRole('button', { name: 'Apply' }));
    // Back to the first page, the other filters kept.
    expect(location()).toBe('/projects/5/analyses?from=2026-03-01&to=2026-03-15&q=acme');
    await waitFor(() =>
      expect(lastListCall(fetch).toString()).toBe('page=1&page_size=25&from=2026-03-01&to=2026-03-15&q=acme'),
    );
    expect(screen.getByRole('textbox', { name: 'Date range' })).toHaveValue('Mar 1, 2026 - Mar 15, 2026');

    await user.click(screen.getByRole('button', { name: 'Clear dates' }));
    expect(location()).toBe('/projects/5/analyses?q=acme');
    expect(screen.getByRole('textbox', { name: 'Date range' })).toHaveValue('');
  });

  it('searches and filters by text after typing pauses', async () => {
    const fetch = mockAnalysesApi();
    await openList();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const before = listCalls(fetch).length;
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'pri' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: 'pricing demo' } });
    act(() => vi.advanceTimersByTime(INPUT_DEBOUNCE_MS - 50));
    expect(location()).toBe('/projects/5/analyses');
    act(() => vi.advanceTimersByTime(60));
    expect(location()).toBe('/projects/5/analyses?q=pricing+demo');

    fireEvent.change(screen.getByLabelText('Representative'), { target: { value: ' Bob ' } });
    fireEvent.change(screen.getByLabelText('Min score'), { target: { value: '70' } });
    fireEvent.change(screen.getByLabelText('Max score'), { target: { value: '95' } });
    act(() => vi.advanceTimersByTime(INPUT_DEBOUNCE_MS + 10));
    vi.useRealTimers();
    await waitFor(() =>
      expect(Object.fromEntries(lastListCall(fetch))).toEqual({
        page: '1',
        page_size: '25',
        representative: 'Bob',
        score_min: '70',
        score_max: '95',
        q: 'pricing demo',
      }),
    );
    // One request per applied change, none per keystroke.
    expect(listCalls(fetch).length - before).toBeLessThanOrEqual(4);
    expect(listCalls(fetch).some((params) => params.get('q') === 'pri')).toBe(false);
  });

  it('clears every filter', async () => {
    const fetch = mockAnalysesApi();
    await openList('/projects/5/analyses?status=failed&q=acme&page=2');
    fireEvent.click(screen.getByRole('button', { name: 'Clear filters' }));
    expect(location()).toBe('/projects/5/analyses');
    await waitFor(() => expect(lastListCall(fetch).toString()).toBe('page=1&page_size=25'));
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it('opens the detail page when a row is clicked', async () => {
    mockAnalysesApi();
    await openList();
    fireEvent.click(within(screen.getByTestId('analysis-row-2')).getByText('Alice'));
    expect(location()).toBe('/projects/5/analysis/2');
  });

  it('shows an empty state linking to the upload page', async () => {
    mockAnalysesApi({ [routeKey(analysisRoutes.list, { id: 5 })]: () => jsonResponse(200, listPage([], 0)) });
    renderRoutes(analysesRoutes, '/projects/5/analyses');
    expect(await screen.findByText('No analyses yet')).toBeInTheDocument();
    expect(screen.queryByLabelText('Search')).not.toBeInTheDocument();
    const links = screen.getAllByRole('link', { name: 'Upload' });
    expect(links[0]).toHaveAttribute('href', '/projects/5/analysis/upload');
  });

  it('read-only (support access): rows and filters work, Upload is not offered', async () => {
    const fetch = mockAnalysesApi({}, testProject({ my_role: 'admin', read_only: true }));
    await openList();
    const upload = screen.getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    fireEvent.click(upload);
    expect(location()).toBe('/projects/5/analyses');
    fireEvent.click(within(screen.getByTestId('analysis-row-2')).getByText('Alice'));
    expect(location()).toBe('/projects/5/analysis/2');
    expect(fetch.mock.calls.filter(([, init]) => (init?.method ?? 'GET') !== 'GET')).toEqual([]);
  });

  it('says when filters match nothing, with a way to clear them', async () => {
    mockAnalysesApi({ [routeKey(analysisRoutes.list, { id: 5 })]: () => jsonResponse(200, listPage([], 0)) });
    renderRoutes(analysesRoutes, '/projects/5/analyses?q=nothing');
    expect(await screen.findByText('No analyses match these filters')).toBeInTheDocument();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear filters' }).at(-1)!);
    expect(location()).toBe('/projects/5/analyses');
  });

  it('shows an error with Retry when the list fails', async () => {
    let fail = true;
    mockAnalysesApi({
      [routeKey(analysisRoutes.list, { id: 5 })]: () =>
        fail
          ? jsonResponse(500, { error: { code: 'internal', message: 'Database unavailable' } })
          : jsonResponse(200, listPage([listItem(1)])),
    });
    renderRoutes(analysesRoutes, '/projects/5/analyses');
    expect(await screen.findByText('Failed to load analyses')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('analysis-row-1')).toBeInTheDocument();
  });
});

describe('analyses list live updates', () => {
  it('listens to the project task events', async () => {
    mockAnalysesApi();
    await openList();
    const source = MockEventSource.latest();
    expect(source.url).toBe('/api/projects/5/analyses/events');
    source.open();
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live');
  });

  it('updates a row in place: status, stage and a progress bar', async () => {
    const fetch = mockAnalysesApi({
      [routeKey(analysisRoutes.list, { id: 5 })]: () =>
        jsonResponse(
          200,
          listPage([
            listItem(1, { status: 'queued', stage: null, progress: 0, final_score: null }),
            listItem(2),
          ]),
        ),
    });
    const { client } = await openList();
    const source = MockEventSource.latest();
    await openStream(source, client);
    const before = listCalls(fetch).length;
    const row = screen.getByTestId('analysis-row-1');
    expect(within(row).getByText('Queued')).toBeInTheDocument();

    source.emit('task', { task_id: 1, status: 'processing', stage: 'transcription', progress: 37 });
    expect(await within(row).findByText('Processing')).toBeInTheDocument();
    expect(within(row).getByText(/Transcribing · 37%/)).toBeInTheDocument();
    expect(within(row).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '37');

    source.emit('task', { task_id: 1, status: 'processing', stage: 'analysis', progress: 60 });
    expect(await within(row).findByText(/Analysing · 60%/)).toBeInTheDocument();
    // In-place updates do not reload the page.
    expect(listCalls(fetch).length).toBe(before);
    // Events of other projects' tasks or unreadable ones change nothing.
    source.emit('task', { nonsense: true });
    expect(within(row).getByText('Processing')).toBeInTheDocument();
  });

  it('reloads the page when a task completes (score and title come with it)', async () => {
    let done = false;
    const fetch = mockAnalysesApi({
      [routeKey(analysisRoutes.list, { id: 5 })]: () =>
        jsonResponse(
          200,
          listPage([
            done
              ? listItem(1, { title: 'Renewal call', final_score: 91 })
              : listItem(1, {
                  title: null,
                  status: 'processing',
                  stage: 'analysis',
                  progress: 60,
                  final_score: null,
                }),
          ]),
        ),
    });
    await openList();
    const source = MockEventSource.latest();
    source.open();
    const before = listCalls(fetch).length;
    done = true;
    source.emit('task', { task_id: 1, status: 'completed', stage: 'done', progress: 100 });
    expect(await screen.findByText('Renewal call')).toBeInTheDocument();
    expect(within(screen.getByTestId('analysis-row-1')).getByTestId('analysis-score')).toHaveTextContent(
      '91',
    );
    expect(listCalls(fetch).length).toBe(before + 1);
  });

  it('reloads the first page when a new task is queued', async () => {
    const fetch = mockAnalysesApi();
    await openList();
    const source = MockEventSource.latest();
    source.open();
    const before = listCalls(fetch).length;
    source.emit('task', { task_id: 99, status: 'queued', stage: null, progress: 0 });
    await waitFor(() => expect(listCalls(fetch).length).toBe(before + 1));
    // A progress event of a task that is on another page does not.
    source.emit('task', { task_id: 98, status: 'processing', stage: 'media', progress: 5 });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(listCalls(fetch).length).toBe(before + 1);
  });

  it('reloads the page when the stream opens: a task that finished before it opened shows as finished', async () => {
    let done = false;
    mockAnalysesApi({
      [routeKey(analysisRoutes.list, { id: 5 })]: () =>
        jsonResponse(
          200,
          listPage([
            done
              ? listItem(1, { title: 'Renewal call', final_score: 91 })
              : listItem(1, { title: null, status: 'processing', stage: 'analysis', progress: 60 }),
          ]),
        ),
    });
    await openList();
    expect(within(screen.getByTestId('analysis-row-1')).getByText('Processing')).toBeInTheDocument();
    done = true; // finished between the page's first load and the stream's opening: no event will say so
    MockEventSource.latest().open();
    expect(await screen.findByText('Renewal call')).toBeInTheDocument();
  });

  it('reloads the page after the stream reconnects', async () => {
    const fetch = mockAnalysesApi();
    await openList();
    const source = MockEventSource.latest();
    source.open();
    const before = listCalls(fetch).length;
    source.drop();
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Reconnecting…');
    expect(listCalls(fetch).length).toBe(before);
    source.open();
    await waitFor(() => expect(listCalls(fetch).length).toBe(before + 1));
    expect(screen.getByTestId('live-indicator')).toHaveTextContent('Live');
  });

  it('opens a new stream after the server refused one, and reloads when it is open', async () => {
    const fetch = mockAnalysesApi();
    await openList();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const first = MockEventSource.latest();
    first.drop(true);
    expect(MockEventSource.instances).toHaveLength(1);
    act(() => vi.advanceTimersByTime(EVENT_SOURCE_RETRY_MS));
    vi.useRealTimers();
    expect(MockEventSource.instances).toHaveLength(2);
    const before = listCalls(fetch).length;
    MockEventSource.latest().open();
    await waitFor(() => expect(listCalls(fetch).length).toBe(before + 1));
  });

  it('closes the stream when the page is left', async () => {
    mockAnalysesApi();
    const { unmount } = await openList();
    const source = MockEventSource.latest();
    unmount();
    expect(source.closed).toBe(true);
  });
});
