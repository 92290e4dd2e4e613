import { describe, expect, it } from 'vitest';
import { validatePassword, validatePasswordConfirmation } from './password.ts';
import { mentionsServerUnavailable } from './texts.ts';

describe('password rules', () => {
  it('requires at least 8 characters', () => {
    expect(validatePassword('')).toBe('required');
    expect(validatePassword('1234567')).toBe('tooShort');
    expect(validatePassword('12345678')).toBeNull();
  });
  it('allows at most 256 characters', () => {
    expect(validatePassword('x'.repeat(256))).toBeNull();
    expect(validatePassword('x'.repeat(257))).toBe('tooLong');
  });
  it('requires a matching confirmation', () => {
    expect(validatePasswordConfirmation('12345678', '')).toBe('confirmRequired');
    expect(validatePasswordConfirmation('12345678', '12345679')).toBe('mismatch');
    expect(validatePasswordConfirmation('12345678', '12345678')).toBeNull();
  });
});

describe('mentionsServerUnavailable', () => {
  it('matches unavailable, 502 and Gateway', () => {
    expect(mentionsServerUnavailable('Service Unavailable')).toBe(true);
    expect(mentionsServerUnavailable('service unavailable')).toBe(true);
    expect(mentionsServerUnavailable('HTTP 502')).toBe(true);
    expect(mentionsServerUnavailable('Bad Gateway')).toBe(true);
    expect(mentionsServerUnavailable('Not found')).toBe(false);
  });
});
