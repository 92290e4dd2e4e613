import { UI_LANGUAGES, type UiLanguage } from '@parley/contracts';

/**
 * Digits said as words, in the eleven UI languages: people read card, phone and account numbers out digit by
 * digit ("four one one one", "чотири один один один"), sometimes in pairs ("forty one", "vingt-sept").
 * Per language: the words for 0–9 (alternatives joined by |), 10–19 and the tens 20–90, the word between
 * tens and unit ("vinte e sete"), and the sounds a speaker makes inside a number ("uh", "yyy", "şey").
 * When a conversation's language is known only its words count; otherwise all of them, and a word of one
 * language that means something else in another ("due", "sei", "um") counts only next to other digits.
 */
interface LanguageWords {
  digits: string;
  teens: string;
  tens: string;
  joiners?: string;
  fillers: string;
  plus: string;
}

const WORDS: Record<UiLanguage, LanguageWords> = {
  en: {
    digits: 'zero|oh one two three four five six seven eight nine',
    teens: 'ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen',
    tens: 'twenty thirty forty fifty sixty seventy eighty ninety',
    fillers: 'uh um er erm ah eh hmm mm',
    plus: 'plus',
  },
  uk: {
    digits: 'нуль|нуля один|одна|одне два|дві три чотири пʼять шість сім вісім девʼять',
    teens:
      'десять одинадцять дванадцять тринадцять чотирнадцять пʼятнадцять шістнадцять сімнадцять вісімнадцять девʼятнадцять',
    tens: 'двадцять тридцять сорок пʼятдесят шістдесят сімдесят вісімдесят девʼяносто',
    joiners: 'і й',
    fillers: 'е ем еее ммм м а',
    plus: 'плюс',
  },
  ru: {
    digits: 'ноль|нуль один|одна|одно два|две три четыре пять шесть семь восемь девять',
    teens:
      'десять одиннадцать двенадцать тринадцать четырнадцать пятнадцать шестнадцать семнадцать восемнадцать девятнадцать',
    tens: 'двадцать тридцать сорок пятьдесят шестьдесят семьдесят восемьдесят девяносто',
    joiners: 'и',
    fillers: 'э эм эээ е ммм м а',
    plus: 'плюс',
  },
  pl: {
    digits: 'zero jeden|jedna|jedno dwa|dwie trzy cztery pięć sześć siedem osiem dziewięć',
    teens:
      'dziesięć jedenaście dwanaście trzynaście czternaście piętnaście szesnaście siedemnaście osiemnaście dziewiętnaście',
    tens: 'dwadzieścia trzydzieści czterdzieści pięćdziesiąt sześćdziesiąt siedemdziesiąt osiemdziesiąt dziewięćdziesiąt',
    fillers: 'yyy yy eee ee hmm mhm no',
    plus: 'plus',
  },
  es: {
    digits: 'cero uno|un|una dos tres cuatro cinco seis siete ocho nueve',
    teens: 'diez once doce trece catorce quince dieciséis diecisiete dieciocho diecinueve',
    tens: 'veinte treinta cuarenta cincuenta sesenta setenta ochenta noventa',
    joiners: 'y',
    fillers: 'eh em ehm este mmm',
    plus: 'más',
  },
  de: {
    digits: 'null eins|ein|eine zwei|zwo drei vier fünf sechs sieben acht neun',
    teens: 'zehn elf zwölf dreizehn vierzehn fünfzehn sechzehn siebzehn achtzehn neunzehn',
    tens: 'zwanzig dreißig|dreissig vierzig fünfzig sechzig siebzig achtzig neunzig',
    fillers: 'äh ähm öh hm mhm ehm',
    plus: 'plus',
  },
  pt: {
    digits: 'zero um|uma dois|duas três|tres quatro cinco seis|meia sete oito nove',
    teens:
      'dez onze doze treze catorze|quatorze quinze dezesseis|dezasseis dezessete|dezassete dezoito dezenove|dezanove',
    tens: 'vinte trinta quarenta cinquenta sessenta setenta oitenta noventa',
    joiners: 'e',
    fillers: 'hum hã ãh né é eh',
    plus: 'mais',
  },
  it: {
    digits: 'zero uno|un|una due tre quattro cinque sei sette otto nove',
    teens: 'dieci undici dodici tredici quattordici quindici sedici diciassette diciotto diciannove',
    tens: 'venti trenta quaranta cinquanta sessanta settanta ottanta novanta',
    fillers: 'ehm eh mmm cioè',
    plus: 'più',
  },
  fr: {
    digits: 'zéro|zero un|une deux trois quatre cinq six sept huit neuf',
    teens: 'dix onze douze treize quatorze quinze seize - - -',
    tens: 'vingt|vingts trente quarante cinquante soixante septante huitante|octante nonante',
    joiners: 'et',
    fillers: 'euh heu bah ben hein',
    plus: 'plus',
  },
  tr: {
    digits: 'sıfır bir iki üç dört beş altı yedi sekiz dokuz',
    teens: 'on onbir oniki onüç ondört onbeş onaltı onyedi onsekiz ondokuz',
    tens: 'yirmi otuz kırk elli altmış yetmiş seksen doksan',
    fillers: 'şey ıı ııı ee eee hmm',
    plus: 'artı',
  },
  bg: {
    digits: 'нула едно|един|една две|два три четири пет шест седем осем девет',
    teens:
      'десет единадесет дванадесет тринадесет четиринадесет петнадесет шестнадесет седемнадесет осемнадесет деветнадесет',
    tens: 'двадесет тридесет четиридесет петдесет шестдесет седемдесет осемдесет деветдесет',
    joiners: 'и',
    fillers: 'ъъ ъ ъм ммм м е',
    plus: 'плюс',
  },
};

