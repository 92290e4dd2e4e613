/**
 * Numbers as people say them in the corpus's eleven languages, written for the corpus alone (independent of the
 * redaction engine's own tables): digits one by one, in pairs (10–99), month names as used in dates.
 */
import type { Random } from './random.ts';
import type { Language } from './values.ts';

/** Each digit's words; where a language has several forms (gender, "oh"), every form a speaker uses. */
const DIGITS: Record<Language, string[][]> = {
  en: [
    ['zero', 'oh'],
    ['one'],
    ['two'],
    ['three'],
    ['four'],
    ['five'],
    ['six'],
    ['seven'],
    ['eight'],
    ['nine'],
  ],
  uk: [
    ['нуль'],
    ['один', 'одна'],
    ['два', 'дві'],
    ['три'],
    ['чотири'],
    ["п'ять"],
    ['шість'],
    ['сім'],
    ['вісім'],
    ["дев'ять"],
  ],
  ru: [
    ['ноль', 'нуль'],
    ['один', 'одна'],
    ['два', 'две'],
    ['три'],
    ['четыре'],
    ['пять'],
    ['шесть'],
    ['семь'],
    ['восемь'],
    ['девять'],
  ],
  pl: [
    ['zero'],
    ['jeden'],
    ['dwa'],
    ['trzy'],
    ['cztery'],
    ['pięć'],
    ['sześć'],
    ['siedem'],
    ['osiem'],
    ['dziewięć'],
  ],
  es: [['cero'], ['uno'], ['dos'], ['tres'], ['cuatro'], ['cinco'], ['seis'], ['siete'], ['ocho'], ['nueve']],
  de: [
    ['null'],
    ['eins'],
    ['zwei', 'zwo'],
    ['drei'],
    ['vier'],
    ['fünf'],
    ['sechs'],
    ['sieben'],
    ['acht'],
    ['neun'],
  ],
  pt: [['zero'], ['um'], ['dois'], ['três'], ['quatro'], ['cinco'], ['seis'], ['sete'], ['oito'], ['nove']],
  it: [['zero'], ['uno'], ['due'], ['tre'], ['quattro'], ['cinque'], ['sei'], ['sette'], ['otto'], ['nove']],
  fr: [['zéro'], ['un'], ['deux'], ['trois'], ['quatre'], ['cinq'], ['six'], ['sept'], ['huit'], ['neuf']],
  tr: [['sıfır'], ['bir'], ['iki'], ['üç'], ['dört'], ['beş'], ['altı'], ['yedi'], ['sekiz'], ['dokuz']],
  bg: [
    ['нула'],
    ['едно', 'едно'],
    ['две'],
    ['три'],
    ['четири'],
    ['пет'],
    ['шест'],
    ['седем'],
    ['осем'],
    ['девет'],
  ],
};

