import { renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import { ApiError } from './client';
import { useErrorMessage } from './useErrorMessage';

const errorMessage = () => renderHook(() => useErrorMessage()).result.current;

describe('useErrorMessage', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it.each([
    [
      'service_unavailable',
      503,
      'The service is temporarily unavailable. Please try again in a few seconds.',
    ],
    [
      'invalid_text',
      400,
      'The text contains a character that cannot be saved (NUL or an incomplete Unicode character). Remove it and try again.',
    ],
  ])('translates %s instead of showing the server’s English message', async (code, status, english) => {
    const error = new ApiError(status, code, 'The server’s own English message.');
    expect(errorMessage()(error)).toBe(english);
    await i18n.changeLanguage('de');
    const german = errorMessage()(error);
    expect(german).toBe(i18n.t(`errors.${code}`));
    expect(german).not.toBe(english);
  });

  it('shows the server’s message for a code without a translation', () => {
    expect(errorMessage()(new ApiError(400, 'something_new', 'Something new went wrong.'))).toBe(
      'Something new went wrong.',
    );
  });
});
