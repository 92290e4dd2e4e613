import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { redactDetails, redactSegments } from './conversation.ts';

const NO_DETAILS = { details: { metadata: {}, fileName: 'call.mp3' } };
const say = (text: string) => ({ text, speaker: null });

const ON: PrivacySettings = { ...DEFAULT_PRIVACY_SETTINGS, redaction_enabled: true, region: 'GB' };

describe('redacted spans', () => {
  it("tell which characters of which segment were replaced, the text's results unchanged", () => {
    const segments = [
      say('my card is four one one one one one one one'),
      say('one one one one one one one one and my email is tom@example.com'),
    ];
    const redacted = redactSegments(segments, ON, { ...NO_DETAILS, language: 'en' });
    expect(redacted.segments.map((segment) => segment.text)).toEqual([
      'my card is [CARD_NUMBER_1]',
      '[CARD_NUMBER_1] and my email is [EMAIL_1]',
    ]);
    const said = redacted.spans.map((span) => segments[span.segment]!.text.slice(span.start, span.end));
    expect(said).toEqual(
      expect.arrayContaining([
        'four one one one one one one one',
        'one one one one one one one one',
        'tom@example.com',
      ]),
    );
    expect(redacted.spans).toHaveLength(3);
  });

  it('are empty while redaction is off or nothing was found', () => {
    expect(
      redactSegments([say('my card is 4111 1111 1111 1111')], DEFAULT_PRIVACY_SETTINGS, NO_DETAILS).spans,
    ).toEqual([]);
    expect(redactSegments([say('hello there')], ON, NO_DETAILS).spans).toEqual([]);
  });
});

describe("a transcription service's own redactions", () => {
  it('become placeholders of their type, numbered after ours, and count as spans', () => {
    const segments = [
      say('card 4111 1111 1111 1111 please'),
      say('the other card is [CREDIT_CARD_NUMBER] and the code [CREDIT_CARD_CVV], ssn [SSN_1]'),
    ];
    const redacted = redactSegments(segments, ON, { ...NO_DETAILS, language: 'en', serviceRedacted: true });
    expect(redacted.segments[1]!.text).toBe(
      'the other card is [CARD_NUMBER_2] and the code [CARD_SECURITY_CODE_1], ssn [NATIONAL_ID_1]',
    );
    const tokens = redacted.spans
      .filter((span) => span.segment === 1)
      .map((span) => segments[1]!.text.slice(span.start, span.end));
    expect(tokens).toEqual(['[CREDIT_CARD_NUMBER]', '[CREDIT_CARD_CVV]', '[SSN_1]']);
  });

  it('a token without a type keeps its text but is still a span (the recording is toned there)', () => {
    const redacted = redactSegments([say('my number is [REDACTED] thanks')], ON, {
      ...NO_DETAILS,
      language: 'en',
      serviceRedacted: true,
    });
    expect(redacted.segments[0]!.text).toBe('my number is [REDACTED] thanks');
    expect(redacted.spans).toEqual([{ segment: 0, start: 13, end: 23 }]);
  });

  it('are not looked for in chats: brackets people type stay text', () => {
    const redacted = redactSegments([say('[URGENT] my [SSN] question')], ON, {
      ...NO_DETAILS,
      authors: true,
    });
    expect(redacted.segments[0]!.text).toBe('[URGENT] my [SSN] question');
    expect(redacted.spans).toEqual([]);
  });
});

const NAMES_ON: PrivacySettings = {
  ...ON,
  redaction_types: [...ON.redaction_types, 'person_name'],
};
const PHONE = '+44 20 7946 0018';
const CHAT = [
  { speaker: 'Olena Bondar', text: 'Hello, this is support, how can I help?' },
  { speaker: 'john.smith', text: 'Hi Olena, please call me back.' },
  { speaker: 'Olena Bondar', text: 'Of course John, on which number?' },
  { speaker: 'john.smith', text: `On ${PHONE}, thanks.` },
];
const chat = { details: { metadata: {}, fileName: 'chat.json' }, authors: true };
const speakersOf = (segments: ReadonlyArray<{ speaker: string | null }>) =>
  segments.map((segment) => segment.speaker);

