import type { TwoFactorRequired } from './api.ts';

/** Whether a sign-in's answer asks for the second factor instead of naming the signed-in user. */
export function asksSecondFactor<T extends object>(
  answer: T | TwoFactorRequired,
): answer is TwoFactorRequired {
  return 'two_factor_required' in answer;
}
