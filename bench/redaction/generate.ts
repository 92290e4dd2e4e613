/**
 * The labelled corpus of the redaction bench (issue 34): 30 synthetic conversations per language (calls and
 * chats), each with personal and card data said as digits and as words, sometimes split across two segments,
 * beside near-misses that must stay (order numbers, prices, times, quantities, a 16-digit number failing Luhn,
 * dates that are not birth dates, years), and names (the agent's, the customer's and later mentions of them) and
 * postal addresses (`people.ts`) beside streets named without a number and products' names. Deterministic: the
 * same seed gives the same corpus.
 *
 *   npx tsx bench/redaction/generate.ts    (rewrites bench/redaction/corpus.json)
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { RedactionEntityType } from '@parley/contracts';
import type { CountryCode } from 'libphonenumber-js/max';
import { PEOPLE } from './people.ts';
import { type KeepKind, type NumberKeepKind, PHRASES, type Scene } from './phrases.ts';
import { Random } from './random.ts';
import {
  birthDate,
  type CardBrand,
  cardExpiry,
  cardNumber,
  type IdScheme,
  iban,
  type Language,
  nationalId,
  nonLuhnNumber,
  phoneNumber,
} from './values.ts';
import { dateWithMonthName, digitWord, EMAIL_WORDS, FILLERS, numericDate, pairWords } from './words.ts';

export const LANGUAGES: Language[] = ['en', 'uk', 'pl', 'ru', 'es', 'de', 'pt', 'it', 'fr', 'tr', 'bg'];
const PER_LANGUAGE = 30;
const SEED = 34;
/** The day the corpus is judged on: birth dates are before it, delivery dates after it. */
export const CORPUS_NOW = '2026-12-01T00:00:00Z';

export interface Label {
  type: RedactionEntityType;
  value: string;
  piece: number;
  start: number;
  end: number;
}
export interface Keep {
  piece: number;
  start: number;
  end: number;
  what: KeepKind;
}
export interface Conversation {
  id: string;
  language: Language;
  kind: 'call' | 'chat';
  /** The country a project in this language is set to (the engine's `region`). */
  region: CountryCode;
  pieces: Array<{ speaker: 'agent' | 'customer'; text: string }>;
  labels: Label[];
  keep: Keep[];
}
export interface Corpus {
  now: string;
  conversations: Conversation[];
}

export interface LanguageSetup {
  region: CountryCode;
  ibanCountries: string[];
  ids: IdScheme[];
  plus: string;
  names: Array<[string, string]>;
  domains: string[];
}

