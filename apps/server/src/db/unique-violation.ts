import { errorChain } from './outage.ts';

/**
 * Whether `error` (or the driver's error Drizzle wraps in it) is PostgreSQL's unique violation (23505), of
 * `constraint` when one is named.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  return Array.from(errorChain(error)).some(
    (link) => link.code === '23505' && (constraint === undefined || link.constraint === constraint),
  );
}
