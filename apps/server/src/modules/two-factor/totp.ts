import { TWO_FACTOR } from '@parley/contracts';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/*
 * Authenticator-app codes (TOTP, RFC 6238): SHA-1, 6 digits, 30-second steps, as every authenticator app
 * reads them from an otpauth:// address. A code of the step before or after the current one is accepted too
 * (a phone's clock drifts); the caller remembers the step of the last accepted code so that none is accepted
 * twice.
 */

function totpOf(secret: string, label = ''): TOTP {
  return new TOTP({
    issuer: TWO_FACTOR.issuer,
    label,
    algorithm: 'SHA1',
    digits: TWO_FACTOR.codeDigits,
    period: TWO_FACTOR.periodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

/** A new random secret (160 bits, base32, as authenticator apps take it typed in). */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app reads from the QR code, and the QR code as a data: URL. */
export async function totpEnrolment(secret: string, accountEmail: string) {
  const uri = totpOf(secret, accountEmail).toString();
  return {
    uri,
    qrDataUrl: await QRCode.toDataURL(uri, { errorCorrectionLevel: 'M', margin: 2, width: 240 }),
  };
}

/** The step (30-second counter) of the code when it is right at `now` (± one step), else null. */
export function totpStepOf(secret: string, code: string, now = Date.now()): number | null {
  const digits = code.replace(/\s/g, '');
  if (!new RegExp(`^\\d{${TWO_FACTOR.codeDigits}}$`).test(digits)) return null;
  const totp = totpOf(secret);
  const delta = totp.validate({ token: digits, timestamp: now, window: 1 });
  return delta === null ? null : totp.counter({ timestamp: now }) + delta;
}
