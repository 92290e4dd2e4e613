import { readFileSync } from 'node:fs';
import { isValidIBAN } from 'ibantools';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { describe, expect, it } from 'vitest';
import {
  CORPUS_FILE,
  type Conversation,
  type Corpus,
  generateCorpus,
  SETUP,
} from '../../../../../../bench/redaction/generate.ts';
import { ID_VALIDATORS, luhnValid } from '../../../../../../bench/redaction/values.ts';

const corpus = JSON.parse(readFileSync(CORPUS_FILE, 'utf8')) as Corpus;

/** Each label's value checked with a validator the generator did not write (stdnum, ibantools, libphonenumber-js). */
const VALID: Partial<Record<string, (value: string, conversation: Conversation) => boolean>> = {
  card_number: luhnValid,
  iban: (value) => isValidIBAN(value),
  national_id: (value, conversation) =>
    SETUP[conversation.language].ids.some((scheme) => ID_VALIDATORS[scheme].validate(value).isValid),
  phone_number: (value) => parsePhoneNumberFromString(value)?.isValid() === true,
  email: (value) => /^[a-z.]+@[a-z0-9.-]+\.[a-z]{2,}$/.test(value),
  card_expiry: (value) => /^(0[1-9]|1[0-2])\/\d\d$/.test(value),
  date_of_birth: (value) => !Number.isNaN(Date.parse(value)) && value < corpus.now,
};

describe('the redaction corpus', () => {
  it('is what bench/redaction/generate.ts writes', () => {
    expect(corpus).toEqual(generateCorpus());
  });

  it('has 30 conversations per language, calls and chats, every entity type in every language', () => {
    const languages = new Map<string, Set<string>>();
    for (const conversation of corpus.conversations) {
      const types = languages.get(conversation.language) ?? new Set();
      for (const label of conversation.labels) types.add(label.type);
      languages.set(conversation.language, types);
    }
    expect(corpus.conversations.length).toBeGreaterThanOrEqual(330);
    expect(languages.size).toBe(11);
    for (const types of languages.values()) expect(types.size).toBe(11);
    expect(new Set(corpus.conversations.map((conversation) => conversation.kind))).toEqual(
      new Set(['call', 'chat']),
    );
  });

  it('labels non-empty spans of valid values, apart from the near-misses (a 16-digit one failing Luhn)', () => {
    for (const conversation of corpus.conversations) {
      const spans = [...conversation.labels, ...conversation.keep];
      for (const span of spans) {
        const text = conversation.pieces[span.piece]?.text.slice(span.start, span.end) ?? '';
        expect(text.trim(), `${conversation.id}#${span.piece}`).toBe(text);
        expect(text.length).toBeGreaterThan(0);
      }
      for (const label of conversation.labels) {
        expect(
          VALID[label.type]?.(label.value, conversation) ?? true,
          `${conversation.id}: ${label.type} ${label.value}`,
        ).toBe(true);
      }
      for (const keep of conversation.keep) {
        const written = conversation.pieces[keep.piece]!.text.slice(keep.start, keep.end).replace(
          /[ -]/g,
          '',
        );
        if (keep.what === 'non_luhn' && /^\d+$/.test(written)) expect(luhnValid(written)).toBe(false);
        expect(
          conversation.labels.some(
            (label) => label.piece === keep.piece && label.start < keep.end && keep.start < label.end,
          ),
        ).toBe(false);
      }
    }
  });
});
