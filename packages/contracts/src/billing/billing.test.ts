import { describe, expect, it } from 'vitest';
import { PositiveMoneyInput, TopUpRequest } from './api.ts';
import {
  formatMicros,
  formatMoney,
  fromMicros,
  isMoneyAmount,
  roundToCentsMicros,
  toMicros,
  topUpAmountMicros,
  unitsPriceMicros,
} from './money.ts';
import {
  type BundleState,
  bundleExpiry,
  bundlesInUseOrder,
  canCover,
  coverableUnitsMilli,
  isLowBalance,
  planCharge,
} from './rules.ts';
import {
  analysisUnitsMilli,
  audioSecondsWithin,
  audioUnitsMilli,
  audioUnitsMilliFromSamples,
  countCharacters,
  milliUnits,
  textUnitsMilli,
} from './units.ts';

describe('money', () => {
  it('converts amounts to micros exactly, never through float arithmetic', () => {
    expect(toMicros(49)).toBe(49_000_000);
    expect(toMicros(0.05)).toBe(50_000);
    expect(toMicros(0.1)).toBe(100_000);
    expect(toMicros('12.345678')).toBe(12_345_678);
    expect(toMicros(12.345678)).toBe(12_345_678);
    expect(toMicros('-3.5')).toBe(-3_500_000);
    expect(toMicros(' 7 ')).toBe(7_000_000);
    expect(toMicros(1e-6)).toBe(1);
  });

  it('refuses more than 6 decimals, non-numbers and amounts out of range', () => {
    expect(() => toMicros(0.1234567)).toThrow();
    expect(() => toMicros('0.1234567')).toThrow();
    expect(() => toMicros(0.1 + 0.2)).toThrow(); // 0.30000000000000004
    expect(() => toMicros('1e3')).toThrow();
    expect(() => toMicros('abc')).toThrow();
    expect(() => toMicros(Number.NaN)).toThrow();
    expect(() => toMicros(1e12)).toThrow();
    expect(isMoneyAmount('10.50')).toBe(true);
    expect(isMoneyAmount(null)).toBe(false);
  });

  it('turns micros back into numbers with at most 6 decimals and exact text', () => {
    expect(fromMicros(50_000)).toBe(0.05);
    expect(fromMicros(12_345_600)).toBe(12.3456);
    expect(formatMicros(49_000_000)).toBe('49');
    expect(formatMicros(-1)).toBe('-0.000001');
    expect(formatMicros(1_000_001n)).toBe('1.000001');
    expect(formatMoney(25_500_000)).toBe('25.50');
    expect(formatMoney(49_000_000)).toBe('49.00');
    expect(formatMoney(25_000)).toBe('0.025');
    expect(formatMoney(-1_000_000)).toBe('-1.00');
    // Round trip for every cent of a range: no float drift.
    for (let cents = 0; cents < 10_000; cents += 7) {
      const micros = cents * 10_000;
      expect(toMicros(fromMicros(micros))).toBe(micros);
    }
  });

  it('prices units at a rate, rounding up to the next micro', () => {
    expect(unitsPriceMicros(1000, 50_000)).toBe(50_000); // 1 unit at 0.05
    expect(unitsPriceMicros(1017, 50_000)).toBe(50_850);
    expect(unitsPriceMicros(1, 50_001)).toBe(51); // 50.001 micros -> 51
    expect(unitsPriceMicros(0, 50_000)).toBe(0);
    expect(unitsPriceMicros(9_000_000_000, 1_000_000)).toBe(9_000_000_000_000);
  });

  it('validates request amounts like the add-balance form (positive, at most 6 decimals)', () => {
    expect(PositiveMoneyInput.safeParse(10).success).toBe(true);
    expect(PositiveMoneyInput.safeParse('0.5').success).toBe(true);
    expect(PositiveMoneyInput.safeParse(0).success).toBe(false);
    expect(PositiveMoneyInput.safeParse(-1).success).toBe(false);
    expect(PositiveMoneyInput.safeParse(0.0000001).success).toBe(false);
    expect(
      TopUpRequest.parse({ project_id: 1, amount: 20, reference_id: 'manual_1', description: 'x' }),
    ).toMatchObject({ type: 'credit', approval_required: true, status: 'pending' });
    expect(TopUpRequest.safeParse({ project_id: 1, amount: 20, type: 'debit' }).success).toBe(false);
  });

  it('rounds amounts to cents half-up on their decimal text, whatever their decimals', () => {
    expect(roundToCentsMicros('12.3456789')).toBe(12_350_000);
    expect(roundToCentsMicros(12.3456789)).toBe(12_350_000);
    expect(roundToCentsMicros('12.345')).toBe(12_350_000); // half-up, exactly (the float 12.345 is below)
    expect(roundToCentsMicros(1.005)).toBe(1_010_000); // the float is 1.00499…, its text is 1.005
    expect(roundToCentsMicros('12.344999999')).toBe(12_340_000);
    expect(roundToCentsMicros('7')).toBe(7_000_000);
    expect(roundToCentsMicros('.5')).toBe(500_000);
    expect(roundToCentsMicros('3.')).toBe(3_000_000);
    expect(roundToCentsMicros(1e-7)).toBe(0);
    expect(roundToCentsMicros('1.2e1')).toBe(12_000_000);
    expect(roundToCentsMicros('-2.555')).toBe(-2_560_000);
    expect(roundToCentsMicros('abc')).toBeNull();
    expect(roundToCentsMicros('')).toBeNull();
    expect(roundToCentsMicros('.')).toBeNull();
    expect(roundToCentsMicros('1,5')).toBeNull();
    expect(roundToCentsMicros(Number.POSITIVE_INFINITY)).toBeNull();
    expect(roundToCentsMicros('1e400')).toBeNull();
    expect(roundToCentsMicros('99999999999999999999')).toBeNull();
  });

  it('takes a top-up of any decimals above 0, rounded to cents; refuses what rounds to 0.00 or below', () => {
    expect(topUpAmountMicros('12.3456789')).toBe(12_350_000);
    expect(topUpAmountMicros('0.005')).toBe(10_000);
    expect(topUpAmountMicros('0.001')).toBeNull();
    expect(topUpAmountMicros('0')).toBeNull();
    expect(topUpAmountMicros('-5')).toBeNull();
    expect(topUpAmountMicros('abc')).toBeNull();
    expect(TopUpRequest.parse({ project_id: 1, amount: 12.3456789 }).amount).toBe(12.35);
    expect(TopUpRequest.parse({ project_id: 1, amount: '0.125' }).amount).toBe(0.13);
    expect(TopUpRequest.safeParse({ project_id: 1, amount: 0.001 }).success).toBe(false);
  });
});

