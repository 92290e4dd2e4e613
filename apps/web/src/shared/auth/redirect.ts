import type { Location } from 'react-router';

export interface FromState {
  from?: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/** Where to go after signing in: the page that sent the user to /login, else the dashboard. */
export function redirectTarget(state: unknown): string {
  const from = (state as FromState | null)?.from;
  if (!from?.pathname || from.pathname === '/login' || from.pathname === '/signup') return '/dashboard';
  return `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
}
