import { describe, expect, it } from 'vitest';
import { lineMarks } from './lineMarks';

describe('lineMarks', () => {
  it('marks every point of a short series, so one value alone is drawn', () => {
    expect(lineMarks([72])).toBe(true);
    expect(lineMarks([null, 0.25, null])).toBe(true);
  });

  it('marks only the values no line reaches in a long series', () => {
    const values = Array.from({ length: 40 }, (_, index) => (index < 20 ? index : null));
    values[30] = 5;
    values[39] = 7;
    const show = lineMarks(values);
    if (show === true) throw new Error('a long series marks only lone values');
    expect([0, 10, 19, 30, 39].map((index) => show({ index }))).toEqual([false, false, false, true, true]);
  });
});