/**
 * Words that are everyday words in some language ("un" and "ein" are articles, "oh" and "um" sounds, "no"
 * means no): with every language in play they start a number only before another digit.
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
  'no',
  'a',
  'on',
]);

/** 21–99 said as one word: German "siebenundzwanzig", Italian "ventisette", Spanish "veintisiete". */
function compoundTens(language: UiLanguage): Array<[string, string]> {
  const units = '1 2 3 4 5 6 7 8 9'.split(' ');
  if (language === 'de') {
    const unitWords = 'ein zwei drei vier fünf sechs sieben acht neun'.split(' ');
    return listOf(WORDS.de.tens).flatMap((tens, t) =>
      tens.flatMap((word) =>
        unitWords.map((unit, u): [string, string] => [`${unit}und${word}`, `${t + 2}${units[u]}`]),
      ),
    );
  }
  if (language === 'it') {
    const unitWords = 'uno due tré quattro cinque sei sette otto nove'.split(' ');
    // "ventuno", "ventotto": the tens lose their last vowel before uno and otto.
    return listOf(WORDS.it.tens).flatMap(([tens], t) =>
      unitWords.map((unit, u): [string, string] => [
        `${/^[uo]/.test(unit) ? tens!.slice(0, -1) : tens}${unit}`,
        `${t + 2}${units[u]}`,
      ]),
    );
  }
  if (language === 'es') {
    const words =
      'veintiuno veintidós veintitrés veinticuatro veinticinco veintiséis veintisiete veintiocho veintinueve';
    return words.split(' ').map((word, u) => [word, `2${units[u]}`]);
  }
  return [];
}

/** "a|b c" → [[a, b], [c]]. */
const listOf = (words: string) => words.split(' ').map((alternatives) => alternatives.split('|'));

interface Vocabulary {
  digits: Map<string, string>;
  tens: Map<string, string>;
  joiners: Set<string>;
  fillers: Set<string>;
  plus: Set<string>;
}

