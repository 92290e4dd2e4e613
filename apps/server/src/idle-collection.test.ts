import { afterEach, describe, expect, it, vi } from 'vitest';
import { startIdleCollection } from './idle-collection.ts';

const MB = 1024 * 1024;

describe('idle collection', () => {
  afterEach(() => vi.useRealTimers());

  it('collects once when the process is idle after its memory grew, and again only after it grows again', () => {
    vi.useFakeTimers();
    let resident = 200 * MB;
    const collect = vi.fn(() => {
      resident = 190 * MB;
    });
    const stop = startIdleCollection({
      intervalMs: 1000,
      idleUtilization: 1.01,
      quietIntervals: 1,
      collect,
      residentBytes: () => resident,
    });
    vi.advanceTimersByTime(3000);
    expect(collect).not.toHaveBeenCalled();

    resident = 260 * MB;
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    expect(collect).toHaveBeenCalledWith({ type: 'major', execution: 'sync', flavor: 'last-resort' });

    resident = 220 * MB;
    vi.advanceTimersByTime(5000);
    expect(collect).toHaveBeenCalledTimes(1);
    resident = 240 * MB;
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(2);
    stop();
  });

  it('waits while the event loop is busy', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    let resident = 200 * MB;
    const stop = startIdleCollection({
      intervalMs: 1000,
      idleUtilization: 0,
      collect,
      residentBytes: () => resident,
    });
    resident = 500 * MB;
    vi.advanceTimersByTime(5000);
    expect(collect).not.toHaveBeenCalled();
    stop();
  });

  it('waits for the quiet to last', () => {
    vi.useFakeTimers();
    const collect = vi.fn();
    let resident = 200 * MB;
    const stop = startIdleCollection({
      intervalMs: 1000,
      idleUtilization: 1.01,
      quietIntervals: 3,
      collect,
      residentBytes: () => resident,
    });
    resident = 500 * MB;
    vi.advanceTimersByTime(2000);
    expect(collect).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(collect).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing without a collection to call (node without --expose-gc)', () => {
    vi.useFakeTimers();
    const stop = startIdleCollection({ collect: undefined, residentBytes: () => 0 });
    expect(vi.getTimerCount()).toBe(0);
    stop();
  });
});
