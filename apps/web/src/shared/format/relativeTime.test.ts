import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relativeTime';

const now = new Date('2026-06-15T12:00:00Z');
const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000).toISOString();

describe('formatRelativeTime', () => {
  it('says how long ago in the largest whole unit', () => {
    expect(formatRelativeTime(ago(0), 'en', now)).toBe('now');
    expect(formatRelativeTime(ago(150), 'en', now)).toBe('2 minutes ago');
    expect(formatRelativeTime(ago(3 * 3600), 'en', now)).toBe('3 hours ago');
    expect(formatRelativeTime(ago(26 * 3600), 'en', now)).toBe('yesterday');
    expect(formatRelativeTime(ago(70 * 86400), 'en', now)).toBe('2 months ago');
  });

  it('speaks the UI language', () => {
    expect(formatRelativeTime(ago(3 * 3600), 'de', now)).toBe('vor 3 Stunden');
    expect(formatRelativeTime(ago(5 * 60), 'uk', now)).toBe('5 хвилин тому');
  });
});