function vocabularyOf(languages: readonly UiLanguage[]): Vocabulary {
  const vocabulary: Vocabulary = {
    digits: new Map(),
    tens: new Map(),
    joiners: new Set(),
    fillers: new Set(),
    plus: new Set(),
  };
  for (const language of languages) {
    const words = WORDS[language];
    listOf(words.digits).forEach((alternatives, digit) => {
      for (const word of alternatives) vocabulary.digits.set(normalWord(word), String(digit));
    });
    listOf(words.teens).forEach((alternatives, teen) => {
      for (const word of alternatives)
        if (word !== '-') vocabulary.digits.set(normalWord(word), String(10 + teen));
    });
    listOf(words.tens).forEach((alternatives, tens) => {
      for (const word of alternatives) vocabulary.tens.set(normalWord(word), String(tens + 2));
    });
    for (const [word, digits] of compoundTens(language)) vocabulary.digits.set(normalWord(word), digits);
    for (const word of words.joiners?.split(' ') ?? []) vocabulary.joiners.add(word);
    for (const word of words.fillers.split(' ')) vocabulary.fillers.add(normalWord(word));
    for (const word of words.plus.split(' ')) vocabulary.plus.add(word);
  }
  // A filler in one language that is a digit in another ("um", "e") is the digit when all languages count;
  // Turkish "on" (ten) counts only in Turkish ("call me on zero seven …").
  for (const word of vocabulary.digits.keys()) vocabulary.fillers.delete(word);
  if (languages.length > 1) vocabulary.digits.delete('on');
  return vocabulary;
}

const TURKISH_UNITS = vocabularyOf(['tr']).digits;
const VOCABULARIES = new Map<UiLanguage | null, Vocabulary>([[null, vocabularyOf(UI_LANGUAGES)]]);

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

/** "double four" is "44", "triple seven" "777". */
const REPEATS: Record<string, number> = { double: 2, triple: 3 };

/** The words of one conversation's language (null: every language's). */
export class NumberWords {
  private readonly vocabulary: Vocabulary;
  readonly anyLanguage: boolean;

  constructor(language: UiLanguage | null) {
    let vocabulary = VOCABULARIES.get(language);
    if (!vocabulary) {
      vocabulary = vocabularyOf([language!]);
      VOCABULARIES.set(language, vocabulary);
    }
    this.vocabulary = vocabulary;
    this.anyLanguage = language === null;
  }

  /** What a (normalised) word means inside a spoken number, or null when it ends one. */
  meaning(word: string): NumberWord | null {
    const digits = this.vocabulary.digits.get(word);
    if (digits) return { kind: 'digits', digits };
    const tens = this.vocabulary.tens.get(word);
    if (tens) return { kind: 'tens', digit: tens };
    if (this.vocabulary.joiners.has(word)) return { kind: 'joiner' };
    const times = REPEATS[word];
    if (times) return { kind: 'repeat', times };
    if (this.vocabulary.fillers.has(word)) return { kind: 'filler' };
    if (this.vocabulary.plus.has(word)) return { kind: 'plus' };
    return null;
  }

  /** A word that counts as a digit only inside a number, or before another digit. */
  isAmbiguous(word: string): boolean {
    return AMBIGUOUS.has(word);
  }

  /**
   * 11–19 said as two words: Turkish "on iki" ("on" counts only before a Turkish unit word), French
   * "dix-sept". Answers the unit, or null.
   */
  teenOfTwo(word: string, next: string | undefined): string | null {
    if (next === undefined) return null;
    const unit =
      word === 'on' ? TURKISH_UNITS.get(next) : word === 'dix' ? this.vocabulary.digits.get(next) : null;
    return unit && unit.length === 1 && unit !== '0' && (word !== 'dix' || unit >= '7') ? unit : null;
  }

  /**
   * French 70–99 count in twenties: "soixante-dix-huit" is 60 + 18, "quatre-vingt-deux" 4 × 20 + 2,
   * "quatre-vingt-dix-sept" 80 + 17. `words` are the normalised words from the number's start; answers its
   * two digits and how many words they took, or null.
   */
  frenchTwenties(words: ReadonlyArray<string | undefined>): { digits: string; words: number } | null {
    const unit = (word: string | undefined) => {
      const digits = word === undefined ? undefined : this.vocabulary.digits.get(word);
      return digits?.length === 1 && digits !== '0' ? digits : null;
    };
    /** 10–19 from `at`: "dix", "douze", or "dix" and a unit ("dix-sept"). */
    const teen = (at: number): { digit: string; words: number } | null => {
      const word = words[at];
      if (word === 'dix') {
        const after = unit(words[at + 1]);
        return after ? { digit: after, words: 2 } : { digit: '0', words: 1 };
      }
      const digits = word === undefined ? undefined : this.vocabulary.digits.get(word);
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
}