/** 10–19, then 20, 30 … 90. */
const TEENS_AND_TENS: Record<Language, { teens: string[]; tens: string[] }> = {
  en: {
    teens: [
      'ten',
      'eleven',
      'twelve',
      'thirteen',
      'fourteen',
      'fifteen',
      'sixteen',
      'seventeen',
      'eighteen',
      'nineteen',
    ],
    tens: ['twenty', 'thirty', 'forty', 'fifty', 'sixty', 'seventy', 'eighty', 'ninety'],
  },
  uk: {
    teens: [
      'десять',
      'одинадцять',
      'дванадцять',
      'тринадцять',
      'чотирнадцять',
      "п'ятнадцять",
      'шістнадцять',
      'сімнадцять',
      'вісімнадцять',
      "дев'ятнадцять",
    ],
    tens: ['двадцять', 'тридцять', 'сорок', "п'ятдесят", 'шістдесят', 'сімдесят', 'вісімдесят', "дев'яносто"],
  },
  ru: {
    teens: [
      'десять',
      'одиннадцать',
      'двенадцать',
      'тринадцать',
      'четырнадцать',
      'пятнадцать',
      'шестнадцать',
      'семнадцать',
      'восемнадцать',
      'девятнадцать',
    ],
    tens: [
      'двадцать',
      'тридцать',
      'сорок',
      'пятьдесят',
      'шестьдесят',
      'семьдесят',
      'восемьдесят',
      'девяносто',
    ],
  },
  pl: {
    teens: [
      'dziesięć',
      'jedenaście',
      'dwanaście',
      'trzynaście',
      'czternaście',
      'piętnaście',
      'szesnaście',
      'siedemnaście',
      'osiemnaście',
      'dziewiętnaście',
    ],
    tens: [
      'dwadzieścia',
      'trzydzieści',
      'czterdzieści',
      'pięćdziesiąt',
      'sześćdziesiąt',
      'siedemdziesiąt',
      'osiemdziesiąt',
      'dziewięćdziesiąt',
    ],
  },
  es: {
    teens: [
      'diez',
      'once',
      'doce',
      'trece',
      'catorce',
      'quince',
      'dieciséis',
      'diecisiete',
      'dieciocho',
      'diecinueve',
    ],
    tens: ['veinte', 'treinta', 'cuarenta', 'cincuenta', 'sesenta', 'setenta', 'ochenta', 'noventa'],
  },
  de: {
    teens: [
      'zehn',
      'elf',
      'zwölf',
      'dreizehn',
      'vierzehn',
      'fünfzehn',
      'sechzehn',
      'siebzehn',
      'achtzehn',
      'neunzehn',
    ],
    tens: ['zwanzig', 'dreißig', 'vierzig', 'fünfzig', 'sechzig', 'siebzig', 'achtzig', 'neunzig'],
  },
  pt: {
    teens: [
      'dez',
      'onze',
      'doze',
      'treze',
      'catorze',
      'quinze',
      'dezasseis',
      'dezassete',
      'dezoito',
      'dezanove',
    ],
    tens: ['vinte', 'trinta', 'quarenta', 'cinquenta', 'sessenta', 'setenta', 'oitenta', 'noventa'],
  },
  it: {
    teens: [
      'dieci',
      'undici',
      'dodici',
      'tredici',
      'quattordici',
      'quindici',
      'sedici',
      'diciassette',
      'diciotto',
      'diciannove',
    ],
    tens: ['venti', 'trenta', 'quaranta', 'cinquanta', 'sessanta', 'settanta', 'ottanta', 'novanta'],
  },
  fr: {
    teens: [
      'dix',
      'onze',
      'douze',
      'treize',
      'quatorze',
      'quinze',
      'seize',
      'dix-sept',
      'dix-huit',
      'dix-neuf',
    ],
    tens: [
      'vingt',
      'trente',
      'quarante',
      'cinquante',
      'soixante',
      'soixante',
      'quatre-vingt',
      'quatre-vingt',
    ],
  },
  tr: {
    teens: [
      'on',
      'on bir',
      'on iki',
      'on üç',
      'on dört',
      'on beş',
      'on altı',
      'on yedi',
      'on sekiz',
      'on dokuz',
    ],
    tens: ['yirmi', 'otuz', 'kırk', 'elli', 'altmış', 'yetmiş', 'seksen', 'doksan'],
  },
  bg: {
    teens: [
      'десет',
      'единадесет',
      'дванадесет',
      'тринадесет',
      'четиринадесет',
      'петнадесет',
      'шестнадесет',
      'седемнадесет',
      'осемнадесет',
      'деветнадесет',
    ],
    tens: [
      'двадесет',
      'тридесет',
      'четиридесет',
      'петдесет',
      'шестдесет',
      'седемдесет',
      'осемдесет',
      'деветдесет',
    ],
  },
};

export function digitWord(language: Language, digit: string, random: Random): string {
  return random.pick(DIGITS[language][Number(digit)]!);
}

const SPANISH_TWENTIES = ['', 'uno', 'dós', 'trés', 'cuatro', 'cinco', 'séis', 'siete', 'ocho', 'nueve'];

/** 10–99 as one spoken number (which may be several words: "forty one", "quatre-vingt-dix-sept"). */
export function pairWords(language: Language, n: number): string {
  const { teens, tens } = TEENS_AND_TENS[language];
  if (n < 10) throw new Error(`not a pair: ${n}`);
  if (n < 20) return teens[n - 10]!;
  const ten = Math.floor(n / 10);
  const unit = n % 10;
  const tensWord = tens[ten - 2]!;
  if (language === 'fr') return frenchPair(ten, unit);
  if (unit === 0) return tensWord;
  const unitWord = DIGITS[language][unit]![0]!;
  switch (language) {
    case 'es':
      return ten === 2 ? `veinti${SPANISH_TWENTIES[unit]}` : `${tensWord} y ${unitWord}`;
    case 'de':
      return `${unit === 1 ? 'ein' : unitWord}und${tensWord}`;
    case 'pt':
      return `${tensWord} e ${unitWord}`;
    case 'it':
      return `${unit === 1 || unit === 8 ? tensWord.slice(0, -1) : tensWord}${unit === 3 ? 'tré' : unitWord}`;
    case 'bg':
      return `${tensWord} и ${unit === 2 ? 'две' : unitWord}`;
    default:
      return `${tensWord} ${unitWord}`;
  }
}

function frenchPair(ten: number, unit: number): string {
  const { teens, tens } = TEENS_AND_TENS.fr;
  const units = DIGITS.fr.map((forms) => forms[0]!);
  if (ten === 7 || ten === 9) {
    const base = tens[ten - 2]!;
    const rest = teens[unit]!;
    return ten === 7 && unit === 1 ? `${base} et onze` : `${base}-${rest}`;
  }
  if (ten === 8) return unit === 0 ? 'quatre-vingts' : `quatre-vingt-${units[unit]}`;
  const base = tens[ten - 2]!;
  if (unit === 0) return base;
  if (unit === 1) return `${base} et un`;
  return `${base}-${units[unit]}`;
}