/** Russian speakers are served from Ukraine here: the eleven countries have no Russian id or IBAN. */
export const SETUP: Record<Language, LanguageSetup> = {
  en: {
    region: 'US',
    ibanCountries: ['GB', 'DE'],
    ids: ['ssn', 'nino'],
    plus: 'plus',
    names: [
      ['john', 'smith'],
      ['emily', 'jones'],
      ['michael', 'brown'],
    ],
    domains: ['gmail.com', 'outlook.com', 'yahoo.com'],
  },
  uk: {
    region: 'UA',
    ibanCountries: ['UA'],
    ids: ['rnokpp'],
    plus: 'плюс',
    names: [
      ['olena', 'kovalenko'],
      ['taras', 'shevchuk'],
      ['iryna', 'bondar'],
    ],
    domains: ['ukr.net', 'gmail.com', 'i.ua'],
  },
  ru: {
    region: 'RU',
    ibanCountries: ['UA'],
    ids: ['rnokpp'],
    plus: 'плюс',
    names: [
      ['ivan', 'petrov'],
      ['anna', 'smirnova'],
      ['dmitry', 'volkov'],
    ],
    domains: ['mail.ru', 'yandex.ru', 'gmail.com'],
  },
  pl: {
    region: 'PL',
    ibanCountries: ['PL'],
    ids: ['pesel'],
    plus: 'plus',
    names: [
      ['anna', 'kowalska'],
      ['piotr', 'nowak'],
      ['kasia', 'wisniewska'],
    ],
    domains: ['wp.pl', 'onet.pl', 'gmail.com'],
  },
  es: {
    region: 'ES',
    ibanCountries: ['ES'],
    ids: ['dni', 'nie'],
    plus: 'más',
    names: [
      ['lucia', 'garcia'],
      ['javier', 'lopez'],
      ['carmen', 'ruiz'],
    ],
    domains: ['gmail.com', 'hotmail.es', 'telefonica.net'],
  },
  de: {
    region: 'DE',
    ibanCountries: ['DE'],
    ids: ['steuer_id'],
    plus: 'plus',
    names: [
      ['julia', 'schmidt'],
      ['lukas', 'mueller'],
      ['anna', 'becker'],
    ],
    domains: ['gmx.de', 'web.de', 't-online.de'],
  },
  pt: {
    region: 'PT',
    ibanCountries: ['PT'],
    ids: ['nif'],
    plus: 'mais',
    names: [
      ['marta', 'silva'],
      ['joao', 'santos'],
      ['ana', 'ferreira'],
    ],
    domains: ['sapo.pt', 'gmail.com', 'hotmail.com'],
  },
  it: {
    region: 'IT',
    ibanCountries: ['IT'],
    ids: ['codice_fiscale'],
    plus: 'più',
    names: [
      ['giulia', 'rossi'],
      ['marco', 'bianchi'],
      ['luca', 'romano'],
    ],
    domains: ['libero.it', 'gmail.com', 'tiscali.it'],
  },
  fr: {
    region: 'FR',
    ibanCountries: ['FR'],
    ids: ['nir'],
    plus: 'plus',
    names: [
      ['camille', 'martin'],
      ['louis', 'bernard'],
      ['chloe', 'dubois'],
    ],
    domains: ['orange.fr', 'free.fr', 'gmail.com'],
  },
  tr: {
    region: 'TR',
    ibanCountries: ['TR'],
    ids: ['tc_kimlik'],
    plus: 'artı',
    names: [
      ['elif', 'yilmaz'],
      ['mehmet', 'demir'],
      ['ayse', 'kaya'],
    ],
    domains: ['gmail.com', 'hotmail.com', 'yandex.com'],
  },
  bg: {
    region: 'BG',
    ibanCountries: ['BG'],
    ids: ['egn'],
    plus: 'плюс',
    names: [
      ['maria', 'ivanova'],
      ['georgi', 'petrov'],
      ['elena', 'dimitrova'],
    ],
    domains: ['abv.bg', 'gmail.com', 'mail.bg'],
  },
};

/** A value as it stands in the text: its words or digit groups, and what joins them. */
interface Rendered {
  tokens: string[];
  joiner: string;
}

type Mark = { label: { type: RedactionEntityType; value: string } } | { keep: KeepKind };

/** One thing said: a line with `{v}`, and the value standing there. */
interface Utterance {
  speaker: 'agent' | 'customer';
  line: string;
  value?: Rendered & Mark;
}

type DigitStyle = 'words' | 'pairs' | 'digits';

class ConversationWriter {
  readonly random: Random;
  readonly language: Language;
  /** Every other conversation is a call. */
  readonly kind: 'call' | 'chat';
  private readonly utterances: Utterance[][] = [];

  constructor(random: Random, language: Language, index: number) {
    this.random = random;
    this.language = language;
    this.kind = index % 2 === 0 ? 'call' : 'chat';
  }

  get call() {
    return this.kind === 'call';
  }

  /** A group of utterances kept together (a question and its answer). */
  add(...group: Utterance[]) {
    this.utterances.push(group);
  }

  /** A digit style: calls mostly say numbers as words, chats mostly write them. */
  style(pairs = true): DigitStyle {
    const roll = this.random.next();
    if (this.call) return roll < 0.6 ? 'words' : roll < 0.8 && pairs ? 'pairs' : 'digits';
    return roll < 0.2 ? 'words' : 'digits';
  }