describe('units', () => {
  it('bills audio per second: whole seconds / 60, rounded up to the milli-unit', () => {
    expect(audioUnitsMilli(60)).toBe(1000);
    expect(audioUnitsMilli(61)).toBe(1017); // 1016.67 -> 1017
    expect(audioUnitsMilli(60.2)).toBe(1017); // 61 s
    expect(audioUnitsMilli(0.2)).toBe(17); // 1 s
    expect(audioUnitsMilli(0)).toBe(0);
    expect(audioUnitsMilli(3600)).toBe(60_000);
    expect(audioUnitsMilli(60.0000000001)).toBe(1000); // float noise of a decoder
    expect(() => audioUnitsMilli(-1)).toThrow();
    expect(audioUnitsMilliFromSamples(16_000 * 60, 16_000)).toBe(1000);
    expect(audioUnitsMilliFromSamples(16_000 * 60 + 1, 16_000)).toBe(1017);
  });

  it('counts text as 1,000 characters per unit (Unicode characters)', () => {
    expect(textUnitsMilli(1000)).toBe(1000);
    expect(textUnitsMilli(5000)).toBe(5000);
    expect(textUnitsMilli(1)).toBe(1);
    expect(countCharacters('héllo 👋')).toBe(7);
    expect(() => textUnitsMilli(1.5)).toThrow();
  });

  it('costs an analysis content units x prompt units, rounded up', () => {
    expect(analysisUnitsMilli(milliUnits(10_000), milliUnits(1000))).toBe(10_000); // 10 min x 1
    expect(analysisUnitsMilli(milliUnits(10_000), milliUnits(1200))).toBe(12_000); // with emlo
    expect(analysisUnitsMilli(milliUnits(1017), milliUnits(500))).toBe(509); // 508.5 -> 509
    expect(analysisUnitsMilli(milliUnits(5000), milliUnits(11_500))).toBe(57_500);
  });

  it('finds the longest audio a number of units pays for, roundings included', () => {
    expect(audioSecondsWithin(milliUnits(1000), milliUnits(1000))).toBe(60);
    expect(audioSecondsWithin(milliUnits(1016), milliUnits(1000))).toBe(60); // 61 s costs 1017
    expect(audioSecondsWithin(milliUnits(1017), milliUnits(1000))).toBe(61);
    expect(audioSecondsWithin(milliUnits(0), milliUnits(1000))).toBe(0);
    expect(audioSecondsWithin(milliUnits(1000), milliUnits(0))).toBeNull();
    for (const prompt of [1, 333, 500, 1000, 1200, 11_500]) {
      for (const units of [1, 17, 999, 1000, 12_345, 600_000]) {
        const seconds = audioSecondsWithin(milliUnits(units), milliUnits(prompt))!;
        const cost = (s: number) => analysisUnitsMilli(audioUnitsMilli(s), milliUnits(prompt));
        expect(cost(seconds)).toBeLessThanOrEqual(units);
        expect(cost(seconds + 1)).toBeGreaterThan(units);
      }
    }
  });
});

