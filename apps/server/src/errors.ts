/**
 * What went wrong, in the domain's words: the HTTP edge (http/errors.ts) answers each kind with its one status,
 * background jobs read `retryable`.
 */
export type ErrorKind =
  | 'invalid'
  | 'unauthenticated'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'range_not_satisfiable'
  | 'unprocessable'
  | 'rate_limited'
  | 'client_closed'
  | 'upstream_failed'
  | 'unavailable'
  | 'upstream_timeout';

/** Troubles that may pass (a service we call failed or is missing, or took too long): retryable unless told. */
const PASSING_KINDS: ReadonlySet<ErrorKind> = new Set(['upstream_failed', 'unavailable', 'upstream_timeout']);

export interface AppErrorOptions {
  /** The input the error is about, by its key (`phone_number`, `content.0.key`), for programs. */
  field?: string;
  /** Whether the same work may succeed when tried again later; by default only for the passing kinds. */
  retryable?: boolean;
}

/**
 * A domain error: its kind, a stable `code` (the API answers it, the web translates `errors.<code>`), a
 * message for a person, and optionally the input it is about.
 */
export class AppError extends Error {
  override name = 'AppError';
  readonly kind: ErrorKind;
  readonly code: string;
  readonly field: string | undefined;
  readonly retryable: boolean;

  constructor(kind: ErrorKind, code: string, message: string, options: AppErrorOptions = {}) {
    super(message);
    this.kind = kind;
    this.code = code;
    this.field = options.field;
    this.retryable = options.retryable ?? PASSING_KINDS.has(kind);
  }
}

export const badRequest = (message: string, code = 'bad_request', field?: string) =>
  new AppError('invalid', code, message, { field });
export const unauthorized = (message = 'Please sign in.') =>
  new AppError('unauthenticated', 'unauthorized', message);
export const forbidden = (message: string, code = 'forbidden') => new AppError('forbidden', code, message);
export const notFound = (message: string) => new AppError('not_found', 'not_found', message);
export const conflict = (message: string, code = 'conflict') => new AppError('conflict', code, message);
