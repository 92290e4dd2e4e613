import { createHash, randomBytes } from 'node:crypto';

/** A random secret for a cookie or an emailed link, and the hash that is stored instead of it. */
export function newSecretToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
