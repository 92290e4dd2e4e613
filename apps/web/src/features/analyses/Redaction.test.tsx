import {
  type AnalysisDetail,
  analysisRoutes,
  chatMetrics,
  privacyRoutes,
  REDACTION_ENTITY_TYPES,
  type TranscriptSegment,
} from '@parley/contracts';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { clipRedacted, RedactedText } from '../../shared/analyses/RedactedText';
import { flattenLocale } from '../../shared/i18n/localeCheck';
import {
  analysesRoutes,
  detailFixture,
  mockAnalysesApi,
  requests,
  scorecardResult,
  stubEventSource,
} from '../../test/analyses';
import { LOCALE_FILES } from '../../test/locales';
import { type Handler, jsonResponse, renderRoutes, routeKey, testProject } from '../../test/utils';

const REDACTED: TranscriptSegment[] = [
  { start: 0.5, end: 4, text: 'Hello, how can I help?', speaker: 'Channel 1' },
  {
    start: 4.5,
    end: 10,
    text: 'My card is [CARD_NUMBER_1], expiry [CARD_EXPIRY_1], and mail me at [EMAIL_2].',
    speaker: 'Channel 2',
  },
  { start: 12.5, end: 18, text: 'The other card is [CARD_NUMBER_2].', speaker: 'Channel 2' },
];

const ORIGINAL: TranscriptSegment[] = [
  REDACTED[0]!,
  {
    ...REDACTED[1]!,
    text: 'My card is 4111 1111 1111 1111, expiry 12/27, and mail me at tom@example.com.',
  },
  { ...REDACTED[2]!, text: 'The other card is 5500 0000 0000 0004.' },
];

const detailKey = routeKey(analysisRoutes.detail, { id: 5, taskId: 42 });
const originalKey = routeKey(privacyRoutes.originalTranscript, { id: 5, taskId: 42 });

function redactedDetail(overrides: Partial<AnalysisDetail> = {}): AnalysisDetail {
  return detailFixture({
    transcript: REDACTED,
    has_original_transcript: true,
    result: {
      ...scorecardResult,
      evidence: {
        ...scorecardResult.evidence,
        Greeted: {
          justification: 'The customer read out [CARD_NUMBER_1] before being greeted.',
          quote: 'My card is [CARD_NUMBER_1]',
          timestamp: 4.5,
          unsure: false,
        },
      },
    },
    ...overrides,
  });
}

async function openAnalysis({
  detail = redactedDetail(),
  role = 'owner',
  readOnly = false,
  original = () => jsonResponse(200, { data: { transcript: ORIGINAL } }),
}: {
  detail?: AnalysisDetail;
  role?: 'owner' | 'admin' | 'teamleader' | 'user';
  readOnly?: boolean;
  original?: Handler;
} = {}) {
  const fetch = mockAnalysesApi(
    { [detailKey]: () => jsonResponse(200, { data: detail }), [originalKey]: original },
    testProject({ my_role: role, read_only: readOnly || undefined }),
  );
  renderRoutes(analysesRoutes, '/projects/5/analysis/42');
  await screen.findByRole('heading', { level: 1 });
  return fetch;
}

const line = (index: number) => screen.getByTestId(`transcript-line-${index}`);
const marks = (element: HTMLElement) => within(element).queryAllByTestId('redacted-placeholder');
const originalSwitch = () => screen.queryByRole('switch', { name: 'Show original' });

beforeEach(() => stubEventSource());

