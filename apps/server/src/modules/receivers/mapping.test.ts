import { UPLOAD_METADATA } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { conversationTimeAt, mappedMetadata, valueAt } from './mapping.ts';
import { twilioSignature, twilioUrlVariants } from './twilio.ts';

describe("Twilio's request signature", () => {
  it("gives the answer of Twilio's documentation example", () => {
    // https://www.twilio.com/docs/usage/security#validating-requests (Auth Token 12345).
    const params = new URLSearchParams({
      CallSid: 'CA1234567890ABCDE',
      Caller: '+14158675309',
      Digits: '1234',
      From: '+14158675309',
      To: '+18005551212',
    });
    expect(twilioSignature('12345', 'https://mycompany.com/myapp.php?foo=1&bar=2', params)).toBe(
      'RSOYDt4T1cUTdK1PDd93/VVr8B8=',
    );
  });

  it('is checked against the address with and without its default port, written as called', () => {
    expect(twilioUrlVariants('https://parley.example.com/api/receivers/k?agent=A%20B')).toEqual([
      'https://parley.example.com/api/receivers/k?agent=A%20B',
      'https://parley.example.com:443/api/receivers/k?agent=A%20B',
    ]);
    expect(twilioUrlVariants('http://parley.test:80/x')).toEqual([
      'http://parley.test:80/x',
      'http://parley.test/x',
    ]);
    expect(twilioUrlVariants('http://parley.test:8080/x')).toEqual(['http://parley.test:8080/x']);
  });
});

describe('the mapping of a call event', () => {
  const event = {
    data: {
      id: 7,
      user: { name: '  Anna  ' },
      tags: ['a', 'b'],
      empty: ' ',
      none: null,
      long: 'x'.repeat(5000),
    },
  };

  it('reads dotted paths of own properties only', () => {
    expect(valueAt(event, 'data.user.name')).toBe('  Anna  ');
    expect(valueAt(event, 'data.tags.1')).toBe('b');
    expect(valueAt(event, 'data.user.name.length')).toBeUndefined();
    expect(valueAt(event, 'data.constructor')).toBeUndefined();
    expect(valueAt(event, 'data.missing.deeper')).toBeUndefined();
  });

  it('makes trimmed text of values, capped at the metadata limit, and leaves out missing and empty ones', () => {
    const metadata = mappedMetadata(event, [
      { source: 'data.user.name', metadata: 'Representative' },
      { source: 'data.id', metadata: 'Call' },
      { source: 'data.tags', metadata: 'Tags' },
      { source: 'data.empty', metadata: 'Empty' },
      { source: 'data.none', metadata: 'None' },
      { source: 'data.nowhere', metadata: 'Nowhere' },
      { source: 'data.long', metadata: 'Long' },
    ]);
    expect(metadata).toEqual({
      Representative: 'Anna',
      Call: '7',
      Tags: '["a","b"]',
      Long: 'x'.repeat(UPLOAD_METADATA.valueMax),
    });
  });
});

describe('the conversation date of a call event', () => {
  const at = (value: unknown) => conversationTimeAt({ start: value }, 'start');

  it('reads ISO 8601, RFC 2822 (Twilio) and seconds or milliseconds since 1970', () => {
    expect(at('2026-11-24T15:30:00Z')).toEqual({ at: '2026-11-24T15:30:00Z', zoned: true });
    expect(at('2026-11-24T15:30:00+01:00')).toEqual({ at: '2026-11-24T15:30:00+01:00', zoned: true });
    expect(at('2026-11-24 15:30')).toEqual({ at: '2026-11-24T15:30:00', zoned: false });
    expect(at('Tue, 24 Nov 2026 15:30:05 +0000')).toEqual({ at: '2026-11-24T15:30:05+00:00', zoned: true });
    expect(at('24 Nov 2026 15:30:05 GMT')).toEqual({ at: '2026-11-24T15:30:05Z', zoned: true });
    expect(at(1795534200)).toEqual({ at: '2026-11-24T15:30:00.000Z', zoned: true });
    expect(at('1795534200')).toEqual({ at: '2026-11-24T15:30:00.000Z', zoned: true });
    expect(at(1795534200123)).toEqual({ at: '2026-11-24T15:30:00.123Z', zoned: true });
  });

  it('gives none for anything else, without failing', () => {
    for (const value of [
      'yesterday',
      'Tue, 31 Feb 2026 10:00:00 +0000',
      '2026-13-01',
      '',
      true,
      {},
      1e20,
      '9'.repeat(80),
    ]) {
      expect(at(value), String(value)).toBeNull();
    }
    expect(conversationTimeAt({ start: '2026-11-24T15:30:00Z' }, '')).toBeNull();
  });
});
