import { type AnalysisTrackerHit, analysisRoutes, trackerRoutes } from '@parley/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  analysesRoutes,
  detailFixture,
  mockAnalysesApi,
  mockMedia,
  requests,
  stubEventSource,
} from '../../test/analyses';
import { hitFixture, trackerFixture, trackersAnswer } from '../../test/trackers';
import { type Handler, renderRoutes, routeAnswer, routeKey } from '../../test/utils';

const TRACKERS = routeKey(trackerRoutes.list, { id: 5 });
const HITS = routeKey(trackerRoutes.analysisHits, { id: 5, taskId: 42 });

const churn = hitFixture(1, {
  name: 'Churn',
  hits: 23,
  moments: [
    { segment: 1, seconds: 4.5, role: 'customer', text: 'Hi, I have a question about pricing?' },
    { segment: 2, seconds: 12.5, role: 'representative', text: 'I understand completely.' },
  ],
});
const pricing = hitFixture(2, { name: 'Pricing' });

function mockApi(hits: AnalysisTrackerHit[], overrides: Record<string, Handler> = {}) {
  return mockAnalysesApi({
    [TRACKERS]: () => trackersAnswer([trackerFixture(1), trackerFixture(2)]),
    [HITS]: () => routeAnswer(trackerRoutes.analysisHits, { data: hits }),
    ...overrides,
  });
}

async function openDetail() {
  renderRoutes(analysesRoutes, '/projects/5/analysis/42');
  await screen.findByRole('heading', { level: 1 });
}

beforeEach(() => stubEventSource());

describe('analysis page: trackers', () => {
  it('lists each tracker hit with its count and moments (time, role, text)', async () => {
    mockMedia();
    mockApi([churn, pricing]);
    await openDetail();
    const card = within(await screen.findByTestId('trackers-card'));
    const first = within(await card.findByTestId('tracker-hit-1'));
    expect(first.getByRole('heading', { name: 'Churn' })).toBeInTheDocument();
    expect(first.getByText('23 hits')).toBeInTheDocument();
    const moments = first.getAllByRole('listitem');
    expect(moments.map((moment) => moment.textContent)).toEqual([
      '0:04CustomerHi, I have a question about pricing?',
      '0:12RepresentativeI understand completely.',
    ]);
    expect(first.getByText('21 more moments are not listed.')).toBeInTheDocument();
    expect(within(card.getByTestId('tracker-hit-2')).getByText('1 hit')).toBeInTheDocument();
  });

  it('a moment plays the recording from its time and marks its piece in the transcript', async () => {
    const media = mockMedia();
    mockApi([churn]);
    await openDetail();
    const card = within(await screen.findByTestId('trackers-card'));
    fireEvent.click(await card.findByTitle('Play from 0:12'));
    expect(media.setTime).toHaveBeenLastCalledWith(12.5);
    expect(media.play).toHaveBeenCalled();
    expect(screen.getByTestId('transcript-line-2')).toHaveAttribute('data-revealed', 'true');
  });

  it("marks the transcript pieces with their trackers' names", async () => {
    mockMedia();
    mockApi([churn, hitFixture(2, { name: 'Pricing' })]);
    await openDetail();
    await screen.findByTestId('tracker-hit-1');
    expect(within(screen.getByTestId('transcript-line-0')).queryByTestId('transcript-tracker')).toBeNull();
    const second = within(screen.getByTestId('transcript-line-1'));
    expect(second.getAllByTestId('transcript-tracker').map((chip) => chip.textContent)).toEqual([
      'Churn',
      'Pricing',
    ]);
    expect(second.getByLabelText('Tracker found here: Churn')).toBeInTheDocument();
  });

  it('marks the moments on a strip under the player that seeks too', async () => {
    const media = mockMedia();
    mockApi([churn]);
    await openDetail();
    const strip = within(await screen.findByRole('group', { name: 'Tracker moments in the recording' }));
    const mark = strip.getByRole('button', { name: 'Churn at 0:04' });
    // The recording is 30 s long: 4.5 s is 15 % of it.
    expect(mark).toHaveStyle({ left: '15%' });
    fireEvent.click(mark);
    expect(media.setTime).toHaveBeenLastCalledWith(4.5);
  });

  it('a chat moment without a time shows "—" and brings the message into view', async () => {
    const detail = detailFixture({
      media: { ...detailFixture().media, kind: 'text', content_type: 'text/plain', file_name: 'chat.txt' },
      transcript: [
        { start: null, end: null, text: 'Hello', speaker: 'Agent' },
        { start: null, end: null, text: 'I want to cancel', speaker: 'Client' },
      ],
    });
    mockApi(
      [
        hitFixture(1, {
          name: 'Churn',
          moments: [{ segment: 1, seconds: null, role: null, text: 'I want to cancel' }],
        }),
      ],
      {
        [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
          routeAnswer(analysisRoutes.detail, { data: detail }),
      },
    );
    await openDetail();
    const moment = await screen.findByTitle('Show in the transcript');
    expect(moment).toHaveTextContent('—I want to cancel');
    fireEvent.click(moment);
    expect(screen.getByTestId('transcript-line-1')).toHaveAttribute('data-revealed', 'true');
    expect(screen.queryByTestId('tracker-timeline')).not.toBeInTheDocument();
  });

  it('says when no tracker was found', async () => {
    mockMedia();
    mockApi([]);
    await openDetail();
    expect(
      await screen.findByText("None of the project's trackers was found in this conversation."),
    ).toBeInTheDocument();
  });

  it('shows no card and asks for no hits while the project has no trackers', async () => {
    mockMedia();
    const fetch = mockApi([churn], { [TRACKERS]: () => trackersAnswer([]) });
    await openDetail();
    await waitFor(() => expect(requests(fetch, TRACKERS)).toHaveLength(1));
    expect(screen.queryByTestId('trackers-card')).not.toBeInTheDocument();
    expect(requests(fetch, HITS)).toHaveLength(0);
  });
});
