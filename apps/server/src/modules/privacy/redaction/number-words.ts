/**
 * Digits said as words, in the eleven UI languages: people read card, phone and account numbers out digit by
 * digit ("four one one one", "чотири один один один"), sometimes in pairs ("forty one"). Every language's
 * words are known at once: a conversation's language is not always known, and a word of one language that
 * means something else in another ("due", "sei") only counts inside a run of other digits.
 */
const DIGIT_WORDS: Record<string, string[]> = {
  '0': ['zero', 'oh', 'нуль', 'ноль', 'cero', 'null', 'zéro', 'sıfır', 'нула'],
  '1': [
    'one',
    'один',
    'одна',
    'одне',
    'одно',
    'jeden',
    'jedna',
    'jedno',
    'uno',
    'una',
    'eins',
    'um',
    'uma',
    'un',
    'une',
    'bir',
    'едно',
    'един',
    'една',
  ],
  '2': [
    'two',
    'два',
    'дві',
    'две',
    'dwa',
    'dwie',
    'dos',
    'zwei',
    'zwo',
    'dois',
    'duas',
    'due',
    'deux',
    'iki',
  ],
  '3': ['three', 'три', 'trzy', 'tres', 'drei', 'três', 'tre', 'trois', 'üç'],
  '4': [
    'four',
    'чотири',
    'четыре',
    'cztery',
    'cuatro',
    'vier',
    'quatro',
    'quattro',
    'quatre',
    'dört',
    'четири',
  ],
  '5': ['five', 'пять', 'пʼять', 'pięć', 'cinco', 'fünf', 'cinque', 'cinq', 'beş', 'пет'],
  '6': ['six', 'шість', 'шесть', 'sześć', 'seis', 'meia', 'sechs', 'sei', 'altı', 'шест'],
  '7': ['seven', 'сім', 'семь', 'siedem', 'siete', 'sieben', 'sete', 'sette', 'sept', 'yedi', 'седем'],
  '8': ['eight', 'вісім', 'восемь', 'osiem', 'ocho', 'acht', 'oito', 'otto', 'huit', 'sekiz', 'осем'],
  '9': ['nine', 'девʼять', 'девять', 'dziewięć', 'nueve', 'neun', 'nove', 'neuf', 'dokuz', 'девет'],
};

/** 10–19 in each language ("twelve", "dwanaście"): people say card expiries and phone numbers in pairs. */
const TEENS: Record<string, string[]> = {
  '10': ['ten', 'десять', 'dziesięć', 'diez', 'zehn', 'dez', 'dieci', 'dix', 'десет'],
  '11': [
    'eleven',
    'одинадцять',
    'одиннадцать',
    'jedenaście',
    'once',
    'elf',
    'onze',
    'undici',
    'onze',
    'onbir',
    'единадесет',
  ],
  '12': [
    'twelve',
    'дванадцять',
    'двенадцать',
    'dwanaście',
    'doce',
    'zwölf',
    'doze',
    'dodici',
    'douze',
    'oniki',
    'дванадесет',
  ],
  '13': [
    'thirteen',
    'тринадцять',
    'тринадцать',
    'trzynaście',
    'trece',
    'dreizehn',
    'treze',
    'tredici',
    'treize',
    'onüç',
    'тринадесет',
  ],
  '14': [
    'fourteen',
    'чотирнадцять',
    'четырнадцать',
    'czternaście',
    'catorce',
    'vierzehn',
    'catorze',
    'quatorze',
    'quattordici',
    'ondört',
    'четиринадесет',
  ],
  '15': [
    'fifteen',
    'пʼятнадцять',
    'пятнадцать',
    'piętnaście',
    'quince',
    'fünfzehn',
    'quinze',
    'quindici',
    'onbeş',
    'петнадесет',
  ],
  '16': [
    'sixteen',
    'шістнадцять',
    'шестнадцать',
    'szesnaście',
    'dieciséis',
    'sechzehn',
    'dezesseis',
    'dezasseis',
    'sedici',
    'seize',
    'onaltı',
    'шестнадесет',
  ],
  '17': [
    'seventeen',
    'сімнадцять',
    'семнадцать',
    'siedemnaście',
    'diecisiete',
    'siebzehn',
    'dezessete',
    'dezassete',
    'diciassette',
    'onyedi',
    'седемнадесет',
  ],
  '18': [
    'eighteen',
    'вісімнадцять',
    'восемнадцать',
    'osiemnaście',
    'dieciocho',
    'achtzehn',
    'dezoito',
    'diciotto',
    'onsekiz',
    'осемнадесет',
  ],
  '19': [
    'nineteen',
    'девʼятнадцять',
    'девятнадцать',
    'dziewiętnaście',
    'diecinueve',
    'neunzehn',
    'dezenove',
    'dezanove',
    'diciannove',
    'ondokuz',
    'деветнадесет',
  ],
};

