import { PASSWORD_MIN_LENGTH } from './constants.ts';

export type PasswordError = 'required' | 'tooShort';
export type ConfirmError = 'confirmRequired' | 'mismatch';

/** Password rule of spec 2 §5. Returns the error key (see TEXTS.password) or null. */
export function validatePassword(password: string): PasswordError | null {
  if (password.length === 0) return 'required';
  if (password.length < PASSWORD_MIN_LENGTH) return 'tooShort';
  return null;
}

export function validatePasswordConfirmation(password: string, confirmation: string): ConfirmError | null {
  if (confirmation.length === 0) return 'confirmRequired';
  if (password !== confirmation) return 'mismatch';
  return null;
}
