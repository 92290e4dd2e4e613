import { createHmac } from 'node:crypto';

/*
 * An authenticator app's code (RFC 6238 over RFC 4226: HMAC-SHA1, 6 digits, 30-second steps) computed here
 * from the key the page shows and the test's own clock, independently of the server's library.
 */

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

function base32Bytes(key: string): Buffer {
  let bits = '';
  for (const char of key.replace(/[\s=]/g, '').toUpperCase()) {
    const value = BASE32.indexOf(char);
    if (value < 0) throw new Error(`Not a base32 key: ${key}`);
    bits += value.toString(2).padStart(5, '0');
  }
  const bytes = bits.match(/.{8}/g) ?? [];
  return Buffer.from(bytes.map((byte) => Number.parseInt(byte, 2)));
}

/** The code of the step `at` falls in (milliseconds since the epoch). */
export function totpCode(key: string, at: number = Date.now()): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(at / 30_000)));
  const mac = createHmac('sha1', base32Bytes(key)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const value = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(value % 1_000_000).padStart(6, '0');
}

/**
 * A code the server has not accepted yet: the next step's (the server accepts one step either side, and a code
 * of the current step may have been used a moment ago, when the app was set up).
 */
export function nextTotpCode(key: string): string {
  return totpCode(key, Date.now() + 30_000);
}
