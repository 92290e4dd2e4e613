/**
 * The strength rule for new passwords, a subpath of its own (`@parley/contracts/password-strength`) because
 * its dictionaries are large: the web loads it lazily, only on pages that set a password.
 */
import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary as commonDictionary } from '@zxcvbn-ts/language-common';
import { dictionary as englishDictionary } from '@zxcvbn-ts/language-en';
import { PASSWORD_RATED_LENGTH } from './constants.ts';
import { PASSWORD_MIN_SCORE, type PasswordProblem, validatePassword } from './password.ts';

export type PasswordScore = 0 | 1 | 2 | 3 | 4;

export interface PasswordStrength {
  /** zxcvbn's estimate, 0 (guessed at once) to 4 (very hard); 0 for an empty password. */
  score: PasswordScore;
  /** Why the password is refused (see TEXTS.password), or null when it may be set. */
  problem: PasswordProblem | null;
}

/** Who sets the password: what they typed elsewhere is easy to guess for anyone who knows them. */
export interface PasswordOwner {
  email?: string;
  name?: string;
}

let estimator: ZxcvbnFactory | null = null;

function zxcvbn(): ZxcvbnFactory {
  estimator ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    maxLength: PASSWORD_RATED_LENGTH,
  });
  return estimator;
}

/** The email, its local part, the name and their words (zxcvbn finds whole dictionary words in a password). */
function ownerWords({ email = '', name = '' }: PasswordOwner): string[] {
  const local = email.split('@')[0] ?? '';
  const words = [email, local, name, ...`${email} ${name}`.split(/[^\p{L}\p{N}]+/u), 'parley'];
  return [...new Set(words.map((word) => word.trim().toLowerCase()).filter((word) => word.length >= 3))];
}

/** The one password rule of web and server: at least 8 characters and a zxcvbn score of at least 3. */
export function checkPassword(password: string, owner: PasswordOwner = {}): PasswordStrength {
  if (password.length === 0) return { score: 0, problem: 'required' };
  const result = zxcvbn().check(password, ownerWords(owner));
  const score = result.score as PasswordScore;
  const tooShort = validatePassword(password);
  if (tooShort) return { score, problem: tooShort };
  if (score >= PASSWORD_MIN_SCORE) return { score, problem: null };
  const [only] = result.sequence;
  const common =
    result.sequence.length === 1 &&
    only?.pattern === 'dictionary' &&
    only.dictionaryName === 'passwords-common';
  return { score, problem: common ? 'common' : 'tooWeak' };
}
