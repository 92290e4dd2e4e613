import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REDACTION_TYPES,
  findPlaceholders,
  REDACTION_ENTITY_TYPES,
  REDACTION_PLACEHOLDER,
  redactionPlaceholder,
  splitPlaceholders,
} from './entities.ts';
import { DEFAULT_PRIVACY_SETTINGS } from './settings.ts';

describe('redaction types', () => {
  it('redacts postal addresses by default and person names only when a project opts in', () => {
    expect(DEFAULT_REDACTION_TYPES).toContain('postal_address');
    expect(DEFAULT_REDACTION_TYPES).not.toContain('person_name');
    expect(REDACTION_ENTITY_TYPES).toContain('person_name');
    expect(DEFAULT_PRIVACY_SETTINGS.redaction_types).toEqual([...DEFAULT_REDACTION_TYPES]);
  });
});

describe('redaction placeholders', () => {
  it('finds the placeholder of every type the redaction writes, with its number', () => {
    for (const type of REDACTION_ENTITY_TYPES) {
      const placeholder = redactionPlaceholder(type, 12);
      expect(findPlaceholders(`before ${placeholder} after`)).toEqual([
        { type, n: 12, placeholder, start: 7, end: 7 + placeholder.length },
      ]);
    }
  });

  it('cuts a text into its plain parts and placeholders, in order', () => {
    const parts = splitPlaceholders('[EMAIL_2]: card [CARD_NUMBER_1][CARD_EXPIRY_1], ok');
    expect(parts.map((part) => (typeof part === 'string' ? part : `${part.type}#${part.n}`))).toEqual([
      'email#2',
      ': card ',
      'card_number#1',
      'card_expiry#1',
      ', ok',
    ]);
    expect(splitPlaceholders('')).toEqual([]);
    expect(splitPlaceholders('no placeholder')).toEqual(['no placeholder']);
  });

  it('leaves what only looks like a placeholder', () => {
    const text =
      '[CARD_NUMBER] [card_number_1] [NAME_1] [EMAIL_] CARD_NUMBER_1 [EMAIL_1 ] [[PHONE_NUMBER_x]]';
    expect(findPlaceholders(text)).toEqual([]);
    expect(splitPlaceholders(text)).toEqual([text]);
  });

  it('does not depend on where a caller of the shared pattern left it', () => {
    REDACTION_PLACEHOLDER.lastIndex = 0;
    REDACTION_PLACEHOLDER.exec('x [IBAN_1] y');
    expect(REDACTION_PLACEHOLDER.lastIndex).toBeGreaterThan(0);
    expect(findPlaceholders('[IBAN_1]')).toHaveLength(1);
    REDACTION_PLACEHOLDER.lastIndex = 0;
  });
});