describe("a chat's authors", () => {
  it('with person names on, a name as a label becomes the placeholder the messages use for it', () => {
    const redacted = redactSegments(CHAT, NAMES_ON, chat);
    expect(speakersOf(redacted.segments)).toEqual([
      '[PERSON_NAME_1]',
      '[PERSON_NAME_2]',
      '[PERSON_NAME_1]',
      '[PERSON_NAME_2]',
    ]);
    expect(redacted.segments.map((segment) => segment.text)).toEqual([
      'Hello, this is support, how can I help?',
      'Hi [PERSON_NAME_1], please call me back.',
      'Of course [PERSON_NAME_2], on which number?',
      'On [PHONE_NUMBER_1], thanks.',
    ]);
  });

  it('stay while person names are off (their names in the text too)', () => {
    const redacted = redactSegments(CHAT, ON, chat);
    expect(speakersOf(redacted.segments)).toEqual(speakersOf(CHAT));
    expect(redacted.segments[1]!.text).toBe('Hi Olena, please call me back.');
  });

  it('named by their role, a bot, a channel or a speaker stay', () => {
    const labels = [
      'Agent',
      'Customer',
      'Channel 1',
      'Speaker A',
      'Bot',
      'System',
      'Support Team',
      'Оператор',
      'Kunde',
    ];
    const segments = labels.map((speaker) => ({ speaker, text: 'Hello, how are you today?' }));
    const redacted = redactSegments(segments, NAMES_ON, chat);
    expect(speakersOf(redacted.segments)).toEqual(labels);
    expect(redacted.original).toBeNull();
  });

  it('a phone number as a label is a phone number, whether names are redacted or not', () => {
    const segments = [
      { speaker: PHONE, text: 'Hello, my number changed' },
      { speaker: '+44 20 7946 0999', text: 'Mine too' },
      { speaker: 'Agent', text: `Is ${PHONE} still yours?` },
    ];
    for (const settings of [ON, NAMES_ON]) {
      const redacted = redactSegments(segments, settings, chat);
      expect(speakersOf(redacted.segments)).toEqual(['[PHONE_NUMBER_1]', '[PHONE_NUMBER_2]', 'Agent']);
      expect(redacted.segments[2]!.text).toBe('Is [PHONE_NUMBER_1] still yours?');
    }
  });

  it("of a recording's speakers nothing changes", () => {
    const segments = [{ speaker: 'Olena', text: 'hello olena speaking' }];
    const redacted = redactSegments(segments, NAMES_ON, NO_DETAILS);
    expect(speakersOf(redacted.segments)).toEqual(['Olena']);
  });

  it('are kept in the original when the project keeps it, even when only a label was redacted', () => {
    const keep: PrivacySettings = { ...NAMES_ON, redaction_keep: 'redacted_and_original' };
    const segments = [
      { speaker: 'Olena Bondar', text: 'Hello, how can I help?' },
      { speaker: 'Customer', text: 'My parcel is late.' },
    ];
    const redacted = redactSegments(segments, keep, chat);
    expect(speakersOf(redacted.segments)).toEqual(['[PERSON_NAME_1]', 'Customer']);
    expect(redacted.original).toEqual(segments);
    expect(redactSegments(segments, NAMES_ON, chat).original).toBeNull();
  });
});

describe('the details a prompt includes', () => {
  it('get the placeholder the transcript gave the same value: a name, a phone number, an email', () => {
    const details = {
      metadata: {
        'Customer name': 'John Smith',
        Representative: 'Olena Bondar',
        Phone: PHONE,
        'Other phone': '+44 20 7946 0999',
        Department: 'Sales',
        Email: 'John.Smith@Example.com',
      },
      fileName: `chat ${PHONE}.json`,
    };
    const segments = [...CHAT, { speaker: 'john.smith', text: 'My email is john.smith@example.com' }];
    const redacted = redactSegments(segments, NAMES_ON, { ...chat, details });
    expect(speakersOf(redacted.segments).slice(0, 2)).toEqual(['[PERSON_NAME_1]', '[PERSON_NAME_2]']);
    expect(redacted.segments.at(-1)!.text).toBe('My email is [EMAIL_1]');
    expect(redacted.details).toEqual({
      metadata: {
        'Customer name': '[PERSON_NAME_2]',
        Representative: '[PERSON_NAME_1]',
        Phone: '[PHONE_NUMBER_1]',
        'Other phone': '[PHONE_NUMBER_2]',
        Department: 'Sales',
        Email: '[EMAIL_1]',
      },
      fileName: 'chat [PHONE_NUMBER_1].json',
    });
  });

  it("a recording's too, with the metadata's name said in it", () => {
    const details = { metadata: { Customer: 'Anna Kowalska', Phone: PHONE }, fileName: 'call.mp3' };
    const segments = [
      say('hello my name is tom'),
      say(`hi tom this is anna kowalska, my number is ${PHONE}`),
    ];
    const redacted = redactSegments(segments, NAMES_ON, { details, language: 'en' });
    expect(redacted.segments[1]!.text).toBe(
      'hi [PERSON_NAME_1] this is [PERSON_NAME_2], my number is [PHONE_NUMBER_1]',
    );
    expect(redacted.details!.metadata).toEqual({ Customer: '[PERSON_NAME_2]', Phone: '[PHONE_NUMBER_1]' });
  });

  it('for a transcript stored before, continue its numbering (what it stood for is not known)', () => {
    const details = { metadata: { Phone: PHONE, Department: 'Sales' }, fileName: 'call.mp3' };
    expect(redactDetails(details, 'call me on [PHONE_NUMBER_1]', ON)).toEqual({
      metadata: { Phone: '[PHONE_NUMBER_2]', Department: 'Sales' },
      fileName: 'call.mp3',
    });
    expect(redactDetails(details, 'call me on [PHONE_NUMBER_1]', DEFAULT_PRIVACY_SETTINGS)).toBe(details);
  });

  it('are not redacted while redaction is off', () => {
    const details = { metadata: { Phone: PHONE }, fileName: 'chat.json' };
    expect(redactSegments(CHAT, DEFAULT_PRIVACY_SETTINGS, { ...chat, details }).details).toBeNull();
  });
});