describe('redaction placeholders', () => {
  it('show their type and number in a transcript line, the text around them as it was', async () => {
    await openAnalysis();
    const found = marks(line(1));
    expect(found.map((mark) => mark.dataset.type)).toEqual(['card_number', 'card_expiry', 'email']);
    expect(found.map((mark) => mark.textContent)).toEqual([
      'Card number 1, redacted',
      'Card expiry 1, redacted',
      'Email 2, redacted',
    ]);
    expect(found[0]).toHaveAttribute('title', 'Card number, redacted: [CARD_NUMBER_1]');
    expect(found[2]).toHaveAttribute('title', 'Email, redacted: [EMAIL_2]');
    expect(line(1)).toHaveTextContent(
      'My card is Card number 1, redacted, expiry Card expiry 1, redacted, and mail me at Email 2, redacted.',
    );
    expect(line(1)).not.toHaveTextContent('[CARD_NUMBER_1]');
    // Each distinct value keeps its own number.
    expect(marks(line(2)).map((mark) => mark.textContent)).toEqual(['Card number 2, redacted']);
    expect(marks(line(0))).toEqual([]);
    expect(line(0)).toHaveTextContent('Hello, how can I help?');
  });

  it('a line with a placeholder still plays from its time', async () => {
    await openAnalysis();
    const button = within(line(1)).getByRole('button');
    expect(button).toHaveAccessibleName(/Card number 1/);
    expect(button).toHaveAccessibleName(/redacted/);
  });

  it('show in the evidence of a result: its quote and its justification', async () => {
    await openAnalysis();
    const evidence = within(screen.getByTestId('field-Greeted')).getByTestId('evidence');
    expect(marks(within(evidence).getByTestId('evidence-quote')).map((mark) => mark.dataset.type)).toEqual([
      'card_number',
    ]);
    expect(evidence).toHaveTextContent('The customer read out Card number 1, redacted before being greeted.');
  });

  it('show in a chat message, its lines kept', async () => {
    const messages: TranscriptSegment[] = [
      { speaker: 'Sarah', text: 'Hi Tom, how can I help?', start: 0, end: 0 },
      { speaker: 'Tom', text: 'Call me on [PHONE_NUMBER_1]\nor [PHONE_NUMBER_2].', start: 60, end: 60 },
    ];
    const detail = detailFixture();
    await openAnalysis({
      detail: {
        ...detail,
        media: { ...detail.media, kind: 'text', content_type: 'text/plain', file_name: 'chat.txt' },
        transcript: messages,
        metrics: chatMetrics(messages),
        speaker_roles: null,
      },
    });
    expect(marks(line(1)).map((mark) => mark.textContent)).toEqual([
      'Phone number 1, redacted',
      'Phone number 2, redacted',
    ]);
    expect(line(1)).toHaveTextContent(
      '1:00TomCall me on Phone number 1, redacted or Phone number 2, redacted.',
    );
  });

  it('name every type in the language of the page', async () => {
    const text = REDACTION_ENTITY_TYPES.map((type, index) => `[${type.toUpperCase()}_${index + 1}]`).join(
      ' ',
    );
    render(<RedactedText text={text} />);
    const labels = screen
      .getAllByTestId('redacted-placeholder')
      .map((mark) => mark.textContent?.replace(', redacted', ''));
    expect(labels).toEqual([
      'Card number 1',
      'Security code 2',
      'Card expiry 3',
      'IBAN 4',
      'Bank account 5',
      'National ID 6',
      'Phone number 7',
      'Email 8',
      'Date of birth 9',
      'Postal address 10',
      'Person name 11',
    ]);
    const english = flattenLocale(LOCALE_FILES.en!);
    expect(REDACTION_ENTITY_TYPES.filter((type) => !english.has(`redaction.types.${type}`))).toEqual([]);
  });

  it('leave text that only looks like a placeholder alone', () => {
    render(<RedactedText text="[CARD_NUMBER] and [card_number_1] and [NAME_1]" />);
    expect(screen.queryAllByTestId('redacted-placeholder')).toEqual([]);
    expect(screen.getByText('[CARD_NUMBER] and [card_number_1] and [NAME_1]')).toBeInTheDocument();
  });

  it('are never cut in half when a long line is shortened', () => {
    const text = `${'a'.repeat(110)} [CARD_NUMBER_1] and more text after it`;
    expect(clipRedacted(text, 115)).toBe(`${'a'.repeat(110)} [CARD_NUMBER_1]…`);
    expect(clipRedacted(text, 20)).toBe(`${'a'.repeat(20)}…`);
    expect(clipRedacted('short', 120)).toBe('short');
  });
});