  /** `digits` as said or written; `groups` are the written groups (4-4-4-4 for a card). */
  digits(digits: string, style: DigitStyle, groups: number[] = []): Rendered {
    const { random, language } = this;
    if (style === 'digits') {
      const joiner = groups.length > 1 ? random.pick([' ', ' ', '-', '']) : '';
      const parts: string[] = [];
      let at = 0;
      for (const size of groups.length > 1 ? groups : [digits.length]) {
        parts.push(digits.slice(at, at + size));
        at += size;
      }
      return joiner === '' ? { tokens: [parts.join('')], joiner: ' ' } : { tokens: parts, joiner };
    }
    const tokens: string[] = [];
    if (style === 'pairs') {
      // An odd digit goes first: "forty seven" after the pairs would read as 47, not 40 and 7.
      for (let at = 0; at < digits.length; at = at === 0 && digits.length % 2 === 1 ? 1 : at + 2) {
        const pair = digits.slice(at, at === 0 && digits.length % 2 === 1 ? 1 : at + 2);
        if (pair.length === 1 || pair[0] === '0')
          for (const digit of pair) tokens.push(digitWord(language, digit, random));
        else tokens.push(pairWords(language, Number(pair)));
      }
    } else {
      for (const digit of digits) tokens.push(digitWord(language, digit, random));
    }
    if (this.call && tokens.length > 4 && random.chance(0.2)) {
      tokens.splice(random.int(2, tokens.length - 2), 0, `${random.pick(FILLERS[language])}`);
    }
    return { tokens, joiner: ' ' };
  }

  label(type: RedactionEntityType, value: string, rendered: Rendered): Rendered & Mark {
    return { ...rendered, label: { type, value } };
  }

  keep(what: KeepKind, rendered: Rendered): Rendered & Mark {
    return { ...rendered, keep: what };
  }

  /** The agent asks and the customer answers with a value (in one segment or, sometimes, split across two). */
  answer(question: string, value: Rendered & Mark): Utterance[] {
    return [
      { speaker: 'agent', line: question },
      { speaker: 'customer', line: this.random.pick(PHRASES[this.language].answer), value },
    ];
  }

  /** The agent's greeting with the agent's first name, labelled. */
  private greeting(): Utterance {
    const people = PEOPLE[this.language];
    const agent = this.random.pick(people.agents);
    const value = this.call ? agent.toLocaleLowerCase(this.language) : agent;
    return {
      speaker: 'agent',
      line: this.random.pick(people.greet),
      value: this.label('person_name', agent.toLocaleLowerCase(this.language), {
        tokens: [value],
        joiner: ' ',
      }),
    };
  }

  /** Text as this conversation writes it: a call's transcript is lower case. */
  cased(text: string): string {
    return this.call ? text.toLocaleLowerCase(this.language) : text;
  }

  finish(id: string, region: CountryCode): Conversation {
    const random = this.random;
    const phrases = PHRASES[this.language];
    const middle = random.shuffle(this.utterances.slice());
    const all: Utterance[] = [
      this.greeting(),
      { speaker: 'customer', line: random.pick(phrases.reason) },
      ...middle.flat(),
      { speaker: 'agent', line: random.pick(phrases.close) },
    ];
    const conversation: Conversation = {
      id,
      language: this.language,
      kind: this.kind,
      region,
      pieces: [],
      labels: [],
      keep: [],
    };
    for (const utterance of all) this.write(conversation, utterance);
    return conversation;
  }

