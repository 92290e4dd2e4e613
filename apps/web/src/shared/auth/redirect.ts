import type { TwoFactorMethod } from '@parley/contracts';
import type { Location } from 'react-router';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where a sign-in whose first step asked for the second factor goes on (features/security). */
export const TWO_FACTOR_SIGN_IN_PATH = '/login/two-factor';

/**
 * The router state of TWO_FACTOR_SIGN_IN_PATH: the second factors the first step's answer offered (kept in the
 * browser's history, so a reload still knows them), and where to go after signing in.
 */
export interface TwoFactorState extends FromState {
  methods?: TwoFactorMethod[];
}

/** The state for TWO_FACTOR_SIGN_IN_PATH: the answer's methods, beside the page to return to (if any). */
export function twoFactorState(methods: TwoFactorMethod[], state?: unknown): TwoFactorState {
  return { ...(state as FromState | null), methods };
}

/** Where to go after signing in: the page that sent the user to /login, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}

/** The state that makes redirectTarget answer `target` (a path with its query and hash). */
export function fromPath(target: string): FromState {
  const url = new URL(target, 'http://local');
  return { from: { pathname: url.pathname, search: url.search, hash: url.hash } };
}
