import { describe, expect, it } from 'vitest';
import {
  Day,
  decimalNumber,
  EmailAddress,
  Id,
  idFrom,
  idSchema,
  PG_INTEGER_MAX,
  Timestamp,
  wholeNumber,
} from './inputs.ts';

const parsed = (
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } },
  value: unknown,
) => {
  const result = schema.safeParse(value);
  return result.success ? result.data : 'refused';
};

describe('Id', () => {
  it('reads decimal digits only, as text or as a JSON number', () => {
    expect(parsed(Id, '16')).toBe(16);
    expect(parsed(Id, 16)).toBe(16);
    expect(parsed(Id, String(PG_INTEGER_MAX))).toBe(PG_INTEGER_MAX);
    for (const loose of [
      '0x10',
      '1e0',
      '01',
      '1.0',
      '+1',
      '-1',
      ' 1',
      '1 ',
      '',
      '0',
      '１',
      'Infinity',
      'NaN',
    ]) {
      expect(parsed(Id, loose), loose).toBe('refused');
    }
    for (const odd of [0, -1, 1.5, 1e21, Number.NaN, true, null, [1], { id: 1 }]) {
      expect(parsed(Id, odd), String(odd)).toBe('refused');
    }
  });

  it("stays within PostgreSQL's integer, or the bigint a column has", () => {
    expect(parsed(Id, String(PG_INTEGER_MAX + 1))).toBe('refused');
    expect(parsed(Id, '99999999999999999999')).toBe('refused');
    const bigId = idSchema(Number.MAX_SAFE_INTEGER);
    expect(parsed(bigId, String(PG_INTEGER_MAX + 1))).toBe(PG_INTEGER_MAX + 1);
    expect(parsed(bigId, '9007199254740993')).toBe('refused');
  });

  it('is null from idFrom for anything that is not an id, however deep', () => {
    expect(idFrom('7')).toBe(7);
    expect(idFrom('0x7')).toBeNull();
    expect(idFrom(JSON.parse(`${'['.repeat(10_000)}${']'.repeat(10_000)}`))).toBeNull();
  });
});

describe('wholeNumber and decimalNumber', () => {
  it('take finite numbers within their bounds, and their plain decimal text', () => {
    const page = wholeNumber(1, 100);
    expect(parsed(page, '7')).toBe(7);
    expect(parsed(page, 7)).toBe(7);
    for (const refused of ['0x7', '7e0', '7.5', 'Infinity', '1e308', '0', '101', 1e308, 7.5]) {
      expect(parsed(page, refused), String(refused)).toBe('refused');
    }
    const units = decimalNumber(0, 1000);
    expect(parsed(units, '12.5')).toBe(12.5);
    expect(parsed(units, 12.5)).toBe(12.5);
    for (const refused of ['1e2', 'NaN', '-Infinity', '1e308', '-1', 1e308, -1e308, '12.5.1', '.5']) {
      expect(parsed(units, refused), String(refused)).toBe('refused');
    }
  });

  it('refuse text longer than their bounds can be written in, before reading it', () => {
    expect(parsed(wholeNumber(1, 100), '0000000001')).toBe('refused');
    expect(parsed(decimalNumber(0, 1000), `1.${'0'.repeat(40)}`)).toBe('refused');
    expect(parsed(decimalNumber(0, 1000), `1.${'0'.repeat(20)}`)).toBe(1);
  });
});

describe('text limits', () => {
  it('take an email of at most 254 characters and a timestamp of at most 35', () => {
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(60)}.example`;
    const longest = `${local}@${domain.slice(-(254 - 65))}`;
    expect(longest).toHaveLength(254);
    expect(parsed(EmailAddress, longest.toUpperCase())).toBe(longest);
    expect(parsed(EmailAddress, `${local}@${'e'.repeat(190)}.example`)).toBe('refused');
    expect(parsed(Timestamp, '2026-12-05T09:30:00.123456789+05:30')).toBe(
      '2026-12-05T09:30:00.123456789+05:30',
    );
    expect(parsed(Timestamp, `2026-12-05T09:30:00.${'1'.repeat(30)}Z`)).toBe('refused');
  });
});

describe('Day', () => {
  it('takes days from 1970-01-01 to 2999-12-31', () => {
    for (const day of ['1970-01-01', '2026-03-09', '2999-12-31']) expect(parsed(Day, day)).toBe(day);
    for (const day of [
      '0000-01-01',
      '0001-01-01',
      '1969-12-31',
      '3000-01-01',
      '9999-12-31',
      '275760-09-13',
      '2026-02-30',
      '2026-3-9',
    ]) {
      expect(parsed(Day, day), day).toBe('refused');
    }
  });
});
