import { ProjectIdParams, UserResponse } from '../api.ts';
import {
  RecoveryCodesResponse,
  TotpEnrolmentResponse,
  TwoFactorCodeRequest,
  TwoFactorPolicy,
  TwoFactorPolicyResponse,
  TwoFactorSignInRequest,
  TwoFactorStatusResponse,
} from '../security/api.ts';
import { defineRoute } from './route.ts';

// Two-factor sign-in: the second step of a sign-in, the caller's own second factors (an authenticator app and
// recovery codes), and a project's rule that its admins and owners must have one.
const tags = ['two-factor'] as const;

export const twoFactorRoutes = {
  signIn: defineRoute({
    method: 'POST',
    path: '/auth/two-factor',
    operationId: 'finishTwoFactorSignIn',
    summary: 'Finish a sign-in with an authenticator-app code or a recovery code',
    description:
      'The second step of a sign-in answered with two_factor_required (POST /auth/login, Google sign-in): ' +
      'its httpOnly cookie names the pending sign-in, which lasts 5 minutes and dies after 5 wrong codes ' +
      '(401 `two_factor_expired`). A code is accepted once; a recovery code works once. Wrong codes count per ' +
      'account: after 5 in 15 minutes the answer is 429 until the window has passed.',
    tags,
    access: 'public',
    body: TwoFactorSignInRequest,
    responses: { 200: UserResponse },
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
    description: 'The 10 recovery codes are shown only in this answer. The account is emailed a note.',
    tags,
    access: 'session',
    body: TwoFactorCodeRequest,
    responses: { 200: RecoveryCodesResponse },
    errors: [409, 429],
  }),
  regenerateRecoveryCodes: defineRoute({
    method: 'POST',
    path: '/users/me/two-factor/recovery-codes',
    operationId: 'regenerateRecoveryCodes',
    summary: 'Replace the recovery codes (needs a fresh authenticator-app code); the old ones stop working',
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
    description: 'The account is emailed a note.',
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
