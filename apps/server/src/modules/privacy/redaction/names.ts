import type { UiLanguage } from '@parley/contracts';
import { commonWords, phraseList } from './common-words.ts';
import { type NumberWords, normalWord } from './number-words.ts';
import type { Token } from './tokens.ts';

/**
 * What introduces a name, per language: after these the next one to three words are a name, unless they are
 * common words. `|` separates phrases.
 */
const INTRODUCTIONS: Record<UiLanguage, string> = {
  en: "my name is|my name's|name is|name's|the name is|you're speaking with|you are speaking with",
  uk: 'мене звати|мене звуть|моє ім’я|моє прізвище|моє імʼя',
  ru: 'меня зовут|моё имя|мое имя|моя фамилия',
  pl: 'nazywam się|mam na imię|moje imię to|moje nazwisko to|z tej strony',
  es: 'me llamo|mi nombre es|mi apellido es|le atiende|le habla',
  de: 'ich heiße|ich heisse|mein name ist|mein name|sie sprechen mit|am apparat ist',
  pt: 'chamo-me|me chamo|o meu nome é|meu nome é|o meu apelido é|fala a|fala o',
  it: 'mi chiamo|il mio nome è|il mio cognome è',
  fr: "je m'appelle|mon nom est|mon nom c'est|mon nom de famille est",
  tr: 'adım|benim adım|ismim|benim ismim|soyadım',
  bg: 'казвам се|името ми е|фамилията ми е|казва се',
};

/**
 * Weaker introductions ("this is Tom", "I'm Anna", "c'est Camille"): they precede a name only when it is
 * written with a capital, when what follows it says where the speaker is from ("this is tom from support"), or
 * when the introduction is a clause of its own after a comma ("buongiorno, sono giulia, come posso…").
 */
const SELF_INTRODUCTIONS: Record<UiLanguage, string> = {
  en: "this is|i'm|i am|it's",
  uk: 'це|з вами|на зв’язку',
  ru: 'это|с вами',
  pl: 'tu|jestem|mówi',
  es: 'soy|habla',
  de: 'hier ist|hier spricht|ich bin',
  pt: 'sou|sou o|sou a|aqui é|aqui fala',
  it: 'sono|qui è|parla',
  fr: "c'est|je suis|ici",
  tr: 'ben',
  bg: 'аз съм|тук е|обажда се',
};

/** Words after a self-introduced name that say where the speaker is from: "Tom from support", "Олена зі служби". */
const FROM: Record<UiLanguage, string> = {
  en: 'from|speaking|calling|here',
  uk: 'з|зі|із|зі служби',
  ru: 'из|со|с',
  pl: 'z|ze',
  es: 'de|del|desde',
  de: 'von|vom|aus|hier',
  pt: 'da|do|de',
  it: 'da|dal|della|del|di',
  fr: 'de|du|des',
  tr: 'müşteri|destek',
  bg: 'от',
};

/** What follows a name that introduces its speaker ("Tom speaking", "Camille à votre écoute", "Elif Hanım"). */
const INTRODUCED_BEFORE: Record<UiLanguage, string> = {
  en: 'speaking|here',
  uk: 'слухає|на зв’язку',
  ru: 'слушает|на связи',
  pl: 'przy telefonie|z tej strony',
  es: 'al habla|a su servicio',
  de: 'am apparat|hier',
  pt: 'ao seu dispor|às suas ordens',
  it: 'al telefono|a sua disposizione',
  fr: 'à votre écoute|à votre service|au téléphone',
  tr: 'hanım|bey',
  bg: 'на телефона|слуша',
};

/** Questions for a name: the answer's first words (the next piece) are one ("Who am I speaking with?" "Anna Kowalska."). */
const QUESTIONS: Record<UiLanguage, string> = {
  en: 'your name|your full name|who am i speaking with|who am i speaking to|your first and last name',
  uk: 'ваше ім’я|ваше прізвище|як вас звати|ім’я та прізвище',
  ru: 'ваше имя|ваша фамилия|как вас зовут|имя и фамилия|представьтесь',
  pl: 'imię i nazwisko|pana nazwisko|pani nazwisko|jak się pan nazywa|jak się pani nazywa',
  es: 'su nombre|cómo se llama|nombre completo|nombre y apellido',
  de: 'ihr name|ihr vollständiger name|ihren namen|ihren vollständigen namen|wie heißen sie|mit wem spreche ich',
  pt: 'o seu nome|como se chama|nome completo|com quem falo',
  it: 'il suo nome|come si chiama|nome e cognome|con chi parlo',
  fr: 'votre nom|comment vous appelez|nom et prénom|à qui ai-je',
  tr: 'adınız|adınızı|isminiz|adınızı ve soyadınızı|kiminle görüşüyorum',
  bg: 'вашето име|как се казвате|име и фамилия|с кого разговарям',
};

