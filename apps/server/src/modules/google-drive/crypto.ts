import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { DRIVE_TEXTS } from '@parley/contracts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { errorMessage } from '../../thrown.ts';

// Drive tokens and phone-system receivers' secrets at rest: AES-256-GCM with ENCRYPTION_KEY. A stored value is
// 'v1.<iv>.<tag>.<ciphertext>' (base64url), so a key change or a tampered value fails to decrypt instead of
// giving garbage.

const VERSION = 'v1';

/** What a missing or malformed ENCRYPTION_KEY is answered with, in the words of the feature that needs it. */
export interface EncryptionKeyTexts {
  encryptionKeyMissing: string;
  encryptionKeyInvalid: string;
}

/** The 32-byte key of ENCRYPTION_KEY (64 hex characters or base64), or an error naming the variable. */
export function encryptionKey(
  config: Pick<Config, 'encryptionKey'>,
  texts: EncryptionKeyTexts = DRIVE_TEXTS,
): Buffer {
  const raw = config.encryptionKey?.trim();
  if (!raw) throw new AppError('unavailable', 'encryption_key_missing', texts.encryptionKeyMissing);
  const key = /^[0-9a-fA-F]{64}$/.test(raw)
    ? Buffer.from(raw, 'hex')
    : /^[A-Za-z0-9+/_-]+={0,2}$/.test(raw)
      ? Buffer.from(raw, 'base64')
      : Buffer.alloc(0);
  if (key.length !== 32)
    throw new AppError('unavailable', 'encryption_key_invalid', texts.encryptionKeyInvalid);
  return key;
}

/** Null when ENCRYPTION_KEY is usable, else why not. */
export function encryptionProblem(config: Pick<Config, 'encryptionKey'>): string | null {
  try {
    encryptionKey(config);
    return null;
  } catch (error) {
    return errorMessage(error);
  }
}

export function encrypt(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), data]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

export function decrypt(key: Buffer, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== VERSION || !iv || !tag || data === undefined) throw new Error('Not an encrypted token.');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}
