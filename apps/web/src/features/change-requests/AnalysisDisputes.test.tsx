import { analysisRoutes, changeRequestRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  analysesRoutes,
  detailFixture,
  mockAnalysesApi,
  requests,
  stubEventSource,
} from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';
import { changeRequestFixture, listAnswer } from './testUtils';

beforeEach(() => stubEventSource());

async function openDetail() {
  renderRoutes(analysesRoutes, '/projects/5/analysis/42');
  await screen.findByRole('heading', { level: 1 });
}

describe('change requests on the analysis page', () => {
  it('marks fields with an open request and shows the corrections beside the AI values', async () => {
    const fetch = mockAnalysesApi({
      [routeKey(changeRequestRoutes.list, { id: 5 })]: () =>
        jsonResponse(200, listAnswer([changeRequestFixture()])),
      [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
        jsonResponse(200, {
          data: detailFixture({
            corrections: [
              {
                path: 'Empathy',
                ai_value: 1,
                value: 3,
                by: { id: 2, name: 'Tom Leader' },
                at: '2026-03-12T08:00:00.000Z',
                reason: 'The rep apologised and listened.',
                request_id: 7,
              },
            ],
          }),
        }),
    });
    await openDetail();
    expect(await screen.findByTestId('open-request-Sentiment')).toHaveTextContent('Change requested');
    expect(screen.queryByTestId('request-change-Sentiment')).not.toBeInTheDocument();
    expect(screen.getByTestId('request-change-Summary')).toBeInTheDocument();
    expect(within(screen.getByTestId('field-Empathy')).getByText('Corrected')).toBeInTheDocument();
    const correction = screen.getByTestId('correction-Empathy');
    expect(correction).toHaveTextContent('1 → 3');
    expect(correction).toHaveTextContent('Tom Leader');
    expect(correction).toHaveTextContent('The rep apologised and listened.');
    expect(within(correction).getByRole('link', { name: 'Request #7' })).toHaveAttribute(
      'href',
      '/projects/5/change-requests?request=7',
    );
    const asked = requests(fetch, routeKey(changeRequestRoutes.list, { id: 5 }))[0]!.url.searchParams;
    expect(Object.fromEntries(asked)).toMatchObject({ task_id: '42', status: 'open' });
  });

  it('asks for typed values of several fields with a reason and a transcript moment', async () => {
    const fetch = mockAnalysesApi({
      [routeKey(changeRequestRoutes.list, { id: 5 })]: () => jsonResponse(200, listAnswer([])),
      [routeKey(changeRequestRoutes.create, { id: 5, taskId: 42 })]: () =>
        jsonResponse(201, { data: changeRequestFixture() }),
    });
    await openDetail();
    fireEvent.click(await screen.findByTestId('request-change-Objections'));
    const dialog = await screen.findByRole('dialog', { name: 'Request a change' });
    expect(within(dialog).getByText(/AI value: 2/)).toBeInTheDocument();
    const number = within(dialog).getByRole('textbox', { name: 'Proposed value' });
    expect(number).toHaveValue('2');

    // Not a number: refused as typed, never rewritten.
    fireEvent.change(number, { target: { value: '3x' } });
    expect(number).toHaveValue('3x');
    expect(within(dialog).getByText('Enter a number, e.g. 7 or 7.5.')).toBeInTheDocument();
    fireEvent.change(number, { target: { value: '2.5' } });
    expect(within(dialog).getByText('Enter a whole number.')).toBeInTheDocument();
    // Beyond what a result holds (the shared rule the server applies).
    fireEvent.change(number, { target: { value: '10000000000000' } });
    expect(
      within(dialog).getByText('Enter a number from -1,000,000,000,000 to 1,000,000,000,000.'),
    ).toBeInTheDocument();
    fireEvent.change(number, { target: { value: '3' } });

    // A second field: yes/no as a switch.
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Add another field' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Greeted' }));
    const greeted = within(screen.getByTestId('request-item-Greeted')).getByRole('switch');
    expect(greeted).toBeChecked();
    fireEvent.click(greeted);

    // The reason is required.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(await within(dialog).findByText('Give a reason.')).toBeInTheDocument();
    expect(requests(fetch, routeKey(changeRequestRoutes.create, { id: 5, taskId: 42 }))).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Only three objections, and no greeting.' },
    });
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Transcript moment (optional)' }));
    fireEvent.click(await screen.findByRole('option', { name: /question about pricing/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(
      requests(fetch, routeKey(changeRequestRoutes.create, { id: 5, taskId: 42 })).map((r) => r.body),
    ).toEqual([
      {
        kind: 'field',
        items: [
          { path: 'Objections', proposed_value: 3 },
          { path: 'Greeted', proposed_value: false },
        ],
        reason: 'Only three objections, and no greeting.',
        transcript_moment: { seconds: 4.5, quote: 'Hi, I have a question about pricing?' },
      },
    ]);
  });

  it("refuses the AI's own value and names the speaker of each transcript moment", async () => {
    const fetch = mockAnalysesApi({
      [routeKey(changeRequestRoutes.list, { id: 5 })]: () => jsonResponse(200, listAnswer([])),
    });
    await openDetail();
    fireEvent.click(await screen.findByTestId('request-change-Objections'));
    const dialog = await screen.findByRole('dialog', { name: 'Request a change' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'Wrong count.' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    expect(
      await within(dialog).findByText('This is the AI’s value; propose a different one.'),
    ).toBeInTheDocument();
    expect(requests(fetch, routeKey(changeRequestRoutes.create, { id: 5, taskId: 42 }))).toEqual([]);

    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Transcript moment (optional)' }));
    const lines = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(lines).toContain('0:04 · Customer: Hi, I have a question about pricing?');
    expect(lines).toContain('0:00 · Alice: Hello, thanks for calling.');
  });

  it('asks for a re-analysis only where the member may not re-analyse', async () => {
    mockAnalysesApi({
      [routeKey(changeRequestRoutes.list, { id: 5 })]: () => jsonResponse(200, listAnswer([])),
    });
    await openDetail();
    expect(await screen.findByRole('button', { name: 'Re-analyse' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Request re-analysis' })).not.toBeInTheDocument();
  });

  it('offers a user both: asking for a re-analysis and re-analysing', async () => {
    mockAnalysesApi(
      { [routeKey(changeRequestRoutes.list, { id: 5 })]: () => jsonResponse(200, listAnswer([])) },
      testProject({ my_role: 'user' }),
    );
    await openDetail();
    expect(await screen.findByRole('button', { name: 'Request re-analysis' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Re-analyse' })).toBeInTheDocument();
  });

  it('offers an option field its options and ok fields ok / not ok / n/a', async () => {
    mockAnalysesApi({
      [routeKey(changeRequestRoutes.list, { id: 5 })]: () => jsonResponse(200, listAnswer([])),
    });
    await openDetail();
    fireEvent.click(await screen.findByTestId('request-change-Closing'));
    const dialog = await screen.findByRole('dialog', { name: 'Request a change' });
    const group = within(dialog).getByRole('group', { name: 'Proposed value' });
    expect(within(group).getByRole('button', { name: 'Not OK' })).toHaveAttribute('aria-pressed', 'true');
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Add another field' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sentiment' }));
    fireEvent.mouseDown(within(screen.getByTestId('request-item-Sentiment')).getByRole('combobox'));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'positive – The customer was pleased',
      'negative – The customer was upset',
    ]);
  });
});