/** Titles followed by a surname ("Mr Smith", "Frau Becker", "señora García"). */
const TITLES: Record<UiLanguage, string> = {
  en: 'mr|mrs|ms|miss|mister|dr|doctor',
  uk: 'пан|пані',
  ru: 'господин|госпожа|гражданин|гражданка',
  pl: 'panie',
  es: 'señor|señora|señorita|sr|sra|don|doña',
  de: 'herr|herrn|frau',
  pt: 'senhor|senhora|sr|sra|dona|doutor|doutora',
  it: 'signor|signore|signora|signorina|sig|dottor|dottore|dottoressa',
  fr: 'monsieur|madame|mademoiselle|mme|mlle|docteur',
  tr: 'sayın',
  bg: 'господин|госпожа|г-н|г-жа',
};

/** Words inside a name between its parts ("Ludwig van Beethoven", "Maria da Silva"). */
const PARTICLES = new Set(
  'van von der den de da di del della dos das do du le la ter ten bin ibn al el mac'.split(' '),
);
const MAX_NAME_WORDS = 3;
/** How far (in tokens) a question for a name may stand from the end of its piece. */
const MAX_QUESTION_TAIL = 30;
/** How many words and marks may come before the name that answers ("heu, voilà, Chloé Dubois"). */
const MAX_ANSWER_LEAD = 6;

export interface NameFinding {
  /** The person, written without case or accents: every part of one name maps to it. */
  value: string;
  tokens: number[];
}

/** A name part as compared: lower case, without accents ("Lucía" and "lucia" are one). */
export const nameKey = (word: string) =>
  normalWord(word).normalize('NFD').replace(/\p{M}/gu, '').normalize('NFC');

interface Vocabulary {
  common: ReadonlySet<string>;
  /** Common words and the words after a self-introduced name: never part of a name. */
  notName: ReadonlySet<string>;
  introductions: string[][];
  selfIntroductions: string[][];
  titles: string[][];
  introducedBefore: string[][];
  questions: string[][];
  from: ReadonlySet<string>;
}

const VOCABULARIES = new Map<UiLanguage | null, Vocabulary>();

function vocabularyOf(language: UiLanguage | null): Vocabulary {
  let vocabulary = VOCABULARIES.get(language);
  if (!vocabulary) {
    const from = phraseList(FROM, language).map((phrase) => phrase[0]!);
    vocabulary = {
      common: commonWords(language),
      notName: new Set([...commonWords(language), ...from]),
      introductions: phraseList(INTRODUCTIONS, language),
      selfIntroductions: phraseList(SELF_INTRODUCTIONS, language),
      titles: phraseList(TITLES, language),
      introducedBefore: phraseList(INTRODUCED_BEFORE, language),
      questions: phraseList(QUESTIONS, language),
      from: new Set(from),
    };
    VOCABULARIES.set(language, vocabulary);
  }
  return vocabulary;
}

/**
 * Person names: those the conversation introduces ("my name is Anna Kowalska", "мене звати Олена", "Mr
 * Smith") and those the task's details give (`known`), then every later mention of each name or any of its
 * parts (the surname alone) — each part maps to its person, so all of them share one placeholder. Linear in the
 * tokens: the phrases are matched at each token against a handful of short word lists.
 */
