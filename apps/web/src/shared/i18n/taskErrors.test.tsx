import {
  TASK_ERROR_CODES,
  TASK_ERROR_EXAMPLES,
  type TaskError,
  taskError,
  taskErrorText,
} from '@parley/contracts';
import { render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCALE_FILES } from '../../test/locales';
import i18n from './index';
import { flattenLocale } from './localeCheck';
import { type TaskErrorFields, useTaskErrorText } from './taskErrors';

function Reason(props: TaskErrorFields) {
  return <p>{useTaskErrorText()(props)}</p>;
}

/** The text the hook gives for these fields, rendered once. */
const shown = (fields: TaskErrorFields) => {
  const { container, unmount } = render(<Reason {...fields} />);
  const text = container.textContent;
  unmount();
  return text;
};

const coded = (reason: TaskError): TaskErrorFields => ({
  error: taskErrorText(reason),
  error_reason: reason,
});

/** A reason of every code but 'other' (shown as the server's text). */
const SAMPLES = TASK_ERROR_EXAMPLES.filter((reason) => reason.code !== 'other');

afterEach(async () => {
  await i18n.changeLanguage('en');
});

describe('task reasons', () => {
  it('have a text for every code but other', () => {
    const english = flattenLocale(LOCALE_FILES.en!);
    const codes = TASK_ERROR_CODES.filter((code) => code !== 'other');
    expect(
      codes.filter((code) => !english.has(`taskErrors.${code}`) && !english.has(`taskErrors.${code}_other`)),
    ).toEqual([]);
  });

  it('read in English as the API writes them', () => {
    for (const reason of SAMPLES) {
      expect(shown(coded(reason))).toBe(taskErrorText(reason));
    }
  });

  it("read in the reader's language, counts in its plural forms", async () => {
    await i18n.changeLanguage('uk');
    expect(shown(coded(taskError('media_silent')))).toBe('Запис беззвучний: нема чого транскрибувати.');
    expect(shown(coded(taskError('interrupted', { count: 3 })))).toMatch(/^Аналіз було перервано 3 рази /);
    expect(shown(coded(taskError('insufficient_funds', { units: '1.2' })))).toMatch(/потребує 1\.2 од\./);
  });

  it("show the server's text for 'other', an unknown code, or no code", async () => {
    await i18n.changeLanguage('de');
    expect(shown(coded(taskError('other', { message: 'Something else.' })))).toBe('Something else.');
    const unknown = { code: 'from_a_newer_server', params: {} } as unknown as TaskErrorFields['error_reason'];
    expect(shown({ error: 'A newer reason.', error_reason: unknown })).toBe('A newer reason.');
    expect(shown({ error: 'The link answered 404 Not Found.', error_reason: null })).toBe(
      'The link answered 404 Not Found.',
    );
  });
});
