import { analysisRoutes, chatMetrics, type TranscriptSegment } from '@parley/contracts';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { analysesRoutes, detailFixture, mockAnalysesApi, stubEventSource } from '../../test/analyses';
import { jsonResponse, renderRoutes, routeKey } from '../../test/utils';

const TIMED: TranscriptSegment[] = [
  { speaker: 'Sarah', text: 'Hi Tom, how can I help?', start: 0, end: 0 },
  { speaker: 'Tom', text: 'My panel stopped working.\nIt shows a red light.', start: 120, end: 120 },
  { speaker: 'Sarah', text: 'Could you send a photo?', start: 540, end: 540 },
];

/** The analysis page of a chat with these messages (and their metrics, as the server computes them). */
async function openChat(segments: TranscriptSegment[]) {
  const detail = detailFixture();
  mockAnalysesApi({
    [routeKey(analysisRoutes.detail, { id: 5, taskId: 42 })]: () =>
      jsonResponse(200, {
        data: {
          ...detail,
          media: { ...detail.media, kind: 'text', content_type: 'text/plain', file_name: 'chat.txt' },
          transcript: segments,
          transcript_text: 'the chat as text',
          metrics: chatMetrics(segments),
          speaker_roles: null,
        },
      }),
  });
  renderRoutes(analysesRoutes, '/projects/5/analysis/42');
  await screen.findByRole('heading', { level: 1 });
}

const line = (index: number) => screen.getByTestId(`transcript-line-${index}`);

beforeEach(() => stubEventSource());

describe('a chat on the analysis page', () => {
  it('shows its messages as turns by author with their times, without a player, and the chat metrics', async () => {
    await openChat(TIMED);
    expect(screen.queryByTestId('player')).not.toBeInTheDocument();
    expect(screen.queryByTestId('transcript-text')).not.toBeInTheDocument();
    expect(line(0)).toHaveTextContent('0:00SarahHi Tom, how can I help?');
    expect(line(1)).toHaveTextContent('2:00TomMy panel stopped working. It shows a red light.');
    // Nothing to play: a line is not a button.
    expect(within(line(1)).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText('Click a line to play from there')).not.toBeInTheDocument();

    const card = screen.getByRole('region', { name: 'Conversation metrics' });
    expect(within(card).getByRole('heading', { name: 'Share of words' })).toBeInTheDocument();
    expect(within(card).getByTestId('metric-messages')).toHaveTextContent('Messages3');
    expect(within(card).getByTestId('metric-longest-message')).toHaveTextContent(
      'Longest message, words9Tom, at 2:00',
    );
    expect(within(card).getByTestId('metric-response-time')).toHaveTextContent('Median response time4:30');
    expect(within(card).getByTestId('speaker-Tom')).toHaveTextContent('Tom145%902:00');
    expect(within(card).getByTestId('speaker-Sarah')).toHaveTextContent('Sarah255%1127:00');
    // What needs audio timing is not shown.
    for (const audioOnly of ['Talk ratio', 'Silence', 'Interruptions', 'Longest monologue']) {
      expect(within(card).queryByText(audioOnly)).not.toBeInTheDocument();
    }
  });

  it('a chat without times shows no times and no response time', async () => {
    await openChat(TIMED.map((segment) => ({ ...segment, start: null, end: null })));
    expect(line(2)).toHaveTextContent(/^SarahCould you send a photo\?$/);
    const card = screen.getByRole('region', { name: 'Conversation metrics' });
    expect(within(card).getByTestId('metric-longest-message')).toHaveTextContent(
      'Longest message, words9Tom',
    );
    expect(within(card).queryByTestId('metric-response-time')).not.toBeInTheDocument();
    expect(within(card).getByTestId('speaker-Sarah')).toHaveTextContent(/^Sarah255%112$/);
  });
});
