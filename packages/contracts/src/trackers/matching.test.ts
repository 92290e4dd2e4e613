import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../analyses/detail.ts';
import { TrackerCreateRequest } from './api.ts';
import { candidateSegments, conversationLength, inWindow, momentText, stemsWords } from './matching.ts';

const segment = (
  start: number | null,
  end: number | null,
  speaker: string | null,
  text = 'x',
): TranscriptSegment => ({
  start,
  end,
  speaker,
  text,
});

describe('tracker rules', () => {
  it('stems the languages PostgreSQL has a stemmer for and matches the others word for word', () => {
    expect(stemsWords('de')).toBe(true);
    expect(stemsWords('ru')).toBe(true);
    expect(stemsWords('es')).toBe(true);
    expect(stemsWords('uk')).toBe(false);
    expect(stemsWords('pl')).toBe(false);
    expect(stemsWords('bg')).toBe(false);
  });

  it('takes a window from the start or back from the end; untimed pieces never match a window', () => {
    expect(inWindow(null, null, null)).toBe(true);
    expect(inWindow({ edge: 'first', seconds: 30 }, 29.9, 100)).toBe(true);
    expect(inWindow({ edge: 'first', seconds: 30 }, 30, 100)).toBe(false);
    expect(inWindow({ edge: 'first', seconds: 30 }, null, 100)).toBe(false);
    expect(inWindow({ edge: 'last', seconds: 30 }, 70, 100)).toBe(true);
    expect(inWindow({ edge: 'last', seconds: 30 }, 69, 100)).toBe(false);
    expect(inWindow({ edge: 'last', seconds: 30 }, 70, null)).toBe(false);
  });

  it('measures a conversation by its latest timed piece', () => {
    expect(conversationLength([segment(0, 5, 'A'), segment(5, 12.5, 'B'), segment(null, null, 'A')])).toBe(
      12.5,
    );
    expect(conversationLength([segment(null, null, 'A')])).toBeNull();
    expect(conversationLength([segment(3, null, 'A')])).toBe(3);
  });

  it('keeps the pieces of the asked speaker within the window, with their index among all pieces', () => {
    const roles: Record<string, 'representative' | 'customer'> = { A: 'representative', B: 'customer' };
    const roleOf = (speaker: string | null) => (speaker ? (roles[speaker] ?? null) : null);
    const segments = [segment(0, 10, 'A'), segment(10, 20, 'B'), segment(20, 90, 'A'), segment(90, 100, 'B')];
    const indexes = (tracker: Parameters<typeof candidateSegments>[1]) =>
      candidateSegments(segments, tracker, roleOf).map((piece) => [piece.index, piece.role]);
    expect(indexes({ speaker: 'anyone', window: null })).toEqual([
      [0, 'representative'],
      [1, 'customer'],
      [2, 'representative'],
      [3, 'customer'],
    ]);
    expect(indexes({ speaker: 'customer', window: null })).toEqual([
      [1, 'customer'],
      [3, 'customer'],
    ]);
    expect(indexes({ speaker: 'representative', window: { edge: 'first', seconds: 15 } })).toEqual([
      [0, 'representative'],
    ]);
    expect(indexes({ speaker: 'customer', window: { edge: 'last', seconds: 15 } })).toEqual([
      [3, 'customer'],
    ]);
    expect(candidateSegments([segment(0, 1, null)], { speaker: 'customer', window: null }, roleOf)).toEqual(
      [],
    );
  });

  it('cuts a long moment around the hit', () => {
    expect(momentText('short')).toBe('short');
    const long = `${'a'.repeat(500)} cancel ${'b'.repeat(500)}`;
    const cut = momentText(long, 501);
    expect(cut.startsWith('…')).toBe(true);
    expect(cut.endsWith('…')).toBe(true);
    expect(cut).toContain('cancel');
    expect(cut.length).toBeLessThanOrEqual(302);
  });

  it('refuses an empty tracker and drops repeated phrases', () => {
    expect(TrackerCreateRequest.safeParse({ name: 'Churn', language: 'en', phrases: [] }).success).toBe(
      false,
    );
    expect(TrackerCreateRequest.safeParse({ name: ' ', language: 'en', phrases: ['x'] }).success).toBe(false);
    const parsed = TrackerCreateRequest.parse({
      name: 'Churn',
      language: 'en',
      phrases: ['cancel', ' cancel '],
    });
    expect(parsed).toMatchObject({ kind: 'keywords', phrases: ['cancel'], speaker: 'anyone', window: null });
  });
});
