import { describe, expect, it } from 'vitest';
import { audioSpans, mergeStretches, wordTimings } from './audio-spans.ts';

const words = (...list: Array<[string, number, number]>) =>
  list.map(([text, start, end]) => ({ text, start, end }));

describe('word timings', () => {
  it('places each word at its characters in the segment, in order and ignoring case', () => {
    const text = 'My card is 4111 1111, thanks.';
    const packed = wordTimings(
      text,
      words(['my', 0, 0.2], ['card', 0.2, 0.5], ['is', 0.5, 0.6], ['4111', 0.7, 1.2], ['1111,', 1.3, 1.8]),
    );
    expect(packed.slice(0, 4)).toEqual([0, 2, 0, 200]);
    expect(packed.slice(12, 16)).toEqual([11, 15, 700, 1200]);
    expect(packed.slice(16, 20)).toEqual([16, 21, 1300, 1800]);
  });

  it('leaves a word that is not in the text unplaced, and the next ones are still found', () => {
    const packed = wordTimings(
      'the code is 123',
      words(['the', 0, 0.1], ['kode', 0.1, 0.3], ['is', 0.3, 0.4]),
    );
    expect(packed.slice(4, 8)).toEqual([-1, -1, 100, 300]);
    expect(packed.slice(8, 12)).toEqual([9, 11, 300, 400]);
  });
});

describe('audio spans', () => {
  const text = 'sure my card number is 4111 1111 1111 1111 thanks';
  const start = text.indexOf('4111');
  const end = start + '4111 1111 1111 1111'.length;
  const segment = {
    start: 1,
    end: 6,
    text,
    timings: wordTimings(
      text,
      words(
        ['sure', 1, 1.3],
        ['my', 1.3, 1.5],
        ['card', 1.5, 1.8],
        ['number', 1.8, 2.1],
        ['is', 2.1, 2.2],
        ['4111', 2.5, 3.0],
        ['1111', 3.0, 3.5],
        ['1111', 3.5, 4.0],
        ['1111', 4.0, 4.5],
        ['thanks', 5.2, 5.8],
      ),
    ),
  };

  it('times a span by the words it covers, padded', () => {
    expect(audioSpans([segment], [{ segment: 0, start, end }], 10, 0.15)).toEqual([2350, 4650]);
  });

  it("spreads a segment's time over its characters when it has no words", () => {
    const { timings: _, ...plain } = segment;
    const [from, to] = audioSpans([plain], [{ segment: 0, start, end }], 10, 0);
    expect(from).toBe(Math.floor((1 + (5 * start) / text.length) * 1000));
    expect(to).toBe(Math.ceil((1 + (5 * end) / text.length) * 1000));
  });

  it('takes the time of unplaced words inside or beside a span (a word the service wrote otherwise)', () => {
    const spoken = 'card four one one one one';
    const timings = wordTimings(
      spoken,
      words(
        ['card', 0, 0.5],
        ['4', 1, 1.2],
        ['one', 1.2, 1.4],
        ['one', 1.4, 1.6],
        ['1', 1.6, 1.8],
        ['one', 1.8, 2],
      ),
    );
    const from = spoken.indexOf('four');
    expect(
      audioSpans(
        [{ start: 0, end: 2, text: spoken, timings }],
        [{ segment: 0, start: from, end: spoken.length }],
        5,
        0,
      ),
    ).toEqual([1000, 2000]);
  });

  it('covers the whole recording for a segment without times: where the value was said is unknown', () => {
    const untimed = { start: 0, end: 0, text };
    expect(audioSpans([untimed], [{ segment: 0, start, end }], 42.5)).toEqual([0, 42500]);
  });

  it('merges overlapping stretches, clamps them to the recording and sorts them', () => {
    expect(
      mergeStretches(
        [
          [9, 12],
          [-1, 0.5],
          [0.4, 1],
          [5, 6],
          [6.02, 7],
        ],
        10,
      ),
    ).toEqual([0, 1000, 5000, 7000, 9000, 10000]);
  });

  it('maps 10,000 spans in one pass', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      start: i * 2,
      end: i * 2 + 1,
      text: 'code 123',
      timings: wordTimings('code 123', words(['code', i * 2, i * 2 + 0.5], ['123', i * 2 + 0.5, i * 2 + 1])),
    }));
    const started = performance.now();
    const stretches = audioSpans(
      many,
      many.map((_, i) => ({ segment: i, start: 5, end: 8 })),
      20_000,
    );
    expect(stretches).toHaveLength(20_000);
    expect(stretches.slice(0, 2)).toEqual([350, 1150]);
    expect(performance.now() - started).toBeLessThan(1000);
  });
});