/** 20–90, to be followed by a unit ("forty one", "сорок один", "vingt-sept", "vinte e sete"). */
const TENS: Record<string, string[]> = {
  '2': [
    'twenty',
    'двадцять',
    'двадцать',
    'dwadzieścia',
    'veinte',
    'zwanzig',
    'vinte',
    'venti',
    'vingt',
    'yirmi',
    'двадесет',
  ],
  '3': [
    'thirty',
    'тридцять',
    'тридцать',
    'trzydzieści',
    'treinta',
    'dreißig',
    'dreissig',
    'trinta',
    'trenta',
    'trente',
    'otuz',
    'тридесет',
  ],
  '4': [
    'forty',
    'сорок',
    'czterdzieści',
    'cuarenta',
    'vierzig',
    'quarenta',
    'quaranta',
    'quarante',
    'kırk',
    'четиридесет',
  ],
  '5': [
    'fifty',
    'пʼятдесят',
    'пятьдесят',
    'pięćdziesiąt',
    'cincuenta',
    'fünfzig',
    'cinquenta',
    'cinquanta',
    'cinquante',
    'elli',
    'петдесет',
  ],
  '6': [
    'sixty',
    'шістдесят',
    'шестьдесят',
    'sześćdziesiąt',
    'sesenta',
    'sechzig',
    'sessenta',
    'sessanta',
    'soixante',
    'altmış',
    'шестдесет',
  ],
  '7': [
    'seventy',
    'сімдесят',
    'семьдесят',
    'siedemdziesiąt',
    'setenta',
    'siebzig',
    'settanta',
    'septante',
    'yetmiş',
    'седемдесет',
  ],
  '8': [
    'eighty',
    'вісімдесят',
    'восемьдесят',
    'osiemdziesiąt',
    'ochenta',
    'achtzig',
    'oitenta',
    'ottanta',
    'huitante',
    'octante',
    'seksen',
    'осемдесет',
  ],
  '9': [
    'ninety',
    'девʼяносто',
    'девяносто',
    'dziewięćdziesiąt',
    'noventa',
    'neunzig',
    'novanta',
    'nonante',
    'doksan',
    'деветдесет',
  ],
};

/** Turkish says 11–19 as two words ("on iki"): "on" counts only before a Turkish unit (English "call me on …"). */
const TURKISH_TEN = 'on';
const TURKISH_UNITS = new Set(['bir', 'iki', 'üç', 'dört', 'beş', 'altı', 'yedi', 'sekiz', 'dokuz']);

/**
 * Digit words that are also everyday words elsewhere (articles: "un", "ein", "bir"; "due", "sei", "null"):
 * they start a number only when another digit follows.
 */
const AMBIGUOUS = new Set([
  'un',
  'une',
  'um',
  'uma',
  'una',
  'ein',
  'eine',
  'bir',
  'due',
  'sei',
  'tre',
  'null',
  'dez',
  'elf',
  'oh',
  'dos',
  'e',
]);

/** Words between the tens and the unit: "vinte e sete", "treinta y uno", "двадесет и седем", "vingt et un". */
const TENS_JOINERS = new Set(['y', 'e', 'и', 'і', 'et']);

/** 21–99 said as one word: German "siebenundzwanzig", Italian "ventisette", Spanish "veintisiete". */
function compoundTens(): Array<[string, string]> {
  const units: Record<string, { de: string; it: string }> = {
    '1': { de: 'ein', it: 'uno' },
    '2': { de: 'zwei', it: 'due' },
    '3': { de: 'drei', it: 'tré' },
    '4': { de: 'vier', it: 'quattro' },
    '5': { de: 'fünf', it: 'cinque' },
    '6': { de: 'sechs', it: 'sei' },
    '7': { de: 'sieben', it: 'sette' },
    '8': { de: 'acht', it: 'otto' },
    '9': { de: 'neun', it: 'nove' },
  };
  const german = ['zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'];
  const italian = ['venti', 'trenta', 'quaranta', 'cinquanta', 'sessanta', 'settanta', 'ottanta', 'novanta'];
  const spanish = [
    'veintiuno',
    'veintidós',
    'veintitrés',
    'veinticuatro',
    'veinticinco',
    'veintiséis',
    'veintisiete',
    'veintiocho',
    'veintinueve',
  ];
  const words: Array<[string, string]> = spanish.map((word, i) => [word, `2${i + 1}`]);
  german.forEach((tens, t) => {
    for (const [unit, word] of Object.entries(units)) {
      words.push([`${word.de}und${tens}`, `${t + 2}${unit}`]);
      // "ventuno", "ventotto": the tens lose their last vowel before uno and otto.
      const it = /^[uo]/.test(word.it) ? italian[t]!.slice(0, -1) : italian[t]!;
      words.push([`${it}${word.it}`, `${t + 2}${unit}`]);
    }
  });
  return words;
}

