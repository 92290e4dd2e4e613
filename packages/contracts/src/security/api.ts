/**
 * Two-factor sign-in (issue 39 part 3): authenticator-app codes (TOTP, RFC 6238) and single-use recovery codes,
 * the second step of a sign-in, and a project's rule that its admins and owners must have a second factor.
 */
import { z } from 'zod';
import { Id } from '../inputs.ts';

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

/** Passkeys (WebAuthn) as a second factor. */
export const PASSKEYS = {
  /** Passkeys one account may register. */
  maxPerAccount: 10,
  nameMaxLength: 60,
  /** How long a registration or sign-in ceremony may take before its challenge is refused. */
  challengeTtlMs: 5 * 60 * 1000,
  /** The relying party's name browsers show; its id is the host of PUBLIC_URL. */
  relyingPartyName: 'Parley',
} as const;

/** The second factors a sign-in can finish with. */
export const TWO_FACTOR_METHODS = ['totp', 'passkey', 'recovery_code'] as const;
export type TwoFactorMethod = (typeof TWO_FACTOR_METHODS)[number];

export const TWO_FACTOR_TEXTS = {
  invalidCode: 'That code is not right. Check the time on your phone, or use a recovery code.',
  challengeExpired: 'This sign-in has expired or had too many wrong codes. Please sign in again.',
  tooManyCodes:
    'Too many wrong codes for this account. Please wait 15 minutes and try again, or use a recovery code later.',
  alreadyEnabled: 'Two-factor sign-in is already on for your account.',
  notEnabled: 'Two-factor sign-in is not on for your account.',
  totpNotEnabled: 'There is no authenticator app on your account.',
  notEnabledForAccount: 'Two-factor sign-in is not on for this account: there is nothing to reset.',
  noEnrolment: 'Start the set-up again: scan the new QR code and enter the code it shows.',
  required:
    'This project requires two-factor sign-in for admins and owners. Turn it on in your profile (Security) to continue.',
  encryptionKeyMissing:
    'Two-factor sign-in is not available: the server has no ENCRYPTION_KEY. Ask your administrator to set it.',
  encryptionKeyInvalid:
    'Two-factor sign-in is not available: the server’s ENCRYPTION_KEY is not a 32-byte key. Ask your administrator.',
  passkeyNotVerified: 'This passkey could not be verified. Try again, or use another way to sign in.',
  passkeyLimit: 'An account can have at most 10 passkeys. Remove one before adding another.',
  passkeyNotFound: 'This passkey is not on your account.',
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

/** Base64url as WebAuthn's JSON carries binary fields; bounded so a hostile value costs nothing. */
const Base64Url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*={0,2}$/);

/**
 * A browser's answer to navigator.credentials.create() or .get() as @simplewebauthn/browser serialises it
 * (RegistrationResponseJSON, AuthenticationResponseJSON). Only sizes and the fields every answer has are checked
 * here; the server's WebAuthn library verifies the rest.
 */
const PasskeyCredentialFields = {
  id: Base64Url(1024),
  rawId: Base64Url(1024),
  type: z.literal('public-key'),
  clientExtensionResults: z.looseObject({}),
  authenticatorAttachment: z.string().max(32).optional(),
};
export const PasskeyRegistrationCredential = z.object({
  ...PasskeyCredentialFields,
  response: z.looseObject({
    clientDataJSON: Base64Url(4096),
    attestationObject: Base64Url(16384),
    transports: z.array(z.string().max(32)).max(10).optional(),
  }),
});
export const PasskeyAuthenticationCredential = z.object({
  ...PasskeyCredentialFields,
  response: z.looseObject({
    clientDataJSON: Base64Url(4096),
    authenticatorData: Base64Url(4096),
    // An ML-DSA-44 signature (offered first by @simplewebauthn/server where Node has post-quantum WebCrypto,
    // and chosen by Chromium's authenticators) is 2,420 bytes: 3,227 characters.
    signature: Base64Url(4096),
    userHandle: Base64Url(1024).optional(),
  }),
});

/** The second step of a sign-in: an authenticator-app code, a passkey's answer, or a recovery code. */
export const TwoFactorSignInRequest = z.union([
  z.object({ code: Code }).strict(),
  z.object({ passkey: PasskeyAuthenticationCredential }).strict(),
  z.object({ recovery_code: Code }).strict(),
]);
export type TwoFactorSignInRequest = z.infer<typeof TwoFactorSignInRequest>;

/** An account's second factors as its owner sees them. */
export const TwoFactorStatus = z.object({
  /** Whether the account has any second factor (an authenticator app or a passkey). */
  enabled: z.boolean(),
  totp_enabled: z.boolean(),
  passkey_count: z.number().int(),
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

/**
 * WebAuthn options for the browser (PublicKeyCredentialCreationOptionsJSON or ...RequestOptionsJSON), passed to
 * @simplewebauthn/browser as they are.
 */
export const PasskeyOptionsResponse = z.object({
  data: z.object({ options: z.looseObject({ challenge: z.string() }) }),
});

/** A registered passkey as its owner sees it. */
export const Passkey = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type Passkey = z.infer<typeof Passkey>;
export const PasskeysResponse = z.object({ data: z.array(Passkey) });

export const PasskeyName = z.string().trim().min(1).max(PASSKEYS.nameMaxLength);
export const AddPasskeyRequest = z
  .object({ name: PasskeyName, credential: PasskeyRegistrationCredential })
  .strict();
/** A passkey just added; recovery_codes are new (shown once) when it is the account's first second factor. */
export const AddPasskeyResponse = z.object({
  data: z.object({
    passkey: Passkey,
    status: TwoFactorStatus,
    recovery_codes: z.array(z.string()).nullable(),
  }),
});
export const PasskeyIdParams = z.object({ passkeyId: Id });

/** A project's rule: admins and owners need a second factor to use it. */
export const TwoFactorPolicy = z.object({ require_two_factor: z.boolean() });
export const TwoFactorPolicyResponse = z.object({ data: TwoFactorPolicy });
