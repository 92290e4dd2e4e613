import type { UiLanguage } from '@parley/contracts';
import { commonWords, phraseList } from './common-words.ts';
import { nameKey } from './names.ts';
import type { NumberWords } from './number-words.ts';
import type { Token } from './tokens.ts';

/**
 * Words that name a street, per language: whole words; `*` after an entry: a word beginning (inflected forms:
 * "вулиці", "улицу"); `.` after an entry: an abbreviation, counted only with its full stop ("St.", "вул.").
 */
const STREETS: Record<UiLanguage, string> = {
  en: 'street road avenue lane drive boulevard court place way crescent terrace square highway close st. rd. ave. ln. blvd. dr.',
  uk: 'вулиц* провулок провулку проспект* бульвар* площа площі шосе узвіз набережн* вул. пров. просп. бул. пл.',
  ru: 'улиц* переулок переулке проспект* бульвар* площадь площади шоссе набережн* ул. пер. просп. пр. бул. пл.',
  pl: 'ulica ulicy ulicę aleja alei aleje plac placu osiedle osiedlu ul. al. pl. os.',
  es: 'calle avenida plaza paseo camino carretera ronda travesía c. c/ avda. av. pza.',
  de: 'straße strasse weg platz allee gasse ring damm ufer chaussee str.',
  pt: 'rua avenida travessa praça praca largo estrada alameda calçada r. av. tv.',
  it: 'via viale piazza piazzale corso largo vicolo strada lungomare v. c.so.',
  fr: 'rue avenue boulevard place chemin allée impasse quai route cours av. bd. bld.',
  tr: 'sokak sokağı sokagi cadde caddesi bulvar bulvarı bulvari mahalle mahallesi yolu sok. sk. cad. cd. mah. mh. blv.',
  bg: 'улица улицата булевард* площад* ул. бул. пл.',
};

/** German streets are mostly one word: "Hauptstraße", "Lindenweg", "Marktplatz". */
const COMPOUND_ENDINGS = [
  'straße',
  'strasse',
  'str',
  'weg',
  'platz',
  'allee',
  'gasse',
  'ring',
  'damm',
  'ufer',
];
const MIN_COMPOUND = 3;

/** Words before a house number: "No. 5", "д. 12", "Nr. 3", "número 7". */
const NUMBER_WORDS = new Set(
  'no nr n nº № número numero numéro numer номер дом д буд будинок kapı hausnummer'.split(' ').map(nameKey),
);
/** Words before a flat's number: "apt 4", "кв. 12", "m. 3", "piso 2", "Daire 5". */
const FLAT_WORDS = new Set(
  'apt apartment apartamento flat unit suite floor кв квартира ап апартамент вх вхід под подъезд эт ет поверх m mieszkania lok lokal piso puerta planta wohnung whg apto andar esq interno int scala appartement appt étage etage daire kat blok'
    .split(' ')
    .map(nameKey),
);

/** What introduces an address, per language: after it a house number and a street's name count without a street word. */
const CUES: Record<UiLanguage, string> = {
  en: 'my address is|address is|i live at|i live on|lives at|send it to|ship it to',
  uk: 'моя адреса|адреса|я живу на|живу на|мешкаю на|проживаю на|я живу за адресою|за адресою',
  ru: 'мой адрес|адрес|я живу на|живу на|проживаю на|по адресу',
  pl: 'mój adres to|adres to|adres|mieszkam przy|mieszkam na|mieszkam w',
  es: 'mi dirección es|dirección|vivo en|mi domicilio es|domicilio',
  de: 'meine adresse ist|adresse|ich wohne in der|ich wohne in|ich wohne|wohne in der|anschrift',
  pt: 'a minha morada é|morada|endereço|moro na|moro no|moro em',
  it: 'il mio indirizzo è|indirizzo|abito in|abito a|vivo in|residente in',
  fr: "mon adresse est|adresse|j'habite au|j'habite|domicile",
  tr: 'adresim|adres|adresi|oturuyorum',
  bg: 'адресът ми е|адрес|живея на|живея',
};

/**
 * A postcode standing where an address ends: UK (SW1A 1AA), US ZIP (+4), six digits (RU), five digits (DE, FR,
 * ES, IT, TR, UA), NN-NNN (PL), NNNN-NNN (PT), four digits (BG). Sticky: tried at one token, never searched for.
 */
const POSTCODE =
  /(?:[A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2}|\d{6}|\d{5}(?:-\d{4})?|\d{2}-\d{3}|\d{4}-\d{3}|\d{4})(?![\p{L}\p{N}])/iuy;

