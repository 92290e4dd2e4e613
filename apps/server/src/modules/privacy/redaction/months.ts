import { UI_LANGUAGES } from '@parley/contracts';
import { normalWord } from './number-words.ts';

/**
 * Month names of the eleven UI languages (long and short; as said alone and inside a date, where Slavic
 * languages decline them: "березень" / "12 березня"), from the runtime's ICU data, mapped to 1–12.
 */
const MONTHS = new Map<string, number>();
for (const language of UI_LANGUAGES) {
  for (const style of ['long', 'short'] as const) {
    const alone = new Intl.DateTimeFormat(language, { month: style, timeZone: 'UTC' });
    const inDate = new Intl.DateTimeFormat(language, { day: 'numeric', month: style, timeZone: 'UTC' });
    for (let month = 1; month <= 12; month++) {
      const date = new Date(Date.UTC(2000, month - 1, 15));
      const names = [
        alone.format(date),
        inDate.formatToParts(date).find((part) => part.type === 'month')?.value,
      ];
      for (const name of names) {
        const word = name && normalWord(name.replace(/\.$/, ''));
        if (word && /^[\p{L}ʼ]+$/u.test(word)) MONTHS.set(word, month);
      }
    }
  }
}

/** The month (1–12) a normalised word names, or null. */
export function monthOf(word: string): number | null {
  return MONTHS.get(word) ?? null;
}