  private write(conversation: Conversation, { speaker, line, value }: Utterance) {
    const text = (part: string) => (this.call ? part.toLocaleLowerCase(this.language) : part);
    const filler = this.call && speaker === 'customer' && this.random.chance(0.15);
    const [before = '', after = ''] = line.split('{v}');
    const lead = `${filler ? `${this.random.pick(FILLERS[this.language])}, ` : ''}${text(before)}`;
    if (!value) {
      conversation.pieces.push({ speaker, text: lead });
      return;
    }
    const { tokens, joiner } = value;
    const fillers = FILLERS[this.language];
    // A value is split between two words (never beside a hesitation, which is not part of it).
    const splits = [...tokens.keys()].filter(
      (at) =>
        at >= 2 &&
        at <= tokens.length - 2 &&
        !fillers.includes(tokens[at - 1]!) &&
        !fillers.includes(tokens[at]!),
    );
    const split =
      joiner === ' ' && tokens.length >= 6 && splits.length > 0 && this.random.chance(this.call ? 0.35 : 0.1)
        ? this.random.pick(splits)
        : tokens.length;
    const parts = [tokens.slice(0, split), tokens.slice(split)].filter((part) => part.length > 0);
    parts.forEach((part, i) => {
      const head = i === 0 ? lead : '';
      const tail = i === parts.length - 1 ? text(after) : '';
      const valueText = part.join(joiner);
      const piece = conversation.pieces.length;
      const start = head.length;
      conversation.pieces.push({ speaker, text: `${head}${valueText}${tail}` });
      const span = { piece, start, end: start + valueText.length };
      if ('label' in value) conversation.labels.push({ ...value.label, ...span });
      else conversation.keep.push({ ...span, what: value.keep });
    });
  }
}

const PII_SCENES = ['card', 'iban', 'account', 'id', 'phone', 'email', 'dob'] as const;
const KEEP_KINDS: NumberKeepKind[] = ['order', 'price', 'time', 'quantity', 'non_luhn', 'date', 'year'];
const CARD_GROUPS: Record<CardBrand, number[]> = {
  visa: [4, 4, 4, 4],
  mastercard: [4, 4, 4, 4],
  amex: [4, 6, 5],
};

function ask(writer: ConversationWriter, scene: Scene): string {
  return writer.random.pick(PHRASES[writer.language].ask[scene]);
}

function cardScene(writer: ConversationWriter) {
  const { random } = writer;
  const brand = random.pick<CardBrand>(['visa', 'visa', 'mastercard', 'mastercard', 'amex']);
  const number = cardNumber(random, brand);
  const { month, year } = cardExpiry(random);
  const code = random.digits(brand === 'amex' ? 4 : 3);
  writer.add(
    ...writer.answer(
      ask(writer, 'card'),
      writer.label('card_number', number, writer.digits(number, writer.style(), CARD_GROUPS[brand])),
    ),
    ...writer.answer(
      ask(writer, 'expiry'),
      writer.label('card_expiry', `${month}/${year}`, expiryText(writer, month, year)),
    ),
    ...writer.answer(
      ask(writer, 'cvv'),
      writer.label('card_security_code', code, writer.digits(code, writer.style(false))),
    ),
  );
}

function expiryText(writer: ConversationWriter, month: string, year: string): Rendered {
  const { random, language } = writer;
  const style = writer.style();
  if (style === 'digits')
    return { tokens: [`${month}${random.pick(['/', '/', ' / ', '-'])}${year}`], joiner: ' ' };
  if (style === 'words') return writer.digits(`${month}${year}`, 'words');
  const monthWords =
    month[0] === '0'
      ? [digitWord(language, '0', random), digitWord(language, month[1]!, random)]
      : [pairWords(language, Number(month))];
  return { tokens: [...monthWords, pairWords(language, Number(year))], joiner: ' ' };
}

