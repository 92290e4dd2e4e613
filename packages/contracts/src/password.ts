import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

export type PasswordError = 'required' | 'tooShort' | 'tooLong';
/** Why a new password is refused: the length rule below, or the strength rule (./password-strength.ts). */
export type PasswordProblem = PasswordError | 'common' | 'tooWeak';
export type ConfirmError = 'confirmRequired' | 'mismatch';

/** Lowest zxcvbn score (0-4) a new password needs: 3 is "safely unguessable" (~10^10 guesses). */
export const PASSWORD_MIN_SCORE = 3;

/** The API error code of a refused password (the length rule's is the request schema's). */
export const PASSWORD_ERROR_CODES: Record<PasswordProblem, string> = {
  required: 'validation_error',
  tooShort: 'validation_error',
  tooLong: 'validation_error',
  common: 'password_common',
  tooWeak: 'password_too_weak',
};

/** Password length rule of spec 2 §5 (and a maximum). Returns the error key (see TEXTS.password) or null. */
export function validatePassword(password: string): PasswordError | null {
  if (password.length === 0) return 'required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  if (password.length > PASSWORD_MAX_LENGTH) return 'tooLong';
  return null;
}

export function validatePasswordConfirmation(password: string, confirmation: string): ConfirmError | null {
  if (confirmation.length === 0) return 'confirmRequired';
  if (password !== confirmation) return 'mismatch';
  return null;
}