describe('the original transcript', () => {
  it('an owner switches to the original (read once, said to be audited) and back to the redacted view', async () => {
    const fetch = await openAnalysis();
    const toggle = originalSwitch()!;
    expect(toggle).not.toBeChecked();
    expect(screen.getByTestId('original-switch')).toHaveTextContent(
      'Each reading of the original is recorded in the audit log.',
    );
    // Nothing is read before the switch is used.
    expect(requests(fetch, originalKey)).toHaveLength(0);

    fireEvent.click(toggle);
    const shown = await screen.findByTestId('original-transcript');
    expect(within(shown).getByRole('alert')).toHaveTextContent(
      'This is the original transcript, before redaction. Your reading was recorded in the audit log.',
    );
    expect(line(1)).toHaveTextContent(
      'My card is 4111 1111 1111 1111, expiry 12/27, and mail me at tom@example.com.',
    );
    expect(marks(line(1))).toEqual([]);
    expect(requests(fetch, originalKey)).toHaveLength(1);

    fireEvent.click(originalSwitch()!);
    expect(screen.queryByTestId('original-transcript')).not.toBeInTheDocument();
    expect(marks(line(1))).toHaveLength(3);
    expect(line(1)).not.toHaveTextContent('4111');

    // Switched on again in the same view: shown from what was read, not read (and audited) again.
    fireEvent.click(originalSwitch()!);
    await screen.findByTestId('original-transcript');
    expect(line(1)).toHaveTextContent('4111 1111 1111 1111');
    expect(requests(fetch, originalKey)).toHaveLength(1);
  });

  it("a chat's redacted authors: highlighted in the redacted view, by their labels (roles kept) in the original", async () => {
    const messages: TranscriptSegment[] = [
      { speaker: '[PERSON_NAME_1]', text: 'Hello, how can I help?', start: 0, end: 0 },
      { speaker: '[PERSON_NAME_2]', text: 'Hi [PERSON_NAME_1], my parcel is late.', start: 60, end: 60 },
    ];
    const detail = detailFixture();
    const roles = { '[PERSON_NAME_1]': 'representative', '[PERSON_NAME_2]': 'other' } as const;
    await openAnalysis({
      detail: {
        ...detail,
        has_original_transcript: true,
        representative: 'Olena Bondar',
        media: { ...detail.media, kind: 'text', content_type: 'application/json', file_name: 'chat.json' },
        transcript: messages,
        metrics: chatMetrics(messages),
        speaker_roles: { ...detail.speaker_roles!, roles },
      },
      original: () =>
        jsonResponse(200, {
          data: {
            transcript: [
              { ...messages[0]!, speaker: 'Olena Bondar' },
              { ...messages[1]!, speaker: 'john.smith', text: 'Hi Olena, my parcel is late.' },
            ],
          },
        }),
    });
    expect(line(0)).toHaveTextContent('Olena Bondar');
    expect(marks(line(1)).map((mark) => mark.textContent)).toEqual([
      'Person name 2, redacted',
      'Person name 1, redacted',
    ]);
    fireEvent.click(originalSwitch()!);
    await screen.findByTestId('original-transcript');
    expect(line(0)).toHaveTextContent('Olena BondarHello, how can I help?');
    expect(line(1)).toHaveTextContent('john.smithHi Olena, my parcel is late.');
    expect(marks(line(1))).toEqual([]);
  });

  it('an admin sees the switch too', async () => {
    await openAnalysis({ role: 'admin' });
    expect(originalSwitch()).toBeInTheDocument();
  });

  it.each(['teamleader', 'user'] as const)('a %s never sees the switch', async (role) => {
    await openAnalysis({ role });
    expect(marks(line(1))).toHaveLength(3);
    expect(originalSwitch()).not.toBeInTheDocument();
  });

  it('no switch without an original', async () => {
    const fetch = await openAnalysis({ detail: redactedDetail({ has_original_transcript: false }) });
    expect(marks(line(1))).toHaveLength(3);
    expect(originalSwitch()).not.toBeInTheDocument();
    expect(requests(fetch, originalKey)).toHaveLength(0);
  });

  it('no switch in a read-only support view', async () => {
    await openAnalysis({ readOnly: true });
    expect(marks(line(1))).toHaveLength(3);
    expect(originalSwitch()).not.toBeInTheDocument();
  });

  it('says so when the original cannot be read, and tries again on request', async () => {
    let answers = 0;
    const fetch = await openAnalysis({
      original: () => {
        answers += 1;
        return answers === 1
          ? jsonResponse(404, {
              error: { code: 'not_found', message: 'This analysis keeps no original transcript.' },
            })
          : jsonResponse(200, { data: { transcript: ORIGINAL } });
      },
    });
    fireEvent.click(originalSwitch()!);
    const alert = await within(screen.getByTestId('transcript-section')).findByRole('alert');
    expect(alert).toHaveTextContent('Failed to load the original transcript');
    expect(alert).toHaveTextContent('This analysis keeps no original transcript.');
    expect(screen.queryByTestId('transcript')).not.toBeInTheDocument();

    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    await screen.findByTestId('original-transcript');
    expect(line(1)).toHaveTextContent('4111 1111 1111 1111');
    expect(requests(fetch, originalKey)).toHaveLength(2);
  });
});

describe('the original recording', () => {
  const recordingLink = () => screen.queryByRole('link', { name: 'Download the original recording' });

  it('an owner downloads it with a plain link to the audited route', async () => {
    await openAnalysis({ detail: redactedDetail({ has_original_media: true }) });
    expect(recordingLink()).toHaveAttribute('href', '/api/projects/5/analyses/42/original-media');
    expect(screen.getByText('Each download is recorded in the audit log.')).toBeInTheDocument();
  });

  it.each([
    ['a user', { role: 'user' as const }],
    ['a team leader', { role: 'teamleader' as const }],
    ['a read-only support view', { readOnly: true }],
  ])('%s never sees the link', async (_who, options) => {
    await openAnalysis({ detail: redactedDetail({ has_original_media: true }), ...options });
    expect(recordingLink()).not.toBeInTheDocument();
  });

  it('no link when the upload was not kept', async () => {
    await openAnalysis({ detail: redactedDetail({ has_original_media: false }) });
    expect(recordingLink()).not.toBeInTheDocument();
  });
});
