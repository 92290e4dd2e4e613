import { analysisRoutes, authRoutes, changeRequestRoutes, projectRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { routes } from '../../app/routes';
import { detailFixture, requests } from '../../test/analyses';
import {
  type Handler,
  jsonResponse,
  mockFetch,
  renderRoutes,
  routeKey,
  sessionAnswer,
  testProject,
  testUser,
} from '../../test/utils';
import { changeRequestFixture, listAnswer } from './testUtils';

const location = () => screen.getByTestId('location').textContent;

function mockApi(project = testProject(), overrides: Record<string, Handler> = {}) {
  return mockFetch({
    [routeKey(authRoutes.session)]: () => sessionAnswer(testUser),
    [routeKey(projectRoutes.list)]: () => jsonResponse(200, { data: [project] }),
    [routeKey(projectRoutes.get, { id: 5 })]: () => jsonResponse(200, { data: project }),
    [routeKey(changeRequestRoutes.openCount, { id: 5 })]: () => jsonResponse(200, { data: { open: 3 } }),
    [routeKey(changeRequestRoutes.list, { id: 5 })]: () =>
      jsonResponse(200, listAnswer([changeRequestFixture()], { open: 3, approved: 5, rejected: 1 })),
    [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
      jsonResponse(200, { data: detailFixture() }),
    ...overrides,
  });
}

async function openPage(path = '/projects/5/change-requests') {
  renderRoutes(routes, path);
  return screen.findByTestId('request-row-9', {}, { timeout: 5000 });
}

const lastQuery = (fetch: ReturnType<typeof mockFetch>) =>
  Object.fromEntries(requests(fetch, routeKey(changeRequestRoutes.list, { id: 5 })).at(-1)!.url.searchParams);

describe('change requests page', () => {
  it('lists the open requests with counts per status and the open count on the sidebar', async () => {
    const fetch = mockApi();
    const row = await openPage();
    expect(row).toHaveTextContent('Pricing call with Acme');
    expect(row).toHaveTextContent('Sentiment: positive → negative');
    expect(row).toHaveTextContent('Ada Lovelace');
    expect(screen.getByTestId('tab-open')).toHaveTextContent('Open3');
    expect(screen.getByTestId('tab-approved')).toHaveTextContent('Approved5');
    expect(screen.getByTestId('tab-all')).toHaveTextContent('All9');
    expect(lastQuery(fetch)).toMatchObject({ status: 'open', page: '1' });
    expect(await screen.findByTestId('nav-badge-changeRequests')).toHaveTextContent('3');
    expect(screen.queryByText(/coming soon/i)).not.toBeInTheDocument();

    fireEvent.click(screen.getByTestId('tab-approved'));
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ status: 'approved' }));
    expect(location()).toBe('/projects/5/change-requests?status=approved');
    fireEvent.click(screen.getByTestId('tab-all'));
    await waitFor(() => expect(lastQuery(fetch).status).toBeUndefined());
  });

  it('filters by field, representative, requester and date range (from the URL) and says when nothing matches', async () => {
    const fetch = mockApi(testProject(), {
      [routeKey(changeRequestRoutes.list, { id: 5 })]: (url) =>
        jsonResponse(
          200,
          url.searchParams.get('path') === 'Closing'
            ? listAnswer([], { open: 0, approved: 0, rejected: 0 })
            : listAnswer([changeRequestFixture()]),
        ),
    });
    await openPage('/projects/5/change-requests?from=2026-03-01&to=2026-03-31&requester_id=1');
    expect(lastQuery(fetch)).toMatchObject({ from: '2026-03-01', to: '2026-03-31', requester_id: '1' });
    expect(screen.getByRole('combobox', { name: 'Requested by' })).toHaveTextContent('Ada Lovelace');
    fireEvent.change(screen.getByRole('textbox', { name: 'Representative' }), { target: { value: 'Alice' } });
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ representative: 'Alice' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Field' }), { target: { value: 'Closing' } });
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ path: 'Closing', representative: 'Alice' }));
    expect(await screen.findByText('No change requests match these filters')).toBeInTheDocument();
  });

  it('filters by a field from a row without opening the request', async () => {
    const fetch = mockApi();
    const row = await openPage();
    fireEvent.click(within(row).getByRole('button', { name: 'Sentiment' }));
    await waitFor(() => expect(lastQuery(fetch)).toMatchObject({ path: 'Sentiment' }));
    expect(location()).toBe('/projects/5/change-requests?path=Sentiment');
    expect(screen.getByRole('textbox', { name: 'Field' })).toHaveValue('Sentiment');
    expect(screen.queryByTestId('request-drawer')).not.toBeInTheDocument();
  });

  it('approves with an edited value', async () => {
    const fetch = mockApi(testProject(), {
      [routeKey(changeRequestRoutes.approve, { id: 5, requestId: 9 })]: () =>
        jsonResponse(200, { data: changeRequestFixture({ status: 'approved', can_review: false }) }),
    });
    fireEvent.click(await openPage());
    const drawer = await screen.findByTestId('request-drawer');
    expect(location()).toBe('/projects/5/change-requests?request=9');
    expect(within(drawer).getByTestId('detail-item-Sentiment')).toHaveTextContent('positive → negative');
    expect(within(drawer).getByText('The customer complained twice.')).toBeInTheDocument();
    expect(within(drawer).getByTestId('detail-moment')).toHaveTextContent('0:04');
    expect(within(drawer).getByRole('link', { name: 'Pricing call with Acme' })).toHaveAttribute(
      'href',
      '/projects/5/analysis/42',
    );
    // The prompt's options, from the analysis.
    const value = await within(drawer).findByRole('combobox', { name: 'Value to set for Sentiment' });
    expect(value).toHaveTextContent('negative');
    fireEvent.mouseDown(value);
    fireEvent.click(await screen.findByRole('option', { name: /^positive/ }));
    fireEvent.click(within(drawer).getByRole('button', { name: 'Approve' }));
    await waitFor(() =>
      expect(
        requests(fetch, routeKey(changeRequestRoutes.approve, { id: 5, requestId: 9 })).map((r) => r.body),
      ).toEqual([{ values: { Sentiment: 'positive' } }]),
    );
  });

  it('rejects only with a reason', async () => {
    const fetch = mockApi(testProject(), {
      [routeKey(changeRequestRoutes.reject, { id: 5, requestId: 9 })]: () =>
        jsonResponse(200, { data: changeRequestFixture({ status: 'rejected', can_review: false }) }),
    });
    fireEvent.click(await openPage());
    const drawer = await screen.findByTestId('request-drawer');
    const reject = await within(drawer).findByRole('button', { name: 'Reject' });
    fireEvent.click(reject);
    expect(await within(drawer).findByText('Give a reason.')).toBeInTheDocument();
    expect(requests(fetch, routeKey(changeRequestRoutes.reject, { id: 5, requestId: 9 }))).toEqual([]);
    fireEvent.change(within(drawer).getByRole('textbox', { name: 'Reason for rejecting' }), {
      target: { value: 'The AI was right.' },
    });
    fireEvent.click(reject);
    await waitFor(() =>
      expect(
        requests(fetch, routeKey(changeRequestRoutes.reject, { id: 5, requestId: 9 })).map((r) => r.body),
      ).toEqual([{ reason: 'The AI was right.' }]),
    );
  });

  it('offers a Review button on each row a member may review, Open on the others', async () => {
    mockApi(testProject(), {
      [routeKey(changeRequestRoutes.list, { id: 5 })]: () =>
        jsonResponse(
          200,
          listAnswer([changeRequestFixture(), changeRequestFixture({ id: 10, can_review: false })]),
        ),
    });
    const row = await openPage();
    expect(within(screen.getByTestId('request-row-10')).getByRole('button', { name: 'Open' })).toBeVisible();
    fireEvent.click(within(row).getByRole('button', { name: 'Review' }));
    const drawer = await screen.findByTestId('request-drawer');
    expect(location()).toBe('/projects/5/change-requests?request=9');
    expect(await within(drawer).findByTestId('review-panel')).toBeInTheDocument();
  });

  it('shows no review to a member who may not review', async () => {
    mockApi(testProject({ my_role: 'user' }), {
      [routeKey(changeRequestRoutes.list, { id: 5 })]: () =>
        jsonResponse(200, listAnswer([changeRequestFixture({ can_review: false })])),
    });
    fireEvent.click(await openPage());
    const drawer = await screen.findByTestId('request-drawer');
    expect(within(drawer).getByText('The customer complained twice.')).toBeInTheDocument();
    expect(within(drawer).queryByTestId('review-panel')).not.toBeInTheDocument();
  });
});