describe('bundles and charges', () => {
  const now = new Date('2026-05-10T12:00:00Z');
  const day = (n: number) => new Date(now.getTime() + n * 86_400_000);
  const bundle = (id: number, leftMilli: number, expiresAt: Date | null, free = false): BundleState => ({
    id,
    leftMilli,
    expiresAt,
    free,
  });
  const base = { balanceMicros: 0, useBalance: true, pricePerUnitMicros: 50_000, now };

  it('expire validity days after the purchase, or never', () => {
    expect(bundleExpiry(now, 30)).toEqual(day(30));
    expect(bundleExpiry(now, null)).toBeNull();
  });

  it('are used earliest expiry first, unlimited last, expired and empty ones skipped', () => {
    const bundles = [
      bundle(1, 1000, null),
      bundle(2, 1000, day(20)),
      bundle(3, 1000, day(-1)),
      bundle(4, 1000, day(5)),
      bundle(5, 0, day(1)),
      bundle(6, 1000, day(5)),
    ];
    expect(bundlesInUseOrder(bundles, now).map((b) => b.id)).toEqual([4, 6, 2, 1]);
  });

  it('take units from bundles first, then the balance at the plan rate', () => {
    const plan = planCharge({
      ...base,
      unitsMilli: milliUnits(2500),
      bundles: [bundle(1, 1000, day(3), true), bundle(2, 500, day(1))],
      balanceMicros: 1_000_000,
    });
    expect(plan).toEqual({
      covered: true,
      fromBundles: [
        { id: 2, milli: 500 },
        { id: 1, milli: 1000 },
      ],
      bundleMilli: 1500,
      freeMilli: 1000,
      balanceMilli: 1000,
      amountMicros: 50_000,
    });
  });

  it('cover at most what bundles and the allowed balance pay for, exactly where canCover says no', () => {
    const cases = [
      { ...base, bundles: [bundle(1, 1000, null), bundle(2, 700, day(-1))], balanceMicros: 50_001 },
      { ...base, bundles: [bundle(1, 1500, day(2))], balanceMicros: 123_456, pricePerUnitMicros: 7_777 },
      { ...base, bundles: [bundle(1, 1500, null)], balanceMicros: 10_000_000, useBalance: false },
      { ...base, bundles: [], balanceMicros: 0 },
    ];
    for (const input of cases) {
      const most = coverableUnitsMilli(input)!;
      expect(canCover({ ...input, unitsMilli: milliUnits(most) })).toBe(true);
      expect(canCover({ ...input, unitsMilli: milliUnits(most + 1) })).toBe(false);
    }
    expect(coverableUnitsMilli(cases[0]!)).toBe(2000);
    // A free rate with the balance allowed: no limit.
    expect(coverableUnitsMilli({ ...base, bundles: [], pricePerUnitMicros: 0 })).toBeNull();
  });

  it('answer canProcess at the edges', () => {
    // exactly enough balance
    expect(canCover({ ...base, unitsMilli: milliUnits(1000), bundles: [], balanceMicros: 50_000 })).toBe(
      true,
    );
    expect(canCover({ ...base, unitsMilli: milliUnits(1001), bundles: [], balanceMicros: 50_000 })).toBe(
      false,
    );
    // exactly enough bundle, no balance
    expect(canCover({ ...base, unitsMilli: milliUnits(1000), bundles: [bundle(1, 1000, null)] })).toBe(true);
    // bundles + balance together
    expect(
      canCover({
        ...base,
        unitsMilli: milliUnits(2000),
        bundles: [bundle(1, 1000, null)],
        balanceMicros: 50_000,
      }),
    ).toBe(true);
    // the switch off: only bundles count
    expect(
      canCover({
        ...base,
        unitsMilli: milliUnits(1000),
        bundles: [],
        balanceMicros: 10_000_000,
        useBalance: false,
      }),
    ).toBe(false);
    expect(
      canCover({
        ...base,
        unitsMilli: milliUnits(1000),
        bundles: [bundle(1, 1000, null)],
        balanceMicros: 0,
        useBalance: false,
      }),
    ).toBe(true);
    // an expired bundle does not count
    expect(canCover({ ...base, unitsMilli: milliUnits(1), bundles: [bundle(1, 1000, now)] })).toBe(false);
  });

  it('flag a low balance below 5', () => {
    expect(isLowBalance(4.99)).toBe(true);
    expect(isLowBalance(5)).toBe(false);
  });
});
