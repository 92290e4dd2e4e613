import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { redactSegments } from './conversation.ts';

const ON: PrivacySettings = { ...DEFAULT_PRIVACY_SETTINGS, redaction_enabled: true, region: 'GB' };

describe('redacted spans', () => {
  it("tell which characters of which segment were replaced, the text's results unchanged", () => {
    const segments = [
      { text: 'my card is four one one one one one one one' },
      { text: 'one one one one one one one one and my email is tom@example.com' },
    ];
    const redacted = redactSegments(segments, ON, 'en');
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
      redactSegments([{ text: 'my card is 4111 1111 1111 1111' }], DEFAULT_PRIVACY_SETTINGS).spans,
    ).toEqual([]);
    expect(redactSegments([{ text: 'hello there' }], ON).spans).toEqual([]);
  });
});

describe("a transcription service's own redactions", () => {
  it('become placeholders of their type, numbered after ours, and count as spans', () => {
    const segments = [
      { text: 'card 4111 1111 1111 1111 please' },
      { text: 'the other card is [CREDIT_CARD_NUMBER] and the code [CREDIT_CARD_CVV], ssn [SSN_1]' },
    ];
    const redacted = redactSegments(segments, ON, 'en', true);
    expect(redacted.segments[1]!.text).toBe(
      'the other card is [CARD_NUMBER_2] and the code [CARD_SECURITY_CODE_1], ssn [NATIONAL_ID_1]',
    );
    const tokens = redacted.spans
      .filter((span) => span.segment === 1)
      .map((span) => segments[1]!.text.slice(span.start, span.end));
    expect(tokens).toEqual(['[CREDIT_CARD_NUMBER]', '[CREDIT_CARD_CVV]', '[SSN_1]']);
  });

  it('a token without a type keeps its text but is still a span (the recording is toned there)', () => {
    const redacted = redactSegments([{ text: 'my number is [REDACTED] thanks' }], ON, 'en', true);
    expect(redacted.segments[0]!.text).toBe('my number is [REDACTED] thanks');
    expect(redacted.spans).toEqual([{ segment: 0, start: 13, end: 23 }]);
  });

  it('are not looked for in chats: brackets people type stay text', () => {
    const redacted = redactSegments([{ text: '[URGENT] my [SSN] question' }], ON);
    expect(redacted.segments[0]!.text).toBe('[URGENT] my [SSN] question');
    expect(redacted.spans).toEqual([]);
  });
});
