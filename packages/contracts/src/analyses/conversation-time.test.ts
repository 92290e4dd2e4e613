import { describe, expect, it } from 'vitest';
import { conversationTimeOf, declaredConversationTime } from './conversation-time.ts';

describe('conversation time', () => {
  it('reads instants, wall-clock times of the project and bare days (at noon)', () => {
    expect(conversationTimeOf('2026-11-11T10:00:00.250Z')).toEqual({
      at: '2026-11-11T10:00:00Z',
      zoned: true,
    });
    expect(conversationTimeOf('2026-11-11 21:30 +0200')).toEqual({
      at: '2026-11-11T21:30:00+02:00',
      zoned: true,
    });
    expect(conversationTimeOf('2026-11-11 21:30')).toEqual({ at: '2026-11-11T21:30:00', zoned: false });
    expect(conversationTimeOf(' 2026-11-11 ')).toEqual({ at: '2026-11-11T12:00:00', zoned: false });
  });

  it('refuses what is no date, no real day or out of range', () => {
    for (const text of ['', 'yesterday', '11/11/2026', '2026-02-30', '2026-11-11 25:00', '1969-12-31'])
      expect(conversationTimeOf(text), text).toBeNull();
  });

  it("takes the upload's conversation_at, else a metadata date of any case", () => {
    expect(declaredConversationTime('2026-11-11T08:00:00+01:00', { date: '2026-01-01' })).toEqual({
      at: '2026-11-11T08:00:00+01:00',
      zoned: true,
    });
    expect(declaredConversationTime(undefined, { ' Date ': '2026-01-02' })?.at).toBe('2026-01-02T12:00:00');
    expect(declaredConversationTime(undefined, { date: 'soon' })).toBeNull();
    expect(declaredConversationTime(undefined, { Department: 'Sales' })).toBeNull();
  });
});