const MAX_STREET_NAME = 4;
/** Tokens of a house number said as words, hyphens counted ("quatre-vingt-dix-sept"). */
const MAX_NUMBER_TOKENS = 7;
const MAX_NAME_BEFORE = 3;
/** How many tokens after the house number a flat, postcode and town may stand. */
const TAIL = 10;

interface StreetWords {
  whole: ReadonlySet<string>;
  stems: readonly string[];
  abbreviations: ReadonlySet<string>;
  german: boolean;
  cues: string[][];
  /** Words that are never a street's name (common words, the cue phrases' words). */
  notName: ReadonlySet<string>;
}

const VOCABULARIES = new Map<UiLanguage | null, StreetWords>();

function vocabularyOf(language: UiLanguage | null): StreetWords {
  let vocabulary = VOCABULARIES.get(language);
  if (vocabulary) return vocabulary;
  const entries = phraseList(STREETS, language).flatMap((phrase) => phrase.join(' ').split(' '));
  const cues = phraseList(CUES, language);
  vocabulary = {
    whole: new Set(entries.filter((entry) => !/[.*/]$/.test(entry))),
    stems: entries.filter((entry) => entry.endsWith('*')).map((entry) => entry.slice(0, -1)),
    abbreviations: new Set(entries.filter((entry) => /[./]$/.test(entry)).map((entry) => entry.slice(0, -1))),
    german: language === null || language === 'de',
    cues,
    notName: new Set([...commonWords(language), ...cues.flat()]),
  };
  VOCABULARIES.set(language, vocabulary);
  return vocabulary;
}

export interface AddressFinding {
  value: string;
  tokens: number[];
}

/**
 * Postal addresses: a street word with a house number ("221B Baker Street", "вул. Хрещатик, 22", "Hauptstraße
 * 5", "12 rue de la Paix", "Atatürk Caddesi No: 12"), or a house number and a street's name after an address cue
 * ("I live at 5 Elm Grove"), with a flat number, a postcode and the town after the postcode when they follow. A
 * street without a house number ("I drove down Main Street") stays. One pass over the tokens; each look
 * around a street word is bounded.
 */