/** Month names as they stand in a date ("14 березня 1985", "14 de marzo de 1985"). */
const MONTHS: Record<Language, string[]> = {
  en: [
    'January',
    'February',
    'March',
    'April',
    'May',
    'June',
    'July',
    'August',
    'September',
    'October',
    'November',
    'December',
  ],
  uk: [
    'січня',
    'лютого',
    'березня',
    'квітня',
    'травня',
    'червня',
    'липня',
    'серпня',
    'вересня',
    'жовтня',
    'листопада',
    'грудня',
  ],
  ru: [
    'января',
    'февраля',
    'марта',
    'апреля',
    'мая',
    'июня',
    'июля',
    'августа',
    'сентября',
    'октября',
    'ноября',
    'декабря',
  ],
  pl: [
    'stycznia',
    'lutego',
    'marca',
    'kwietnia',
    'maja',
    'czerwca',
    'lipca',
    'sierpnia',
    'września',
    'października',
    'listopada',
    'grudnia',
  ],
  es: [
    'enero',
    'febrero',
    'marzo',
    'abril',
    'mayo',
    'junio',
    'julio',
    'agosto',
    'septiembre',
    'octubre',
    'noviembre',
    'diciembre',
  ],
  de: [
    'Januar',
    'Februar',
    'März',
    'April',
    'Mai',
    'Juni',
    'Juli',
    'August',
    'September',
    'Oktober',
    'November',
    'Dezember',
  ],
  pt: [
    'janeiro',
    'fevereiro',
    'março',
    'abril',
    'maio',
    'junho',
    'julho',
    'agosto',
    'setembro',
    'outubro',
    'novembro',
    'dezembro',
  ],
  it: [
    'gennaio',
    'febbraio',
    'marzo',
    'aprile',
    'maggio',
    'giugno',
    'luglio',
    'agosto',
    'settembre',
    'ottobre',
    'novembre',
    'dicembre',
  ],
  fr: [
    'janvier',
    'février',
    'mars',
    'avril',
    'mai',
    'juin',
    'juillet',
    'août',
    'septembre',
    'octobre',
    'novembre',
    'décembre',
  ],
  tr: [
    'Ocak',
    'Şubat',
    'Mart',
    'Nisan',
    'Mayıs',
    'Haziran',
    'Temmuz',
    'Ağustos',
    'Eylül',
    'Ekim',
    'Kasım',
    'Aralık',
  ],
  bg: [
    'януари',
    'февруари',
    'март',
    'април',
    'май',
    'юни',
    'юли',
    'август',
    'септември',
    'октомври',
    'ноември',
    'декември',
  ],
};

/** A date with the month's name, in the language's usual order ("March 14, 1985", "14. März 1985"). */
export function dateWithMonthName(language: Language, year: number, month: number, day: number): string {
  const name = MONTHS[language][month - 1]!;
  switch (language) {
    case 'en':
      return `${name} ${day}, ${year}`;
    case 'es':
    case 'pt':
      return `${day} de ${name} de ${year}`;
    case 'de':
      return `${day}. ${name} ${year}`;
    default:
      return `${day} ${name} ${year}`;
  }
}

/** A date as digits, in the language's usual order and separator. */
export function numericDate(language: Language, year: number, month: number, day: number): string {
  const dd = String(day).padStart(2, '0');
  const mm = String(month).padStart(2, '0');
  if (language === 'en') return `${mm}/${dd}/${year}`;
  if (['es', 'pt', 'it', 'fr'].includes(language)) return `${dd}/${mm}/${year}`;
  return `${dd}.${mm}.${year}`;
}

/** Hesitations a transcript keeps between the digits of a number. */
export const FILLERS: Record<Language, string[]> = {
  en: ['uh', 'um'],
  uk: ['е', 'ем'],
  ru: ['э', 'эм'],
  pl: ['yyy', 'eee'],
  es: ['eh', 'em'],
  de: ['äh', 'ähm'],
  pt: ['hum', 'hã'],
  it: ['ehm', 'eh'],
  fr: ['euh', 'heu'],
  tr: ['ıı', 'şey'],
  bg: ['ъъ', 'ммм'],
};

/** "at" and "dot" as people spell an email address out. */
export const EMAIL_WORDS: Record<Language, { at: string[]; dot: string[] }> = {
  en: { at: ['at'], dot: ['dot'] },
  uk: { at: ['собака', 'равлик'], dot: ['крапка'] },
  ru: { at: ['собака', 'собачка'], dot: ['точка'] },
  pl: { at: ['małpa'], dot: ['kropka'] },
  es: { at: ['arroba'], dot: ['punto'] },
  de: { at: ['at', 'Klammeraffe'], dot: ['Punkt'] },
  pt: { at: ['arroba'], dot: ['ponto'] },
  it: { at: ['chiocciola'], dot: ['punto'] },
  fr: { at: ['arobase'], dot: ['point'] },
  tr: { at: ['et'], dot: ['nokta'] },
  bg: { at: ['маймунка', 'кльомба'], dot: ['точка'] },
};
