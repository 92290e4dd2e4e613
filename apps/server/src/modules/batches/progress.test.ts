import { describe, expect, it } from 'vitest';
import { itemCountsAs } from './progress.ts';

describe('what a batch row counts as', () => {
  it('is failed when the row failed or its analysis failed or is gone', () => {
    expect(itemCountsAs('failed', null)).toBe('failed');
    expect(itemCountsAs('task_created', 'failed')).toBe('failed');
    expect(itemCountsAs('duplicate', null)).toBe('failed');
  });

  it('is processed when its analysis completed or was skipped', () => {
    expect(itemCountsAs('task_created', 'completed')).toBe('processed');
    expect(itemCountsAs('duplicate', 'skipped')).toBe('processed');
  });

  it('is nothing yet while the row or its analysis is on its way', () => {
    expect(itemCountsAs('pending', null)).toBe('none');
    expect(itemCountsAs('downloading', null)).toBe('none');
    expect(itemCountsAs('task_created', 'queued')).toBe('none');
    expect(itemCountsAs('task_created', 'processing')).toBe('none');
  });
});
