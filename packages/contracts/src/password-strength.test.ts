import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH } from './constants.ts';
import { checkPassword } from './password-strength.ts';

describe('checkPassword', () => {
  it('needs a password of at least 8 characters', () => {
    expect(checkPassword('')).toEqual({ score: 0, problem: 'required' });
    expect(checkPassword('x7#Qp').problem).toBe('tooShort');
  });

  it('refuses common passwords', () => {
    for (const password of ['12345678', 'password', 'qwertyuiop', 'password123']) {
      expect(checkPassword(password)).toEqual({ score: 0, problem: 'common' });
    }
  });

  it('refuses passwords that are easy to guess', () => {
    for (const password of [' '.repeat(12), 'aaaaaaaaaaaa', 'Password1!', 'abcdefghij']) {
      expect(checkPassword(password).problem).toBe('tooWeak');
    }
  });

  it("counts the owner's email and name, and their parts, as guessable", () => {
    expect(checkPassword('marguerite.dupontel').problem).toBeNull();
    expect(checkPassword('marguerite.dupontel', { email: 'marguerite.dupontel@example.com' }).problem).toBe(
      'tooWeak',
    );
    expect(checkPassword('Xavierthornquist', { name: 'Xavier Thornquist' }).problem).toBe('tooWeak');
  });

  it('accepts passwords that are hard to guess, with their score', () => {
    expect(checkPassword('plum rocket violin')).toEqual({ score: 4, problem: null });
    expect(checkPassword('correct horse').problem).toBeNull();
  });

  it('rates only the first 100 characters (the rest costs time and adds nothing the estimator sees)', () => {
    const weakStart = 'a'.repeat(100);
    expect(checkPassword(`${weakStart}plum rocket violin`)).toEqual(checkPassword(weakStart));
  });

  it(`refuses a password longer than ${PASSWORD_MAX_LENGTH} characters`, () => {
    expect(checkPassword('plum rocket violin '.repeat(14)).problem).toBe('tooLong');
  });
});
