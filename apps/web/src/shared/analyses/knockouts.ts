import type { KnockoutAnswer } from '@parley/contracts';
import type { TFunction } from 'i18next';

/** A knockout answer as the page shows answers: Yes/No, OK/Not OK in the reader's language, an option as it is. */
export function knockoutAnswerLabel(answer: KnockoutAnswer, t: TFunction): string {
  if (typeof answer === 'boolean') return t(answer ? 'analysis.fields.yes' : 'analysis.fields.no');
  if (answer === 'ok') return t('analysis.fields.ok.ok');
  if (answer === 'not ok') return t('analysis.fields.ok.notok');
  return answer;
}
