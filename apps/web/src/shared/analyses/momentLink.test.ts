import { describe, expect, it } from 'vitest';
import { momentPath, readMoment } from './momentLink';

describe('moment links', () => {
  it('names the piece and its start in the analysis path', () => {
    expect(momentPath(5, 12, { segment: 3, seconds: 64.125 })).toBe(
      '/projects/5/analysis/12?segment=3&t=64.13',
    );
    expect(momentPath(5, 12, { segment: 0, seconds: null })).toBe('/projects/5/analysis/12?segment=0');
  });

  it('reads them back, and nothing from what is not a moment', () => {
    const read = (search: string) => readMoment(new URLSearchParams(search));
    expect(read('segment=3&t=64.13')).toEqual({ segment: 3, seconds: 64.13 });
    expect(read('segment=2')).toEqual({ segment: 2, seconds: null });
    expect(read('segment=2&t=-1')).toEqual({ segment: 2, seconds: null });
    expect(read('segment=2&t=soon')).toEqual({ segment: 2, seconds: null });
    expect(read('')).toBeNull();
    expect(read('segment=')).toBeNull();
    expect(read('segment=1.5')).toBeNull();
    expect(read('segment=-1&t=3')).toBeNull();
    expect(read('pdf=1')).toBeNull();
  });
});
