import { describe, expect, it } from 'vitest';
import { agreementFigures, cohensKappa, meanAbsoluteDifference, wilsonInterval } from './agreement.ts';

// Figures checked by hand (and against the textbook examples named).
describe('agreement statistics', () => {
  it("Cohen's kappa of the textbook 2×2 table (20, 5, 10, 15 of 50): 0.4, interval 0.146–0.654", () => {
    const table = [
      { a: 'yes', b: 'yes', count: 20 },
      { a: 'yes', b: 'no', count: 5 },
      { a: 'no', b: 'yes', count: 10 },
      { a: 'no', b: 'no', count: 15 },
    ];
    // po = 35/50 = 0.7; pe = 0.5·0.6 + 0.5·0.4 = 0.5; κ = 0.2/0.5; se = √(0.7·0.3 / (50·0.25)) = 0.12961.
    expect(cohensKappa(table)).toEqual({ kappa: 0.4, interval: { low: 0.146, high: 0.654 } });
  });

  it("Wilson's interval of 35 of 50 is 0.5625–0.8090; none without answers", () => {
    expect(wilsonInterval(35, 50)).toEqual({ low: 0.5625, high: 0.809 });
    expect(wilsonInterval(0, 0)).toBeNull();
    // All agree: the interval still admits less than 1.
    expect(wilsonInterval(10, 10)).toEqual({ low: 0.7225, high: 1 });
  });

  it('mean absolute difference with its interval, never below 0', () => {
    // |diff| = 0, 0, 2, 2: mean 1, sample deviation √(4/3), half width 1.96·1.1547/2 = 1.1316.
    expect(
      meanAbsoluteDifference([
        { ai: 3, human: 3, count: 2 },
        { ai: 3, human: 1, count: 1 },
        { ai: 0, human: 2, count: 1 },
      ]),
    ).toEqual({ mean: 1, interval: { low: 0, high: 2.1316 } });
    expect(meanAbsoluteDifference([{ ai: 2, human: 1, count: 1 }])).toEqual({ mean: 1, interval: null });
    expect(meanAbsoluteDifference([])).toBeNull();
  });

  it('a yes/no field where everyone always said yes: agreement 1, kappa undefined (null)', () => {
    const figures = agreementFigures('bool', [{ ai: true, human: true, count: 12 }]);
    expect(figures).toMatchObject({ count: 12, agreement: 1, kappa: null, kappa_interval: null });
    expect(figures.agreement_interval).toEqual(wilsonInterval(12, 12));
  });

  it('no reviews: every figure null', () => {
    expect(agreementFigures('ok', [])).toEqual({
      count: 0,
      agreement: null,
      agreement_interval: null,
      kappa: null,
      kappa_interval: null,
      mean_absolute_difference: null,
      mean_absolute_difference_interval: null,
    });
  });

  it('n/a is a class of its own; a missing answer is left out', () => {
    const figures = agreementFigures('ok', [
      { ai: 'ok', human: 'ok', count: 2 },
      { ai: 'n/a', human: 'n/a', count: 1 },
      { ai: 'ok', human: 'not ok', count: 1 },
      { ai: null, human: 'ok', count: 5 },
    ]);
    // 3 of 4 agree; AI: ok 3, n/a 1; reviewer: ok 2, n/a 1, not ok 1; pe = 0.75·0.5 + 0.25·0.25 = 0.4375.
    // κ = (0.75 − 0.4375) / 0.5625 = 0.5556.
    expect(figures).toMatchObject({ count: 4, agreement: 0.75, kappa: 0.5556 });
  });

  it('marks: agreement on the exact mark and the mean difference; no kappa', () => {
    const figures = agreementFigures('marks', [
      { ai: 3, human: 3, count: 2 },
      { ai: 3, human: 1, count: 1 },
      { ai: 0, human: 2, count: 1 },
      { ai: 'three', human: 3, count: 4 },
    ]);
    expect(figures).toMatchObject({
      count: 4,
      agreement: 0.5,
      kappa: null,
      mean_absolute_difference: 1,
      mean_absolute_difference_interval: { low: 0, high: 2.1316 },
    });
  });
});
