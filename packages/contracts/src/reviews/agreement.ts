import type { FieldType } from '../prompts/schema.ts';

/**
 * Agreement between the AI and people (issue 35 part 5), from the answers of submitted reviews: for each field,
 * how often the reviewer kept the AI's answer, Cohen's kappa for categorical fields and the mean absolute
 * difference for numbers and marks, each with its count and a 95 % confidence interval.
 *
 * The input is a contingency table (how many times the AI answered `ai` and the reviewer `human`), which the
 * server counts in SQL, so that the figures of 20,000 reviews are a few hundred rows.
 */

/** Fields whose answers are classes: agreement and kappa. */
export const AGREEMENT_CATEGORICAL_TYPES: readonly FieldType[] = ['bool', 'ok', 'option', 'classification'];
/** Fields whose answers are numbers: agreement and mean absolute difference. */
export const AGREEMENT_NUMERIC_TYPES: readonly FieldType[] = ['int', 'float', 'marks'];
/** The field types the ledger covers (free text, lists and groups have no agreement to measure). */
export const AGREEMENT_TYPES: readonly FieldType[] = [
  ...AGREEMENT_CATEGORICAL_TYPES,
  ...AGREEMENT_NUMERIC_TYPES,
];

export const AGREEMENT = {
  /** z of a two-sided 95 % interval. */
  z95: 1.959963984540054,
  /** Kappa below this flags a field by default (Landis & Koch: below "substantial"). */
  defaultKappaFlag: 0.6,
} as const;

/** One cell of the table: the AI's answer, the reviewer's (null: none), and how often that pair occurred. */
export interface AnswerPair {
  ai: unknown;
  human: unknown;
  count: number;
}

export interface Interval {
  low: number;
  high: number;
}

export interface AgreementFigures {
  /** Reviewed answers counted (pairs where both answered). */
  count: number;
  /** Share of them where the reviewer kept the AI's answer, 0..1; null without any. */
  agreement: number | null;
  agreement_interval: Interval | null;
  /** Cohen's kappa (categorical fields); null for numbers, without answers, or when one class is all there is. */
  kappa: number | null;
  kappa_interval: Interval | null;
  /** Mean absolute difference between the AI's and the reviewer's number (numeric fields), else null. */
  mean_absolute_difference: number | null;
  mean_absolute_difference_interval: Interval | null;
}

const round = (value: number, digits = 4) => Math.round(value * 10 ** digits) / 10 ** digits + 0;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** How answers compare (as isAiValue does): a class by its JSON (true, "ok", "Won"), texts trimmed. */
const classOf = (value: unknown) => JSON.stringify(typeof value === 'string' ? value.trim() : value);
const numberOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
const answered = (value: unknown) => value !== null && value !== undefined;

/** Wilson's score interval for a share of n (better than the normal one near 0 and 1 and for small n). */
export function wilsonInterval(successes: number, n: number, z: number = AGREEMENT.z95): Interval | null {
  if (n <= 0) return null;
  const p = successes / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / (1 + z2 / n);
  return { low: round(clamp(centre - half, 0, 1)), high: round(clamp(centre + half, 0, 1)) };
}

/**
 * Cohen's kappa of two raters over the same items, with the large-sample standard error
 * sqrt(po (1 - po) / (n (1 - pe)^2)) for its interval. Null when chance agreement is 1 (both raters gave one
 * and the same class to everything): kappa is undefined there, and the agreement says all there is to say.
 */
export function cohensKappa(pairs: readonly { a: string; b: string; count: number }[]): {
  kappa: number;
  interval: Interval | null;
} | null {
  const n = pairs.reduce((sum, pair) => sum + pair.count, 0);
  if (n === 0) return null;
  const byA = new Map<string, number>();
  const byB = new Map<string, number>();
  let same = 0;
  for (const { a, b, count } of pairs) {
    byA.set(a, (byA.get(a) ?? 0) + count);
    byB.set(b, (byB.get(b) ?? 0) + count);
    if (a === b) same += count;
  }
  const po = same / n;
  let pe = 0;
  for (const [label, count] of byA) pe += (count / n) * ((byB.get(label) ?? 0) / n);
  if (pe >= 1 - 1e-12) return null;
  const kappa = (po - pe) / (1 - pe);
  const se = Math.sqrt((po * (1 - po)) / (n * (1 - pe) ** 2));
  const interval =
    n > 1
      ? {
          low: round(clamp(kappa - AGREEMENT.z95 * se, -1, 1)),
          high: round(clamp(kappa + AGREEMENT.z95 * se, -1, 1)),
        }
      : null;
  return { kappa: round(kappa), interval };
}

/** Mean of the absolute differences with a normal-approximation interval (sample deviation), never below 0. */
export function meanAbsoluteDifference(pairs: readonly { ai: number; human: number; count: number }[]): {
  mean: number;
  interval: Interval | null;
} | null {
  const n = pairs.reduce((sum, pair) => sum + pair.count, 0);
  if (n === 0) return null;
  const mean = pairs.reduce((sum, pair) => sum + Math.abs(pair.ai - pair.human) * pair.count, 0) / n;
  if (n < 2) return { mean: round(mean), interval: null };
  const variance =
    pairs.reduce((sum, pair) => sum + (Math.abs(pair.ai - pair.human) - mean) ** 2 * pair.count, 0) / (n - 1);
  const half = AGREEMENT.z95 * Math.sqrt(variance / n);
  return { mean: round(mean), interval: { low: round(Math.max(0, mean - half)), high: round(mean + half) } };
}

/**
 * The figures of one field from its table. Pairs where the AI or the reviewer gave no answer are left out
 * (an n/a answer is a class and counts); a numeric field compares the pairs where both are numbers.
 */
export function agreementFigures(type: FieldType, table: readonly AnswerPair[]): AgreementFigures {
  const none: AgreementFigures = {
    count: 0,
    agreement: null,
    agreement_interval: null,
    kappa: null,
    kappa_interval: null,
    mean_absolute_difference: null,
    mean_absolute_difference_interval: null,
  };
  if (AGREEMENT_NUMERIC_TYPES.includes(type)) {
    const numeric = table.flatMap(({ ai, human, count }) => {
      const a = numberOf(ai);
      const h = numberOf(human);
      return a === null || h === null || count <= 0 ? [] : [{ ai: a, human: h, count }];
    });
    const count = numeric.reduce((sum, pair) => sum + pair.count, 0);
    if (count === 0) return none;
    const same = numeric.reduce((sum, pair) => sum + (pair.ai === pair.human ? pair.count : 0), 0);
    const mad = meanAbsoluteDifference(numeric)!;
    return {
      ...none,
      count,
      agreement: round(same / count),
      agreement_interval: wilsonInterval(same, count),
      mean_absolute_difference: mad.mean,
      mean_absolute_difference_interval: mad.interval,
    };
  }
  const classes = table.flatMap(({ ai, human, count }) =>
    answered(ai) && answered(human) && count > 0 ? [{ a: classOf(ai), b: classOf(human), count }] : [],
  );
  const count = classes.reduce((sum, pair) => sum + pair.count, 0);
  if (count === 0) return none;
  const same = classes.reduce((sum, pair) => sum + (pair.a === pair.b ? pair.count : 0), 0);
  const kappa = AGREEMENT_CATEGORICAL_TYPES.includes(type) ? cohensKappa(classes) : null;
  return {
    ...none,
    count,
    agreement: round(same / count),
    agreement_interval: wilsonInterval(same, count),
    kappa: kappa?.kappa ?? null,
    kappa_interval: kappa?.interval ?? null,
  };
}
