import { KNOCKOUT_MESSAGES, PROMPT_MESSAGES } from '@parley/contracts';
import type { TFunction } from 'i18next';

/**
 * The contracts' prompt rules (validatePrompt, validateFieldKeys) answer in English; this maps each of
 * their messages to an i18n key so the user reads them in their language. English stays exactly the
 * contracts' text (a test checks the round trip). Unknown messages are shown as they are.
 */
const PATTERNS: Array<[RegExp, string, string[]]> = [
  [/^Key "(.*)" at (.+) must not contain double quotes\.$/, 'keyQuotes', ['key', 'level']],
  [/^Key "(.*)" at (.+) must not contain dots\.$/, 'keyDots', ['key', 'level']],
  [
    /^Duplicate key "(.*)" found at (.+)\. All keys must be unique on the same level\.$/,
    'duplicateKey',
    ['key', 'level'],
  ],
  [/^Fields can be nested at most (\d+) levels deep\.$/, 'tooDeep', ['max']],
  [/^Field "(.*)": every option needs a value\.$/, 'optionValues', ['field']],
  [/^Field "(.*)": option values must be unique\.$/, 'optionUnique', ['field']],
  [/^Field "(.*)": add at least one mark\.$/, 'marksRequired', ['field']],
  [/^Field "(.*)": marks values must be whole numbers, 0 or more\.$/, 'marksInvalid', ['field']],
  [/^Field "(.*)": choose a prompt for every classification option\.$/, 'classificationTarget', ['field']],
  [/^Field "(.*)": an object needs at least one field\.$/, 'objectEmpty', ['field']],
  // Knockout answers (contracts prompts/knockouts.ts): texts of their own namespace.
  [
    /^Field "(.*)": only yes\/no, ok and option fields can have knockout answers\.$/,
    'knockouts.messages.onlyTypes',
    ['field'],
  ],
  [
    /^Field "(.*)": the knockout answer "(.*)" is not one of the field's answers\.$/,
    'knockouts.messages.unknownAnswer',
    ['field', 'answer'],
  ],
  [/^Field "(.*)": knockout answers must be unique\.$/, 'knockouts.messages.unique', ['field']],
];

function levelText(level: string, t: TFunction): string {
  if (level === 'the top level') return t('prompts.messages.topLevel');
  const nested = /^level (\d+) \(inside "(.*)"\)$/.exec(level);
  return nested ? t('prompts.messages.nestedLevel', { level: nested[1], path: nested[2] }) : level;
}

export function translatePromptMessage(message: string, t: TFunction): string {
  const exact = (Object.keys(PROMPT_MESSAGES) as Array<keyof typeof PROMPT_MESSAGES>).find(
    (key) => PROMPT_MESSAGES[key] === message,
  );
  if (exact) return t(`prompts.messages.${exact}`);
  if (message === KNOCKOUT_MESSAGES.capInvalid) return t('knockouts.messages.capInvalid');
  if (message.startsWith(`${PROMPT_MESSAGES.emptyKey} (`) && message.endsWith(')')) {
    const level = message.slice(PROMPT_MESSAGES.emptyKey.length + 2, -1);
    return t('prompts.messages.emptyKeyAt', { level: levelText(level, t) });
  }
  for (const [pattern, key, names] of PATTERNS) {
    const match = pattern.exec(message);
    if (!match) continue;
    const values = Object.fromEntries(names.map((name, index) => [name, match[index + 1] ?? '']));
    if ('level' in values) values.level = levelText(values.level ?? '', t);
    return t(key.includes('.') ? key : `prompts.messages.${key}`, values);
  }
  return message;
}
