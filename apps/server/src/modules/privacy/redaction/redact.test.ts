import { REDACTION_ENTITY_TYPES } from '@parley/contracts';
import { describe, expect, it } from 'vitest';
import { redactConversation } from './redact.ts';

const NOW = new Date('2026-12-01T00:00:00Z');
const redact = (pieces: string[], region: 'US' | 'GB' | 'UA' | 'DE' | null = null) =>
  redactConversation(pieces, { types: REDACTION_ENTITY_TYPES, region, now: NOW });

describe('redactConversation', () => {
  it('replaces a written card number, its expiry and security code', () => {
    const result = redact(['My card is 4111 1111 1111 1111, expiry 12/27 and the CVV is 123.']);
    expect(result.pieces).toEqual([
      'My card is [CARD_NUMBER_1], expiry [CARD_EXPIRY_1] and the CVV is [CARD_SECURITY_CODE_1].',
    ]);
  });

  it('finds a security code asked for and answered after fillers, or before a next message that starts with a number', () => {
    expect(redact(['¿me dice el cvv, por favor?', 'eh, vale, es el 170']).pieces).toEqual([
      '¿me dice el cvv, por favor?',
      'eh, vale, es el [CARD_SECURITY_CODE_1]',
    ]);
    expect(redact(['назвіть cvv, будь ласка.', 'ем, зараз, сім одна дві, все']).pieces).toEqual([
      'назвіть cvv, будь ласка.',
      'ем, зараз, [CARD_SECURITY_CODE_1], все',
    ]);
    expect(
      redact(['cvv kodunu alabilir miyim?', 'yazın: 9669', '2019 yılından beri müşterinizim.']).pieces,
    ).toEqual([
      'cvv kodunu alabilir miyim?',
      'yazın: [CARD_SECURITY_CODE_1]',
      '2019 yılından beri müşterinizim.',
    ]);
    // A social security number is an identity number, not a card's code, even split across two messages.
    const nir = redact(['Votre numéro de sécurité sociale ?', 'Voilà, 1 87', '08 64 039 825 46, c’est tout']);
    expect(nir.entities.map((entity) => entity.type)).toEqual(['national_id']);
  });

  it('finds a card number said as words across two segments, in English and Ukrainian', () => {
    const english = redact([
      'sure it is four one one one one one one one',
      'one one one one one one one one and expires twelve twenty seven',
    ]);
    expect(english.pieces).toEqual([
      'sure it is [CARD_NUMBER_1]',
      '[CARD_NUMBER_1] and expires [CARD_EXPIRY_1]',
    ]);
    const ukrainian = redact([
      'номер картки чотири один один один один один один один один один один один один один один один',
    ]);
    expect(ukrainian.pieces).toEqual(['номер картки [CARD_NUMBER_1]']);
  });

  it('keeps a 16-digit number that fails Luhn, prices, times and order numbers', () => {
    const pieces = [
      'Your order number is 4111 1111 1111 1112.',
      'It costs 49.99 and we open at 10:30; reference 20391847.',
      'Order 0207 946 0018 was shipped.',
    ];
    expect(redact(pieces, 'GB').pieces).toEqual(pieces);
  });

  it('gives the same value the same placeholder and different values the next number', () => {
    const result = redact([
      'Email me at anna@example.com or at anna.b@example.org.',
      'Yes, anna@example.com is right.',
    ]);
    expect(result.pieces).toEqual(['Email me at [EMAIL_1] or at [EMAIL_2].', 'Yes, [EMAIL_1] is right.']);
  });

  it('finds emails spelt out and phone numbers said digit by digit', () => {
    const result = redact(
      ['it is john dot smith at gmail dot com and my phone is oh two oh seven nine four six oh oh one eight'],
      'GB',
    );
    expect(result.pieces).toEqual(['it is [EMAIL_1] and my phone is [PHONE_NUMBER_1]']);
    expect(result.entities.map((entity) => entity.value)).toEqual(['john.smith@gmail.com', '02079460018']);
  });

  it('finds IBANs written and spelt, and bank accounts named as such', () => {
    const result = redact([
      'IBAN DE89 3704 0044 0532 0130 00 please',
      'or D E eight nine three seven zero four zero zero four four zero five three two zero one three zero zero zero',
      'my account number is 12345678 and sort code 20 00 00',
    ]);
    expect(result.pieces).toEqual([
      'IBAN [IBAN_1] please',
      'or [IBAN_1]',
      'my account number is [BANK_ACCOUNT_1] and sort code [BANK_ACCOUNT_2]',
    ]);
  });

  it('finds national identity numbers with their check digits', () => {
    const result = redact([
      'PESEL 44051401359.',
      'My social security number is 536-90-4399.',
      'National insurance AB 12 34 56 C, DNI 12345678Z, codice fiscale RSSMRA85T10A562S.',
      'TC kimlik numaram 10000000146.',
    ]);
    expect(result.pieces).toEqual([
      'PESEL [NATIONAL_ID_1].',
      'My social security number is [NATIONAL_ID_2].',
      'National insurance [NATIONAL_ID_3], DNI [NATIONAL_ID_4], codice fiscale [NATIONAL_ID_5].',
      'TC kimlik numaram [NATIONAL_ID_6].',
    ]);
  });

  it('finds dates of birth written with digits or month names, in several languages', () => {
    const result = redact([
      'date of birth 12/03/1985',
      'я народився 12 березня 1985 року',
      'geboren am 3. Mai 1990',
      'The meeting is on 12 March 2027.',
    ]);
    expect(result.pieces).toEqual([
      'date of birth [DATE_OF_BIRTH_1]',
      'я народився [DATE_OF_BIRTH_2] року',
      'geboren am [DATE_OF_BIRTH_3]',
      'The meeting is on 12 March 2027.',
    ]);
  });

  it('replaces only the chosen types and reports every entity with its original text', () => {
    const result = redactConversation(['card 4111111111111111, mail a@b.io'], { types: ['email'], now: NOW });
    expect(result.pieces).toEqual(['card 4111111111111111, mail [EMAIL_1]']);
    expect(result.entities).toEqual([
      {
        type: 'email',
        placeholder: '[EMAIL_1]',
        value: 'a@b.io',
        original: ['a@b.io'],
        spans: [{ piece: 0, start: 28, end: 34 }],
      },
    ]);
  });

  it('reads a long hostile chat through: a megabyte without an @, twenty thousand addresses in one message', () => {
    const letters = 'a'.repeat(1_000_000);
    expect(redact([letters]).pieces[0]).toBe(letters);
    const many = Array.from({ length: 20_000 }, (_, i) => `u${i}@example.com`).join(' ');
    const result = redact([many]);
    expect(result.entities).toHaveLength(20_000);
    expect(result.pieces[0]!.startsWith('[EMAIL_1] [EMAIL_2] ')).toBe(true);
    expect(result.pieces[0]!.endsWith('[EMAIL_20000]')).toBe(true);
  });
});