function ibanScene(writer: ConversationWriter, setup: LanguageSetup) {
  const { random } = writer;
  const value = iban(random, random.pick(setup.ibanCountries));
  const digitsOnly = /^\d+$/.test(value.slice(2));
  let rendered: Rendered;
  if (writer.call && digitsOnly && random.chance(0.7)) {
    const spoken = writer.digits(value.slice(2), random.chance(0.7) ? 'words' : 'pairs');
    rendered = { tokens: [value.slice(0, 2), ...spoken.tokens], joiner: ' ' };
  } else {
    const groups = value.match(/.{1,4}/g)!;
    rendered = random.chance(0.7) ? { tokens: groups, joiner: ' ' } : { tokens: [value], joiner: ' ' };
  }
  writer.add(...writer.answer(ask(writer, 'iban'), writer.label('iban', value, rendered)));
}

function accountScene(writer: ConversationWriter) {
  const { random } = writer;
  const value = `${random.int(1, 9)}${random.digits(random.int(7, 11))}`;
  writer.add(
    ...writer.answer(
      ask(writer, 'account'),
      writer.label('bank_account', value, writer.digits(value, writer.style())),
    ),
  );
}

function idScene(writer: ConversationWriter, setup: LanguageSetup, index: number) {
  const { random, language } = writer;
  const scheme = setup.ids[Math.floor(index / 7) % setup.ids.length]!;
  const { value, groups } = nationalId(random, scheme);
  const question = random.pick(PHRASES[language].askId[scheme]!);
  let rendered: Rendered;
  const digits = value.match(/^\d+$/) ? value : null;
  if (digits) rendered = writer.digits(digits, writer.style(), groups);
  else if ((scheme === 'dni' || scheme === 'nie') && writer.call && random.chance(0.6)) {
    const spoken = writer.digits(value.slice(scheme === 'nie' ? 1 : 0, 8), 'words');
    const head = scheme === 'nie' ? [value[0]!.toLowerCase()] : [];
    rendered = { tokens: [...head, ...spoken.tokens, value[8]!.toLowerCase()], joiner: ' ' };
  } else if (scheme === 'nino' && random.chance(0.5)) {
    rendered = {
      tokens: [value.slice(0, 2), value.slice(2, 4), value.slice(4, 6), value.slice(6, 8), value[8]!],
      joiner: ' ',
    };
  } else rendered = { tokens: [value], joiner: ' ' };
  writer.add(...writer.answer(question, writer.label('national_id', value, rendered)));
}

function phoneScene(writer: ConversationWriter, setup: LanguageSetup) {
  const { random, language } = writer;
  const phone = phoneNumber(random, setup.region);
  const value = phone.number;
  let rendered: Rendered;
  if (!writer.call && random.chance(0.7)) {
    const national = phone.formatNational().replace(/^\((\d+)\)\s?/, '$1 ');
    const written = random.chance(0.5) ? national : phone.formatInternational();
    rendered = { tokens: written.split(' '), joiner: ' ' };
  } else if (writer.call && random.chance(0.25)) {
    const spoken = writer.digits(`${phone.countryCallingCode}${phone.nationalNumber}`, 'words');
    rendered = { tokens: [setup.plus, ...spoken.tokens], joiner: ' ' };
  } else {
    const national = phone.formatNational().replace(/\D/g, '');
    const style = language === 'fr' && random.chance(0.7) ? 'pairs' : writer.style();
    rendered = writer.digits(
      national,
      style,
      phone
        .formatNational()
        .split(/\D+/)
        .filter(Boolean)
        .map((group) => group.length),
    );
  }
  writer.add(...writer.answer(ask(writer, 'phone'), writer.label('phone_number', value, rendered)));
}

function emailScene(writer: ConversationWriter, setup: LanguageSetup) {
  const { random, language } = writer;
  const [first, last] = random.pick(setup.names);
  const domain = random.pick(setup.domains);
  const local = random.chance(0.6) ? `${first}.${last}` : `${first}${last}`;
  const value = `${local}@${domain}`;
  let rendered: Rendered;
  if (writer.call && random.chance(0.8)) {
    const { at, dot } = EMAIL_WORDS[language];
    const spell = (part: string) => part.split('.').join(` ${random.pick(dot)} `);
    rendered = { tokens: [spell(local), random.pick(at), spell(domain)], joiner: ' ' };
  } else rendered = { tokens: [value], joiner: ' ' };
  writer.add(...writer.answer(ask(writer, 'email'), writer.label('email', value, rendered)));
}