export function findAddresses(
  tokens: readonly Token[],
  claimed: Set<number>,
  language: UiLanguage | null,
  numbers: NumberWords,
  pieces: readonly string[],
): AddressFinding[] {
  const words = vocabularyOf(language);
  const cased = new Set<number>();
  for (const token of tokens) if (token.kind === 'word' && /\p{Lu}/u.test(token.text)) cased.add(token.piece);
  const free = (i: number) => i >= 0 && i < tokens.length && !claimed.has(i);
  /** A word of a street's name: not common, not a number; written with a capital where the piece has them. */
  const isName = (i: number, piece: number) => {
    const token = tokens[i];
    if (token?.kind !== 'word' || !free(i) || token.piece !== piece) return false;
    if (
      words.notName.has(token.norm) ||
      numbers.meaning(token.norm) !== null ||
      isStreetWord(words, tokens, i)
    )
      return false;
    return !cased.has(piece) || /^\p{Lu}/u.test(token.text);
  };
  /** The last token of a hyphenated name from token `i` ("Saint-Michel", "Санкт-Петербург"), or `i`. */
  const hyphenated = (i: number, piece: number) => {
    let end = i;
    while (
      end - i < 4 &&
      tokens[end + 1]?.norm === '-' &&
      tokens[end + 1]!.start === tokens[end]!.end &&
      tokens[end + 2]?.start === tokens[end + 1]!.end &&
      isName(end + 2, piece)
    )
      end += 2;
    return end;
  };
  /** The index after the street's name from token `i`: up to `max` name words, particles between ("de la Paix"). */
  const nameRun = (i: number, piece: number, max: number) => {
    let at = i;
    let count = 0;
    while (count < max) {
      if (isName(at, piece)) {
        at = hyphenated(at, piece) + 1;
        count++;
        continue;
      }
      let particles = 0;
      while (particles < 2 && PARTICLES.has(tokens[at + particles]?.norm ?? '')) particles++;
      if (particles === 0 || count + particles >= max || !isName(at + particles, piece)) break;
      at += particles;
      count += particles;
    }
    return at;
  };
  /** The house number from token `i`: its last token, or null. */
  const houseNumber = (i: number, piece: number, suffix = true): number | null => {
    if (i < 0) return null;
    let at = i;
    let last: number | null = null;
    const token = tokens[at];
    if (token?.kind === 'digits' && free(at) && token.piece === piece && token.text.length <= 4) {
      last = at;
      at++;
    } else {
      while (at - i < MAX_NUMBER_TOKENS && free(at) && tokens[at]!.piece === piece) {
        // "quatre-vingt-douze"
        if (tokens[at]!.norm === '-' && last !== null && tokens[at]!.start === tokens[last]!.end) {
          at++;
          continue;
        }
        if (tokens[at]!.kind !== 'word') break;
        const meaning = numbers.meaning(tokens[at]!.norm);
        if (meaning?.kind !== 'digits' && meaning?.kind !== 'tens' && meaning?.kind !== 'joiner') break;
        last = at;
        at++;
      }
      if (last === null || numbers.meaning(tokens[last]!.norm)?.kind === 'joiner') return null;
    }
    // 12a, 12 B, 5/3, 12-14, 7 bis
    if (!suffix) return last;
    const next = tokens[at];
    const adjacent = next && next.start === tokens[last]!.end && next.piece === piece;
    if (adjacent && next.kind === 'word' && next.text.length === 1) return at;
    if (adjacent && /^[/-]$/.test(next.norm) && tokens[at + 1]?.start === next.end) {
      const second = houseNumber(at + 1, piece, false);
      if (second !== null) return second;
    }
    if (next?.kind === 'word' && /^(bis|ter)$/.test(next.norm)) return at;
    return last;
  };
  /** Skips "No.", "д.", ",", ":" before a house number. */
  const skipMarkers = (i: number, piece: number) => {
    let at = i;
    while (at - i < 3 && tokens[at]?.piece === piece) {
      const token = tokens[at]!;
      if (/^[,:.№]$/.test(token.norm) || (token.kind === 'word' && NUMBER_WORDS.has(nameKey(token.text))))
        at++;
      else break;
    }
    return at;
  };

  const found: AddressFinding[] = [];
  const take = (from: number, to: number) => {
    const end = tail(tokens, to, pieces, houseNumber, isName, hyphenated);
    const list: number[] = [];
    for (let i = from; i <= end; i++) {
      if (claimed.has(i)) continue;
      claimed.add(i);
      list.push(i);
    }
    found.push({ value: list.map((i) => nameKey(tokens[i]!.text)).join(' '), tokens: list });
    return end;
  };

  for (let i = 0; i < tokens.length; i++) {
    if (!free(i) || tokens[i]!.kind !== 'word') continue;
    const piece = tokens[i]!.piece;
    const street = isStreetWord(words, tokens, i);
    if (street) {
      const afterWord = street.end + 1;
      let before = 0;
      while (before < MAX_NAME_BEFORE && isName(i - before - 1, piece)) before++;
      const first = i - before;
      // A German compound or a name before the street word ("Berliner Straße", "Gül Sokak"): the number follows.
      if (street.compound || before > 0) {
        const number = houseNumber(skipMarkers(afterWord, piece), piece);
        if (number !== null) {
          i = take(first, number);
          continue;
        }
      }
      // "221 Baker Street": the number before the name.
      const numberBefore = numberEndingAt(tokens, first - 1, piece, houseNumber);
      if (before > 0 && numberBefore !== null) {
        i = take(numberBefore, street.end);
        continue;
      }
      if (street.compound || before > 0) continue;
      const name = nameRun(afterWord, piece, MAX_STREET_NAME);
      const count = name - afterWord;
      // "12 rue de la Paix": the number before the street word, the name after it.
      const directlyBefore = numberEndingAt(tokens, i - 1, piece, houseNumber);
      if (directlyBefore !== null && count > 0) {
        i = take(directlyBefore, name - 1);
        continue;
      }
      // "вулиця Шевченка, 12", "calle Mayor 5", "ul. Długa 5/3".
      const number = count > 0 ? houseNumber(skipMarkers(name, piece), piece) : null;
      if (number !== null) i = take(i, number);
      continue;
    }
    const cue = cueEnd(tokens, i, words.cues);
    if (cue === null) continue;
    const start = skipMarkers(cue, tokens[cue]?.piece ?? piece);
    const at = tokens[start]?.piece ?? piece;
    // A street word ahead is left to the street rule.
    if (streetAhead(words, tokens, start)) continue;
    const number = houseNumber(start, at);
    if (number !== null) {
      const name = nameRun(number + 1, at, MAX_NAME_BEFORE);
      if (name > number + 1) i = take(start, name - 1);
      continue;
    }
    const name = nameRun(start, at, MAX_NAME_BEFORE);
    const after = name > start ? houseNumber(skipMarkers(name, at), at) : null;
    if (after !== null) i = take(start, after);
  }
  return found;
}

