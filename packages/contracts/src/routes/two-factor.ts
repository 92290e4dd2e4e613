import { JoinedUserResponse, ProjectIdParams } from '../api.ts';
import {
  AddPasskeyRequest,
  AddPasskeyResponse,
  PasskeyIdParams,
  PasskeyOptionsResponse,
  PasskeysResponse,
  RecoveryCodesResponse,
  TotpEnrolmentResponse,
  TwoFactorCodeRequest,
  TwoFactorPolicy,
  TwoFactorPolicyResponse,
  TwoFactorSignInRequest,
  TwoFactorStatusResponse,
} from '../security/api.ts';
import { defineRoute } from './route.ts';

// Two-factor sign-in: the second step of a sign-in, the caller's own second factors (an authenticator app,
// passkeys and recovery codes), and a project's rule that its admins and owners must have one.
const tags = ['two-factor'] as const;

export const twoFactorRoutes = {
  signIn: defineRoute({
    method: 'POST',
    path: '/auth/two-factor',
    operationId: 'finishTwoFactorSignIn',
    summary: 'Finish a sign-in with an authenticator-app code, a passkey or a recovery code',
    description:
      'The second step of a sign-in answered with two_factor_required (POST /auth/login, Google sign-in): ' +
      'its httpOnly cookie names the pending sign-in, which lasts 5 minutes and dies after 5 wrong codes ' +
      '(401 `two_factor_expired`). A code is accepted once; a recovery code works once. Wrong codes count per ' +
      'account: after 5 in 15 minutes the answer is 429 until the window has passed. When the first step ' +
      'joined a project (Google sign-in with an invitation), the answer names it (joined_project_id).',
    tags,
    access: 'public',
    body: TwoFactorSignInRequest,
    responses: { 200: JoinedUserResponse },
    errors: [401, 429],
  }),
  passkeySignInOptions: defineRoute({
    method: 'POST',
    path: '/auth/two-factor/passkey-options',
    operationId: 'startPasskeySignIn',
    summary: "WebAuthn options to finish a pending sign-in with one of the account's passkeys",
    description:
      'Needs the pending sign-in cookie of POST /auth/login (401 `two_factor_expired` without it). The answer ' +
      'goes to navigator.credentials.get(); its result is sent to POST /auth/two-factor as `passkey`. The ' +
      'challenge is used once and lasts 5 minutes. 401 `passkey_not_verified` when the account has no passkey.',
    tags,
    access: 'public',
    responses: { 200: PasskeyOptionsResponse },
    errors: [401, 429],
  }),
  status: defineRoute({
    method: 'GET',
    path: '/users/me/two-factor',
    operationId: 'getTwoFactorStatus',
    summary: "Whether the caller's account has two-factor sign-in, and how many recovery codes are left",
    tags,
    access: 'session',
    responses: { 200: TwoFactorStatusResponse },
    errors: [],
  }),
  startTotp: defineRoute({
    method: 'POST',
    path: '/users/me/two-factor/totp',
    operationId: 'startTotpEnrolment',
    summary: 'Start setting up an authenticator app: a new secret, its otpauth:// address and QR code',
    description:
      'Replaces a set-up that was started and not confirmed. 409 when two-factor sign-in is already on; 503 ' +
      'when the server has no ENCRYPTION_KEY (the secret is stored encrypted).',
    tags,
    access: 'session',
    responses: { 200: TotpEnrolmentResponse },
    errors: [409, 503],
  }),
  confirmTotp: defineRoute({
    method: 'POST',
    path: '/users/me/two-factor/totp/confirm',
    operationId: 'confirmTotpEnrolment',
    summary:
      'Turn two-factor sign-in on with a code of the new authenticator app; answers the recovery codes',
    description:
      'When the app is the account’s first second factor, the 10 recovery codes are shown only in this answer ' +
      'and the account is emailed a note; next to passkeys the account keeps its codes (an empty list).',
    tags,
    access: 'session',
    body: TwoFactorCodeRequest,
    responses: { 200: RecoveryCodesResponse },
    errors: [409, 429],
  }),
  removeTotp: defineRoute({
    // POST with the code, as `disable`: a body on DELETE has no defined meaning and intermediaries may drop it.
    method: 'POST',
    path: '/users/me/two-factor/totp/remove',
    operationId: 'removeTotp',
    summary:
      'Remove the authenticator app only (needs a fresh authenticator-app code or a recovery code), keeping the passkeys',
    description:
      'With passkeys left, two-factor sign-in stays on with them and the recovery codes stay. When the app is ' +
      'the last second factor it is the same as POST /users/me/two-factor/disable (the recovery codes go too). ' +
      'The account is emailed a note. 409 `totp_disabled` when the account has no authenticator app.',
    tags,
    access: 'session',
    body: TwoFactorCodeRequest,
    responses: { 200: TwoFactorStatusResponse },
    errors: [409, 429],
  }),
  listPasskeys: defineRoute({
    method: 'GET',
    path: '/users/me/two-factor/passkeys',
    operationId: 'listPasskeys',
    summary: "The caller's passkeys",
    tags,
    access: 'session',
    responses: { 200: PasskeysResponse },
    errors: [],
  }),
  startPasskey: defineRoute({
    method: 'POST',
    path: '/users/me/two-factor/passkeys/options',
    operationId: 'startPasskeyRegistration',
    summary: 'WebAuthn options to register a new passkey (for navigator.credentials.create())',
    description: 'The challenge is used once and lasts 5 minutes. 409 at 10 passkeys.',
    tags,
    access: 'session',
    responses: { 200: PasskeyOptionsResponse },
    errors: [409, 429],
  }),
  addPasskey: defineRoute({
    method: 'POST',
    path: '/users/me/two-factor/passkeys',
    operationId: 'addPasskey',
    summary: 'Register a passkey as a second factor; the first second factor also answers recovery codes',
    description:
      'The browser’s answer to the options of POST /users/me/two-factor/passkeys/options, verified against ' +
      'PUBLIC_URL’s origin and host (400 `passkey_not_verified`). When it is the account’s first second factor, ' +
      'two-factor sign-in turns on, the 10 recovery codes are in this answer only, and the account is emailed a note.',
    tags,
    access: 'session',
    body: AddPasskeyRequest,
    responses: { 200: AddPasskeyResponse },
    errors: [400, 409, 429],
  }),
  removePasskey: defineRoute({
    method: 'DELETE',
    path: '/users/me/two-factor/passkeys/:passkeyId',
    operationId: 'removePasskey',
    summary: 'Remove one of the caller’s passkeys',
    description:
      'Removing the last second factor turns two-factor sign-in off (the recovery codes go with it) and emails ' +
      'the account a note. 404 for a passkey that is not the caller’s.',
    tags,
    access: 'session',
    params: PasskeyIdParams,
    responses: { 200: TwoFactorStatusResponse },
    errors: [404],
  }),
  regenerateRecoveryCodes: defineRoute({
    method: 'POST',
    path: '/users/me/two-factor/recovery-codes',
    operationId: 'regenerateRecoveryCodes',
    summary:
      'Replace the recovery codes (needs a fresh authenticator-app code or a recovery code); the old ones stop working',
    tags,
    access: 'session',
    body: TwoFactorCodeRequest,
    responses: { 200: RecoveryCodesResponse },
    errors: [409, 429],
  }),
  disable: defineRoute({
    method: 'POST',
    path: '/users/me/two-factor/disable',
    operationId: 'disableTwoFactor',
    summary: 'Turn two-factor sign-in off (needs a fresh authenticator-app code or a recovery code)',
    description:
      'The authenticator app, the passkeys and the recovery codes all go; an account with only passkeys gives a ' +
      'recovery code. The account is emailed a note.',
    tags,
    access: 'session',
    body: TwoFactorCodeRequest,
    responses: { 200: TwoFactorStatusResponse },
    errors: [409, 429],
  }),
  getPolicy: defineRoute({
    method: 'GET',
    path: '/projects/:id/two-factor-policy',
    operationId: 'getTwoFactorPolicy',
    summary: 'Whether the project requires two-factor sign-in of its admins and owners (admin or owner)',
    tags,
    access: 'session',
    params: ProjectIdParams,
    responses: { 200: TwoFactorPolicyResponse },
    errors: [403, 404],
  }),
  setPolicy: defineRoute({
    method: 'PUT',
    path: '/projects/:id/two-factor-policy',
    operationId: 'setTwoFactorPolicy',
    summary: 'Require (or stop requiring) two-factor sign-in of the project’s admins and owners (owner)',
    description:
      'While required, an admin or owner without a second factor (and a super admin or support staff seeing the ' +
      'project as admin) gets 403 `two_factor_required` on every route of the project; API keys are not ' +
      'affected. An owner must have a second factor to turn it on (400 `two_factor_not_enabled`).',
    tags,
    access: 'session',
    params: ProjectIdParams,
    body: TwoFactorPolicy,
    responses: { 200: TwoFactorPolicyResponse },
    errors: [403, 404],
  }),
};