function dobScene(writer: ConversationWriter) {
  const { random, language } = writer;
  const { year, month, day } = birthDate(random);
  const value = `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
  let text: string;
  if (language === 'en' && writer.call && random.chance(0.5)) {
    const monthName = dateWithMonthName('en', year, month, 1).split(' ')[0]!.toLowerCase();
    const dayWords = day < 10 ? digitWord('en', String(day), random) : pairWords('en', day);
    const yearWords = `${pairWords('en', Math.floor(year / 100))} ${year % 100 < 10 ? `oh ${digitWord('en', String(year % 10), random)}` : pairWords('en', year % 100)}`;
    text = `${monthName} ${dayWords} ${yearWords}`;
  } else if (random.chance(0.5)) text = dateWithMonthName(language, year, month, day);
  else text = numericDate(language, year, month, day);
  if (writer.call) text = text.toLocaleLowerCase(language);
  writer.add(
    ...writer.answer(
      ask(writer, 'dob'),
      writer.label('date_of_birth', value, { tokens: [text], joiner: ' ' }),
    ),
  );
}

function nearMiss(writer: ConversationWriter, what: NumberKeepKind) {
  const { random, language } = writer;
  const { speaker, lines } = PHRASES[language].keep[what];
  const line = random.pick(lines);
  const decimal = language === 'en' ? '.' : ',';
  let rendered: Rendered;
  switch (what) {
    case 'order':
      rendered = writer.digits(`${random.int(1, 9)}${random.digits(random.int(5, 8))}`, writer.style(false));
      break;
    case 'price': {
      const whole = random.int(5, 499);
      const cents = random.pick([0, 49, 90, 95, 99]);
      rendered =
        writer.call && whole >= 10 && whole < 100 && cents >= 10 && random.chance(0.6)
          ? { tokens: [pairWords(language, whole), pairWords(language, cents)], joiner: ' ' }
          : { tokens: [`${whole}${decimal}${String(cents).padStart(2, '0')}`], joiner: ' ' };
      break;
    }
    case 'time': {
      const hour = random.int(8, 19);
      const minutes = random.pick([15, 30, 45]);
      rendered =
        writer.call && hour >= 10 && random.chance(0.5)
          ? { tokens: [pairWords(language, hour), pairWords(language, minutes)], joiner: ' ' }
          : { tokens: [`${hour}:${minutes}`], joiner: ' ' };
      break;
    }
    case 'quantity': {
      const count = random.int(2, 9);
      rendered = {
        tokens: [writer.call ? digitWord(language, String(count), random) : String(count)],
        joiner: ' ',
      };
      break;
    }
    case 'non_luhn':
      rendered = writer.digits(nonLuhnNumber(random), writer.style(), [4, 4, 4, 4]);
      break;
    case 'date': {
      const date = new Date(Date.UTC(2026, 11, 2 + random.int(1, 300)));
      const [y, m, d] = [date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate()];
      const text = random.chance(0.5) ? dateWithMonthName(language, y, m, d) : numericDate(language, y, m, d);
      rendered = { tokens: [writer.call ? text.toLocaleLowerCase(language) : text], joiner: ' ' };
      break;
    }
    case 'year':
      rendered = { tokens: [String(random.int(2005, 2024))], joiner: ' ' };
      break;
  }
  writer.add({ speaker, line, value: writer.keep(what, rendered) });
}

/**
 * The customer's name, given after a cue or in answer to the agent's question, and said again later (the
 * surname after a title, or the first name): every mention is labelled with the same person.
 */
function nameScene(writer: ConversationWriter) {
  const { random, language } = writer;
  const people = PEOPLE[language];
  const customer = random.pick(people.customers);
  const full = `${customer.first} ${customer.last}`;
  const person = full.toLocaleLowerCase(language);
  const name = (text: string) =>
    writer.label('person_name', person, { tokens: [writer.cased(text)], joiner: ' ' });
  if (random.chance(0.5))
    writer.add({ speaker: 'customer', line: random.pick(people.introduce), value: name(full) });
  else writer.add(...writer.answer(random.pick(people.askName), name(full)));
  const bySurname = random.chance(0.6);
  const lines = bySurname ? people.mentionSurname[customer.female ? 0 : 1] : people.mentionFirst;
  writer.add({
    speaker: 'agent',
    line: random.pick(lines),
    value: name(bySurname ? customer.last : customer.first),
  });
}

/** A house number said as words in most calls, written in chats. */
function houseNumber(writer: ConversationWriter, n: number): string {
  const { random, language } = writer;
  if (!writer.call || random.chance(0.4)) return String(n);
  return n < 10 ? digitWord(language, String(n), random) : pairWords(language, n);
}

function addressScene(writer: ConversationWriter) {
  const { random, language } = writer;
  const people = PEOPLE[language];
  const street = random
    .pick(people.streets)
    .replace('{n}', houseNumber(writer, random.int(1, 99)))
    .replace('{f}', houseNumber(writer, random.int(1, 40)));
  const text = writer.cased(`${street}${random.chance(0.4) ? random.pick(people.towns) : ''}`);
  writer.add(
    ...writer.answer(
      random.pick(people.askAddress),
      writer.label('postal_address', text.toLocaleLowerCase(language), { tokens: [text], joiner: ' ' }),
    ),
  );
}

/** A street named without a house number, or a product's capitalised name: neither is redacted. */
function wordNearMiss(writer: ConversationWriter, what: 'street' | 'product') {
  const { random, language } = writer;
  const { lines, values } = PEOPLE[language][what === 'street' ? 'streetOnly' : 'product'];
  const value = writer.cased(random.pick(values));
  writer.add({
    speaker: 'customer',
    line: random.pick(lines),
    value: writer.keep(what, { tokens: [value], joiner: ' ' }),
  });
}

function conversation(random: Random, language: Language, index: number): Conversation {
  const setup = SETUP[language];
  const writer = new ConversationWriter(random, language, index);
  for (const offset of [0, 2, 4]) {
    const scene = PII_SCENES[(index + offset) % PII_SCENES.length]!;
    if (scene === 'card') cardScene(writer);
    else if (scene === 'iban') ibanScene(writer, setup);
    else if (scene === 'account') accountScene(writer);
    else if (scene === 'id') idScene(writer, setup, index);
    else if (scene === 'phone') phoneScene(writer, setup);
    else if (scene === 'email') emailScene(writer, setup);
    else dobScene(writer);
  }
  if (index % 3 !== 1) nameScene(writer);
  if (index % 3 !== 0) addressScene(writer);
  const keeps = index % 2 === 0 ? [0, 3, 5] : [0, 3];
  for (const offset of keeps) nearMiss(writer, KEEP_KINDS[(index + offset) % KEEP_KINDS.length]!);
  wordNearMiss(writer, index % 2 === 0 ? 'street' : 'product');
  return writer.finish(`${language}-${String(index + 1).padStart(2, '0')}`, setup.region);
}

export function generateCorpus(): Corpus {
  const random = new Random(SEED);
  const conversations: Conversation[] = [];
  for (const language of LANGUAGES) {
    for (let index = 0; index < PER_LANGUAGE; index++)
      conversations.push(conversation(random, language, index));
  }
  return { now: CORPUS_NOW, conversations };
}

export const CORPUS_FILE = fileURLToPath(new URL('./corpus.json', import.meta.url));

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(CORPUS_FILE, `${JSON.stringify(generateCorpus(), null, 2)}\n`);
}
