import { DEFAULT_PRIVACY_SETTINGS, type PrivacySettings } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { redactSegments } from './conversation.ts';
import { redactSegmentsOffLoop } from './redact-off-loop.ts';

const ON: PrivacySettings = {
  ...DEFAULT_PRIVACY_SETTINGS,
  redaction_enabled: true,
  redaction_types: [...DEFAULT_PRIVACY_SETTINGS.redaction_types, 'person_name'],
  region: 'GB',
};
const chat = { details: { metadata: { Customer: 'Tom Baker' }, fileName: 'chat.json' }, authors: true };

describe('redaction off the event loop', () => {
  it('gives what redaction on the loop gives', async () => {
    const segments = [
      { text: 'Hi, I am Tom Baker, my card is 4111 1111 1111 1111', speaker: 'Tom Baker' },
      { text: 'Thanks Tom, write to help@example.com', speaker: 'Agent Smith' },
    ];
    expect(await redactSegmentsOffLoop(segments, ON, chat)).toEqual(redactSegments(segments, ON, chat));
  });

  it('leaves the event loop free while a long chat is redacted', async () => {
    const segments = Array.from({ length: 3_000 }, (_, n) => ({
      text: `Message ${n}: please call me back on 020 7946 0${String(n % 1000).padStart(3, '0')} about my order.`,
      speaker: `Customer ${n}`,
    }));
    let ticks = 0;
    const ticker = setInterval(() => ticks++, 1);
    const redacted = await redactSegmentsOffLoop(segments, ON, chat).finally(() => clearInterval(ticker));
    expect(redacted.spans.length).toBeGreaterThanOrEqual(3_000);
    expect(ticks).toBeGreaterThan(0);
  });

  it('returns the segments as they are, without a thread, while redaction is off', async () => {
    const segments = [{ text: 'my card is 4111 1111 1111 1111', speaker: null }];
    const redacted = await redactSegmentsOffLoop(segments, DEFAULT_PRIVACY_SETTINGS, chat);
    expect(redacted.segments).toBe(segments);
  });
});