const PARTICLES = new Set('de la del della di da das do dos du des le der den van von the'.split(' '));

/** The street word at token `i` (its full stop with it when an abbreviation), or null. */
function isStreetWord(
  words: StreetWords,
  tokens: readonly Token[],
  i: number,
): { end: number; compound: boolean } | null {
  const token = tokens[i];
  if (token?.kind !== 'word') return null;
  const norm = token.norm;
  const next = tokens[i + 1];
  if (words.abbreviations.has(norm) && next?.start === token.end) {
    if (next.norm === '.') return { end: i + 1, compound: false };
    if (next.norm === '/' && norm === 'c') return { end: i + 1, compound: false };
  }
  if (words.whole.has(norm) || words.stems.some((stem) => norm.startsWith(stem)))
    return { end: i, compound: false };
  if (words.german) {
    for (const ending of COMPOUND_ENDINGS) {
      if (norm.length >= ending.length + MIN_COMPOUND && norm.endsWith(ending))
        return { end: i, compound: true };
    }
  }
  return null;
}

/** A street word within the next three tokens (a cue followed by "ul. Długa 5" is the street rule's). */
function streetAhead(words: StreetWords, tokens: readonly Token[], from: number): boolean {
  for (let i = from; i < from + 3; i++) if (isStreetWord(words, tokens, i)) return true;
  return false;
}

/** The first token of a house number that ends at token `end` (a comma between allowed), or null. */
function numberEndingAt(
  tokens: readonly Token[],
  end: number,
  piece: number,
  houseNumber: (i: number, piece: number) => number | null,
): number | null {
  const last = tokens[end]?.norm === ',' ? end - 1 : end;
  // The longest number that ends there: "quatre-vingt-dix-sept", not "sept".
  for (let start = Math.max(0, last - MAX_NUMBER_TOKENS); start <= last; start++) {
    if (houseNumber(start, piece) === last) return start;
  }
  return null;
}

/** The index after a cue phrase starting at token `i`, or null. */
function cueEnd(tokens: readonly Token[], i: number, cues: readonly string[][]): number | null {
  let best: number | null = null;
  for (const cue of cues) {
    if (tokens[i]!.norm !== cue[0]) continue;
    let at = i;
    for (const word of cue) {
      if (tokens[at]?.kind !== 'word' || tokens[at]!.norm !== word) break;
      at++;
    }
    if (at - i === cue.length && (best === null || at > best)) best = at;
  }
  return best;
}

/**
 * Where an address that ends at token `end` really ends: after a flat's number ("apt 4", "кв. 12"), and after a
 * postcode within reach with the town after it ("…, 10115 Berlin") or the town and state before it
 * ("…, Springfield, IL 62704").
 */
function tail(
  tokens: readonly Token[],
  end: number,
  pieces: readonly string[],
  houseNumber: (i: number, piece: number) => number | null,
  isName: (i: number, piece: number) => boolean,
  hyphenated: (i: number, piece: number) => number,
): number {
  const piece = tokens[end]!.piece;
  let last = end;
  for (let flats = 0; flats < 2; flats++) {
    let at = last + 1;
    if (tokens[at]?.norm === ',') at++;
    if (tokens[at]?.kind !== 'word' || !FLAT_WORDS.has(nameKey(tokens[at]!.text))) break;
    at++;
    if (tokens[at]?.norm === '.') at++;
    const number = houseNumber(at, piece);
    if (number === null) break;
    last = number;
  }
  for (let at = last + 1; at <= last + TAIL && tokens[at]?.piece === piece; at++) {
    const token = tokens[at]!;
    POSTCODE.lastIndex = token.start;
    const match = token.kind === 'symbol' ? null : POSTCODE.exec(pieces[piece]!);
    if (!match) {
      if (token.norm === ',' || isName(at, piece)) continue;
      break;
    }
    let code = at;
    while (tokens[code + 1]?.piece === piece && tokens[code + 1]!.start < token.start + match[0].length)
      code++;
    // The town after the postcode.
    let town = code;
    for (let words = 0; words < 2 && isName(town + 1, piece); words++) town = hyphenated(town + 1, piece);
    return town;
  }
  return last;
}