export function findNames(
  tokens: readonly Token[],
  claimed: Set<number>,
  language: UiLanguage | null,
  numbers: NumberWords,
  known: readonly string[] = [],
): NameFinding[] {
  const vocabulary = vocabularyOf(language);
  const cased = casedPieces(tokens);
  /** The names introduced or given, as their words. */
  const names: Array<{ words: string[]; capital: boolean }> = [];
  const remember = (words: string[], capital: boolean) => names.push({ words, capital });
  for (const name of known) {
    const words = name.split(/[^\p{L}\p{M}'’ʼ-]+/u).filter((word) => word.length >= 2);
    if (words.length > 0 && words.length <= 4) remember(words, /^\p{Lu}/u.test(words[0]!));
  }

  const isNameWord = (i: number) => {
    const token = tokens[i];
    return (
      token?.kind === 'word' &&
      !claimed.has(i) &&
      token.norm.length >= 2 &&
      !vocabulary.notName.has(token.norm) &&
      numbers.meaning(token.norm) === null
    );
  };
  for (let i = 0; i < tokens.length; i++) {
    if (tokens[i]!.kind !== 'word') continue;
    if (phraseAt(tokens, i, vocabulary.questions) !== null) {
      const answer = answerName(tokens, i, isNameWord, cased, vocabulary.common, numbers);
      if (answer.length > 0)
        remember(
          answer.map((index) => tokens[index]!.text),
          /^\p{Lu}/u.test(tokens[answer[0]!]!.text),
        );
      continue;
    }
    const before = nameBefore(tokens, i, vocabulary.introducedBefore, isNameWord);
    if (before.length > 0) {
      remember(
        before.map((index) => tokens[index]!.text),
        /^\p{Lu}/u.test(tokens[before[0]!]!.text),
      );
      continue;
    }
    const strong = phraseAt(tokens, i, vocabulary.introductions) ?? phraseAt(tokens, i, vocabulary.titles);
    const weak = strong === null ? phraseAt(tokens, i, vocabulary.selfIntroductions) : null;
    const after = strong ?? weak;
    if (after === null) continue;
    const name = nameAfter(tokens, after, isNameWord, cased);
    if (name.length === 0) continue;
    if (weak !== null) {
      const capital = /^\p{Lu}/u.test(tokens[name[0]!]!.text) && cased.has(tokens[name[0]!]!.piece);
      const next = tokens[name.at(-1)! + 1];
      const from = next?.kind === 'word' && vocabulary.from.has(next.norm);
      // A clause of its own after a greeting's comma: "buongiorno, sono giulia, come posso…".
      const afterComma = tokens[i - 1]?.norm === ',' && tokens[i - 1]!.piece === tokens[i]!.piece;
      if (!capital && !from && !(afterComma && clauseEnd(tokens, name.at(-1)!))) continue;
    }
    remember(
      name.map((index) => tokens[index]!.text).filter((word) => !PARTICLES.has(nameKey(word))),
      /^\p{Lu}/u.test(tokens[name[0]!]!.text),
    );
    i = name.at(-1)!;
  }
  const inflected = language !== null && INFLECTED.has(language) ? vocabulary.common : null;
  const { parts, stems } = partsOf(names, inflected !== null);
  return mentions(tokens, claimed, parts, stems, cased, inflected);
}

/**
 * Each name part's person: the longest name it belongs to ("Brown" after "Mr Brown" and "Michael Brown" is
 * Michael Brown's), so that every mention of one person shares a placeholder.
 */
function partsOf(names: Array<{ words: string[]; capital: boolean }>, inflected: boolean) {
  const parts = new Map<string, { person: string; capital: boolean }>();
  const stems = new Map<string, { person: string; capital: boolean }>();
  const longestFirst = [...names].sort((a, b) => b.words.length - a.words.length);
  for (const { words, capital } of longestFirst) {
    const keys = words.map(nameKey);
    // "пані Коваленка" after "Олена Коваленко" is Olena Kovalenko, not a second person.
    const known = inflected && keys.length === 1 ? partOf(parts, stems, keys[0]!) : undefined;
    const person = known?.person ?? keys.join(' ');
    for (const key of keys) {
      if (PARTICLES.has(key) || key.length < 2 || parts.has(key)) continue;
      const part = { person, capital: known?.capital ?? capital };
      parts.set(key, part);
      const stem = stemOf(key);
      if (inflected && stem.length >= MIN_STEM && !stems.has(stem)) stems.set(stem, part);
    }
  }
  return { parts, stems: inflected ? stems : null };
}

/**
 * The name that answers a question for one: the first words of the next piece, after a few common words,
 * fillers or punctuation ("Sure, it's Anna Kowalska."), and ending a clause.
 */
function answerName(
  tokens: readonly Token[],
  question: number,
  isNameWord: (i: number) => boolean,
  cased: ReadonlySet<number>,
  common: ReadonlySet<string>,
  numbers: NumberWords,
): number[] {
  const piece = tokens[question]!.piece + 1;
  // Bounded: a question far from its piece's end is not answered by the next piece.
  let at = question;
  while (at < question + MAX_QUESTION_TAIL && tokens[at] && tokens[at]!.piece < piece) at++;
  for (let skipped = 0; skipped <= MAX_ANSWER_LEAD && tokens[at]?.piece === piece; skipped++) {
    if (isNameWord(at)) {
      const name = nameAfter(tokens, at, isNameWord, cased);
      return clauseEnd(tokens, name.at(-1)!) ? name : [];
    }
    const token = tokens[at]!;
    const skippable =
      token.kind === 'symbol' || common.has(token.norm) || numbers.meaning(token.norm)?.kind === 'filler';
    if (!skippable) return [];
    at++;
  }
  return [];
}

/** Token `i` starts its piece or follows a comma or full stop. */
const clauseStart = (tokens: readonly Token[], i: number) =>
  tokens[i - 1]?.piece !== tokens[i]!.piece || /^[,.!?;]$/.test(tokens[i - 1]!.norm);
/** Token `i` ends its piece or a comma or full stop follows it. */
const clauseEnd = (tokens: readonly Token[], i: number) =>
  tokens[i + 1]?.piece !== tokens[i]!.piece || /^[,.!?;]$/.test(tokens[i + 1]!.norm);

/**
 * The one or two name words before a phrase that follows a name ("…, Camille à votre écoute"): a clause of
 * their own, after a greeting's comma or at the piece's start.
 */
function nameBefore(
  tokens: readonly Token[],
  i: number,
  phrases: readonly string[][],
  isNameWord: (i: number) => boolean,
): number[] {
  if (phraseAt(tokens, i, phrases) === null) return [];
  for (const length of [1, 2]) {
    const first = i - length;
    const words = Array.from({ length }, (_, k) => first + k);
    if (first < 0 || !words.every(isNameWord) || tokens[first]!.piece !== tokens[i]!.piece) return [];
    if (clauseStart(tokens, first)) return words;
  }
  return [];
}

/** The pieces written with capitals somewhere (a chat, a punctuated transcript); others are all lower case. */
function casedPieces(tokens: readonly Token[]): Set<number> {
  const cased = new Set<number>();
  for (const token of tokens) if (token.kind === 'word' && /\p{Lu}/u.test(token.text)) cased.add(token.piece);
  return cased;
}

/** The index after the phrase that starts at token `i` (hyphens between its words skipped), or null. */
function phraseAt(tokens: readonly Token[], i: number, phrases: readonly string[][]): number | null {
  let best: number | null = null;
  for (const phrase of phrases) {
    let at = i;
    let matched = true;
    for (const word of phrase) {
      if (tokens[at]?.norm === '-' && tokens[at - 1]?.piece === tokens[at]!.piece) at++;
      if (tokens[at]?.kind !== 'word' || tokens[at]!.norm !== word) {
        matched = false;
        break;
      }
      at++;
    }
    if (matched && (best === null || at > best)) best = at;
  }
  if (best !== null && tokens[best]?.norm === '.') best++;
  return best;
}

/**
 * The one to three name words from token `at` (a particle only between two of them; a hyphen joins a double
 * name). In a piece with capitals, a name written with one ends at the first word without.
 */
function nameAfter(
  tokens: readonly Token[],
  at: number,
  isNameWord: (i: number) => boolean,
  cased: ReadonlySet<number>,
): number[] {
  // A comma or colon after the introduction ("my name is: Anna").
  if (tokens[at]?.norm === ':' || tokens[at]?.norm === ',') at++;
  if (!isNameWord(at)) return [];
  const capitalised = cased.has(tokens[at]!.piece) && /^\p{Lu}/u.test(tokens[at]!.text);
  const name = [at];
  let i = at + 1;
  let words = 1;
  while (words < MAX_NAME_WORDS && i < tokens.length) {
    const token = tokens[i]!;
    const previous = tokens[name.at(-1)!]!;
    if (token.norm === '-' && token.start === previous.end && isNameWord(i + 1)) {
      name.push(i + 1);
      i += 2;
      continue;
    }
    const particle = token.kind === 'word' && PARTICLES.has(token.norm) && isNameWord(i + 1);
    const index = particle ? i + 1 : i;
    if (!isNameWord(index) || tokens[index]!.piece !== previous.piece) break;
    if (capitalised && !/^\p{Lu}/u.test(tokens[index]!.text)) break;
    if (particle) name.push(i);
    name.push(index);
    words++;
    i = index + 1;
  }
  return name;
}

/** Every mention of a known name part, neighbouring parts of one person made one finding. */
/**
 * Languages whose names change their ending with their role in the sentence ("Олена" → "Олено", "Коваленка";
 * "Kowalska" → "Kowalskiej"): a mention there may end differently from the name as introduced.
 */
const INFLECTED = new Set<UiLanguage>(['uk', 'ru', 'pl', 'bg']);
/** Letters a declined name may have after its stem. */
const MAX_ENDING = 3;
const MIN_STEM = 3;

type Parts = ReadonlyMap<string, { person: string; capital: boolean }>;

/** A name part without its final vowel ("олен" for "олена"): what its other forms start with. */
const stemOf = (key: string) => key.replace(/[aeiouyаеєиіїоуюяыэё]$/u, '');

/** The name part a word is: the part itself or, by its stem, the part with another ending. */
function partOf(
  parts: Parts,
  stems: Parts | null,
  key: string,
): { person: string; capital: boolean } | undefined {
  const exact = parts.get(key);
  if (exact || !stems) return exact;
  for (let cut = 0; cut <= MAX_ENDING && key.length - cut >= MIN_STEM; cut++) {
    const part = stems.get(cut === 0 ? key : key.slice(0, -cut));
    if (part) return part;
  }
  return undefined;
}

function mentions(
  tokens: readonly Token[],
  claimed: Set<number>,
  parts: Parts,
  stems: Parts | null,
  cased: ReadonlySet<number>,
  /** The language's common words, when its names inflect: those are never a name's other form. */
  inflectedCommon: ReadonlySet<string> | null,
): NameFinding[] {
  if (parts.size === 0) return [];
  const found: NameFinding[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.kind !== 'word' || claimed.has(i)) continue;
    const key = nameKey(token.text);
    const part = inflectedCommon?.has(token.norm) ? parts.get(key) : partOf(parts, stems, key);
    // "Will" the name is not "will" the verb in a text written with capitals.
    if (!part || (part.capital && cased.has(token.piece) && !/^\p{Lu}/u.test(token.text))) continue;
    const last = found.at(-1);
    const end = last?.tokens.at(-1) ?? -1;
    // "Maria da Silva", "Kowalska-Nowak": one mention, the particle or hyphen between with it.
    const between = tokens[end + 1];
    const joined =
      last?.value === part.person &&
      tokens[end]!.piece === token.piece &&
      (end === i - 1 || (end === i - 2 && (between!.norm === '-' || PARTICLES.has(between!.norm))));
    if (joined) last!.tokens.push(i);
    else found.push({ value: part.person, tokens: [i] });
    claimed.add(i);
  }
  return found;
}

/**
 * Chat authors named by their role, a bot, a channel or a speaker, not a person (in any of the languages):
 * such a label is kept as it is.
 */
const ROLE_LABELS = new Set(
  [
    'agent customer client user bot chatbot system support operator assistant admin administrator moderator',
    'manager representative rep caller visitor guest me you unknown speaker channel team service helpdesk',
    'consultant staff sales company',
    'оператор клієнт клиент користувач пользователь бот система підтримка поддержка менеджер консультант агент',
    'konsultant klient użytkownik wsparcie obsługa cliente usuario agente sistema soporte asistente',
    'kunde kundin benutzer nutzer mitarbeiter berater utilizador suporte assistente utente assistenza operatore',
    'conseiller utilisateur système müşteri temsilci kullanıcı sistem destek asistan потребител поддръжка асистент',
  ]
    .join(' ')
    .split(' ')
    .map(nameKey),
);
const MAX_LABEL_WORDS = 4;

/**
 * Whether a chat author's label is a person's name ("Olena Bondar", "john.smith"): one to four words of two
 * letters or more, none a role ("Agent", "Customer", "Bot"), not all of them common words, no digits (a phone
 * number or an id is for the other types to find, "Channel 1" and "Speaker A" are no one's name).
 */
export function isPersonLabel(label: string, language: UiLanguage | null): boolean {
  if (/[\d@]/u.test(label)) return false;
  const words = label.split(/[^\p{L}\p{M}'’ʼ]+/u).filter((word) => word !== '');
  if (words.length === 0 || words.length > MAX_LABEL_WORDS) return false;
  if (words.some((word) => word.length < 2 || ROLE_LABELS.has(nameKey(word)))) return false;
  const common = commonWords(language);
  return words.some((word) => !common.has(normalWord(word)));
}
