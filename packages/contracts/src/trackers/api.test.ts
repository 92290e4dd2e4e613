import { describe, expect, it } from 'vitest';
import {
  TRACKERS,
  TrackerApplyRange,
  TrackerCreateRequest,
  TrackerUpdateRequest,
  trackerApplyUnitsMilli,
} from './api.ts';

describe('tracker requests', () => {
  it('reads a keyword request without a kind as before smart trackers', () => {
    expect(
      TrackerCreateRequest.parse({ name: 'Cancel', language: 'en', phrases: ['cancel', 'cancel'] }),
    ).toEqual({
      kind: 'keywords',
      name: 'Cancel',
      language: 'en',
      phrases: ['cancel'],
      speaker: 'anyone',
      window: null,
    });
    const missing = TrackerCreateRequest.safeParse({ name: 'Cancel', language: 'en', phrases: [] });
    expect(missing.error?.issues[0]?.message).toBe('Please enter at least one word or phrase.');
  });

  it('reads a smart request by its kind: a statement instead of words and conditions', () => {
    expect(
      TrackerCreateRequest.parse({ kind: 'smart', name: 'Churn', statement: '  they will cancel ' }),
    ).toEqual({
      kind: 'smart',
      name: 'Churn',
      statement: 'they will cancel',
      language: 'en',
    });
    const empty = TrackerCreateRequest.safeParse({ kind: 'smart', name: 'Churn', statement: ' ' });
    expect(empty.error?.issues[0]?.path).toEqual(['statement']);
    const long = TrackerCreateRequest.safeParse({
      kind: 'smart',
      name: 'Churn',
      statement: 'x'.repeat(TRACKERS.statementMax + 1),
    });
    expect(long.success).toBe(false);
    // A smart request's keyword fields are not taken.
    expect(
      TrackerCreateRequest.parse({ kind: 'smart', name: 'Churn', statement: 'they leave', phrases: ['x'] }),
    ).not.toHaveProperty('phrases');
    expect(TrackerCreateRequest.safeParse({ kind: 'topics', name: 'x', statement: 'y' }).success).toBe(false);
  });

  it('takes changes of either kind (the server refuses those of the other kind)', () => {
    expect(TrackerUpdateRequest.parse({ name: 'New' })).toEqual({ name: 'New' });
    expect(TrackerUpdateRequest.parse({ statement: ' asks to cancel ' })).toEqual({
      statement: 'asks to cancel',
    });
    expect(TrackerUpdateRequest.safeParse({ statement: '' }).success).toBe(false);
  });

  it('prices a run per analysis and checks its range', () => {
    expect(trackerApplyUnitsMilli(1.5, 4)).toBe(6000);
    expect(TrackerApplyRange.safeParse({ from: '2026-03-01', to: '2026-02-01' }).success).toBe(false);
    expect(TrackerApplyRange.parse({})).toEqual({});
  });
});
