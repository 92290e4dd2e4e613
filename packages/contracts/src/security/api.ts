/**
 * Two-factor sign-in (issue 39 part 3): authenticator-app codes (TOTP, RFC 6238) and single-use recovery codes,
 * the second step of a sign-in, and a project's rule that its admins and owners must have a second factor.
 */
import { z } from 'zod';

export const TWO_FACTOR = {
  /** Digits of an authenticator-app code. */
  codeDigits: 6,
  /** Seconds one code is valid for (one step); the step before and after are accepted too (clock drift). */
  periodSeconds: 30,
  recoveryCodeCount: 10,
  /** Characters of a recovery code, shown as two groups of five ('abcde-fghij'). */
  recoveryCodeLength: 10,
  /** How long the second step of a sign-in may wait for its code. */
  challengeTtlMs: 5 * 60 * 1000,
  /** Wrong codes one pending sign-in survives. */
  challengeMaxFailures: 5,
  /** Cookie holding the pending sign-in's token (httpOnly, only the /api/auth routes read it). */
  challengeCookie: 'parley_2fa',
  /** The issuer authenticator apps show next to the account. */
  issuer: 'Parley',
} as const;

/** The second factors a sign-in can finish with. */
export const TWO_FACTOR_METHODS = ['totp', 'recovery_code'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const TWO_FACTOR_TEXTS = {
  invalidCode: 'That code is not right. Check the time on your phone, or use a recovery code.',
  challengeExpired: 'This sign-in has expired or had too many wrong codes. Please sign in again.',
  tooManyCodes:
    'Too many wrong codes for this account. Please wait 15 minutes and try again, or use a recovery code later.',
  alreadyEnabled: 'Two-factor sign-in is already on for your account.',
  notEnabled: 'Two-factor sign-in is not on for your account.',
  noEnrolment: 'Start the set-up again: scan the new QR code and enter the code it shows.',
  required:
    'This project requires two-factor sign-in for admins and owners. Turn it on in your profile (Security) to continue.',
  encryptionKeyMissing:
    'Two-factor sign-in is not available: the server has no ENCRYPTION_KEY. Ask your administrator to set it.',
  encryptionKeyInvalid:
    'Two-factor sign-in is not available: the server’s ENCRYPTION_KEY is not a 32-byte key. Ask your administrator.',
  ownerNeedsSecondFactor:
    'Turn on two-factor sign-in for your own account first, so that you keep access to this project.',
} as const;

/**
 * A code as typed: the 6 digits of the app, or a recovery code (spaces and dashes are ignored). Bounded so a
 * hostile value costs nothing; its shape is checked by the server (a wrong shape is a wrong code).
 */
const Code = z.string().trim().min(1).max(32);

/** The answer of POST /auth/login (and Google sign-in) when the account has a second factor. */
export const TwoFactorRequired = z.object({
  two_factor_required: z.literal(true),
  methods: z.array(z.enum(TWO_FACTOR_METHODS)),
});
export type TwoFactorRequired = z.infer<typeof TwoFactorRequired>;
export const TwoFactorRequiredResponse = z.object({ data: TwoFactorRequired });

/** Whether a sign-in's answer asks for the second factor instead of naming the signed-in user. */
export function asksSecondFactor<T extends object>(
  answer: T | TwoFactorRequired,
): answer is TwoFactorRequired {
  return 'two_factor_required' in answer;
}

/** The second step of a sign-in: an authenticator-app code or a recovery code. */
export const TwoFactorSignInRequest = z.union([
  z.object({ code: Code }).strict(),
  z.object({ recovery_code: Code }).strict(),
]);
export type TwoFactorSignInRequest = z.infer<typeof TwoFactorSignInRequest>;

/** An account's second factors as its owner sees them. */
export const TwoFactorStatus = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
});
export type TwoFactorStatus = z.infer<typeof TwoFactorStatus>;
export const TwoFactorStatusResponse = z.object({ data: TwoFactorStatus });

/** A new authenticator-app secret to scan (the QR code as a data: URL) or type in. */
export const TotpEnrolment = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  qr_data_url: z.string(),
});
export const TotpEnrolmentResponse = z.object({ data: TotpEnrolment });

/** A code of the authenticator app (or, where it says so, a recovery code) proving the caller holds it. */
export const TwoFactorCodeRequest = z.object({ code: Code }).strict();

/** New recovery codes: shown once, stored only hashed. */
export const RecoveryCodesResponse = z.object({
  data: z.object({ recovery_codes: z.array(z.string()), status: TwoFactorStatus }),
});

/** A project's rule: admins and owners need a second factor to use it. */
export const TwoFactorPolicy = z.object({ require_two_factor: z.boolean() });
export const TwoFactorPolicyResponse = z.object({ data: TwoFactorPolicy });