/** "double four" is "44", "triple seven" "777". */
const REPEATS: Record<string, number> = { double: 2, triple: 3 };

/** Sounds a speaker makes inside a number that do not end it. */
const FILLERS = new Set([
  'uh',
  'um',
  'er',
  'erm',
  'ah',
  'eh',
  'hmm',
  'mm',
  'е',
  'э',
  'эм',
  'ем',
  'ee',
  'ehm',
  'äh',
  'ähm',
]);

/** Words for "+" before a phone number. */
const PLUS_WORDS = new Set(['plus', 'плюс', 'más', 'mais', 'più', 'artı']);

const WORD_DIGITS = new Map<string, string>();
for (const [digit, words] of Object.entries(DIGIT_WORDS))
  for (const word of words) WORD_DIGITS.set(word, digit);
for (const [digits, words] of Object.entries(TEENS)) for (const word of words) WORD_DIGITS.set(word, digits);
for (const [word, digits] of compoundTens()) WORD_DIGITS.set(word, digits);
const WORD_TENS = new Map<string, string>();
for (const [digit, words] of Object.entries(TENS)) for (const word of words) WORD_TENS.set(word, digit);

/** A word as the tables hold it: lower case, one apostrophe, no Turkish dotted-I artefacts. */
export function normalWord(word: string): string {
  return word.toLowerCase().normalize('NFC').replace(/['’`]/g, 'ʼ').replace(/i̇/g, 'i');
}

export type NumberWord =
  | { kind: 'digits'; digits: string }
  | { kind: 'tens'; digit: string }
  | { kind: 'repeat'; times: number }
  | { kind: 'filler' }
  | { kind: 'joiner' }
  | { kind: 'plus' };

/** A word that counts as a digit only inside a number, or before another digit. */
export const isAmbiguousDigitWord = (word: string) => AMBIGUOUS.has(word);

/** Turkish "on" followed by a unit word: 11–19. */
export const turkishTeen = (word: string, next: string | undefined) =>
  word === TURKISH_TEN && next !== undefined && TURKISH_UNITS.has(next);

/**
 * French 70–99 count in twenties: "soixante-dix-huit" is 60 + 18, "quatre-vingt-deux" 4 × 20 + 2,
 * "quatre-vingt-dix-sept" 80 + 17. `words` are the normalised words from the number's start; answers its
 * two digits and how many words they took, or null.
 */
export function frenchTwenties(
  words: ReadonlyArray<string | undefined>,
): { digits: string; words: number } | null {
  const unit = (word: string | undefined) => {
    const digits = word === undefined ? undefined : WORD_DIGITS.get(word);
    return digits?.length === 1 && digits !== '0' ? digits : null;
  };
  /** 10–19 from `at`: "dix", "douze", or "dix" and a unit ("dix-sept"). */
  const teen = (at: number): { digit: string; words: number } | null => {
    const word = words[at];
    if (word === 'dix') {
      const after = unit(words[at + 1]);
      return after ? { digit: after, words: 2 } : { digit: '0', words: 1 };
    }
    const digits = word === undefined ? undefined : WORD_DIGITS.get(word);
    return digits?.length === 2 && digits.startsWith('1') ? { digit: digits[1]!, words: 1 } : null;
  };
  if (words[0] === 'soixante') {
    if (words[1] === 'et' && words[2] === 'onze') return { digits: '71', words: 3 };
    const seventy = teen(1);
    return seventy ? { digits: `7${seventy.digit}`, words: 1 + seventy.words } : null;
  }
  if (words[0] !== 'quatre' || (words[1] !== 'vingt' && words[1] !== 'vingts')) return null;
  const ninety = teen(2);
  if (ninety) return { digits: `9${ninety.digit}`, words: 2 + ninety.words };
  const eighty = unit(words[2]);
  return eighty ? { digits: `8${eighty}`, words: 3 } : { digits: '80', words: 2 };
}

/** What a (normalised) word means inside a spoken number, or null when it ends one. */
export function numberWord(word: string): NumberWord | null {
  const digits = WORD_DIGITS.get(word);
  if (digits) return { kind: 'digits', digits };
  const tens = WORD_TENS.get(word);
  if (tens) return { kind: 'tens', digit: tens };
  if (TENS_JOINERS.has(word)) return { kind: 'joiner' };
  const times = REPEATS[word];
  if (times) return { kind: 'repeat', times };
  if (FILLERS.has(word)) return { kind: 'filler' };
  if (PLUS_WORDS.has(word)) return { kind: 'plus' };
  return null;
}
