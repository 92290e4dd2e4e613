import { describe, expect, it } from 'vitest';
import { AppError, notFound } from './errors.ts';

describe("a domain error's retryable", () => {
  it('holds by default for the troubles that may pass, and can be told', () => {
    expect(new AppError('upstream_failed', 'drive_error', 'x').retryable).toBe(true);
    expect(new AppError('unavailable', 'queue_unavailable', 'x').retryable).toBe(true);
    expect(new AppError('upstream_timeout', 'download_timeout', 'x').retryable).toBe(true);
    expect(new AppError('unavailable', 'provider_unavailable', 'x', { retryable: false }).retryable).toBe(
      false,
    );
    expect(notFound('x').retryable).toBe(false);
    expect(new AppError('payment_required', 'insufficient_funds', 'x').retryable).toBe(false);
  });
});
