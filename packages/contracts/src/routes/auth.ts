import { z } from 'zod';
import {
  ConfirmEmailRequest,
  ForgotPasswordRequest,
  GoogleAvailabilityResponse,
  GoogleCallbackRequest,
  GoogleStartRequest,
  GoogleStartResponse,
  InstallationResponse,
  JoinedUserResponse,
  LoginRequest,
  OkResponse,
  ResetPasswordRequest,
  SessionResponse,
  SignInLinkRequest,
  SignupAcceptedResponse,
  SignupRequest,
  UserResponse,
} from '../api.ts';
import { TwoFactorRequiredResponse } from '../security/api.ts';
import { firstVisitEndpoints } from './endpoints.ts';
import { defineRoute } from './route.ts';

// Signing up, in and out, and the password reset. The public routes that take an email or token are rate
// limited per client (429).
const tags = ['auth'] as const;

export const authRoutes = {
  signup: defineRoute({
    method: 'POST',
    path: '/auth/signup',
    operationId: 'signUp',
    summary: 'Create an account',
    description:
      'The first account of the installation, and an invitee with the token of their invitation, are ' +
      'signed in at once (201); the invitee joins the invited project in the same step (joined_project_id). ' +
      'Otherwise the answer is 202 whether the email is new or taken: a new account ' +
      'is emailed a confirmation link (POST /auth/confirm), the owner of a taken email a note.',
    tags,
    access: 'public',
    body: SignupRequest,
    responses: { 201: JoinedUserResponse, 202: SignupAcceptedResponse },
    errors: [429],
  }),
  confirm: defineRoute({
    method: 'POST',
    path: '/auth/confirm',
    operationId: 'confirmEmail',
    summary: 'Confirm the email of a new account with the token of its link, and sign in',
    tags,
    access: 'public',
    body: ConfirmEmailRequest,
    responses: { 200: z.union([UserResponse, TwoFactorRequiredResponse]) },
    errors: [429],
  }),
  login: defineRoute({
    ...firstVisitEndpoints.login,
    operationId: 'signIn',
    summary: 'Sign in',
    description:
      'A successful sign-in leaves an httpOnly device cookie: after 10 failed sign-ins for an email in 15 minutes, ' +
      'only browsers with its device cookie may keep signing in (5 failures each). Any other client gets 429 ' +
      '`account_locked`, whether its password was right or not; when it was, a sign-in link (POST ' +
      '/auth/sign-in-link) is emailed to the account. An account with two-factor sign-in answers ' +
      '`two_factor_required` and a short-lived cookie instead of a session: POST /auth/two-factor finishes it.',
    tags,
    access: 'public',
    body: LoginRequest,
    responses: { 200: z.union([UserResponse, TwoFactorRequiredResponse]) },
    errors: [401, 403, 429],
  }),
  signInLink: defineRoute({
    method: 'POST',
    path: '/auth/sign-in-link',
    operationId: 'signInWithLink',
    summary: 'Sign in with the token of an emailed sign-in link',
    tags,
    access: 'public',
    body: SignInLinkRequest,
    responses: { 200: z.union([UserResponse, TwoFactorRequiredResponse]) },
    errors: [429],
  }),
  logout: defineRoute({
    method: 'POST',
    path: '/auth/logout',
    operationId: 'signOut',
    summary: 'Sign out',
    tags,
    access: 'public',
    responses: { 200: OkResponse },
    // Like every state-changing request, one sent from another website is refused (http/csrf.ts).
    errors: [403],
  }),
  me: defineRoute({
    method: 'GET',
    path: '/auth/me',
    operationId: 'getCurrentUser',
    summary: 'The signed-in user',
    tags,
    access: 'full-key',
    responses: { 200: UserResponse },
    errors: [],
  }),
  session: defineRoute({
    ...firstVisitEndpoints.session,
    operationId: 'getSession',
    summary: "The session's user, or null when nobody is signed in",
    description:
      'For the web app, which asks on every page whether someone is signed in: an anonymous visitor gets 200 ' +
      'with user null instead of the 401 of GET /auth/me. (An unknown or revoked API key still answers 401, ' +
      'a media key 403.)',
    tags,
    access: 'public',
    responses: { 200: SessionResponse },
    errors: [401, 403],
  }),
  installation: defineRoute({
    ...firstVisitEndpoints.installation,
    operationId: 'getInstallation',
    summary: 'Whether the installation has any account yet',
    description:
      'For the web app, which opens sign-up instead of sign-in on a fresh installation: the first account ' +
      'becomes the super admin. Says nothing about which accounts exist.',
    tags,
    access: 'public',
    responses: { 200: InstallationResponse },
    errors: [429],
  }),
  forgotPassword: defineRoute({
    method: 'POST',
    path: '/auth/forgot-password',
    operationId: 'requestPasswordReset',
    summary: 'Email a password reset link (answers the same whether the account exists or not)',
    description:
      'Answers 202 once the request is queued: the account is looked up and the link emailed in the background, ' +
      'so neither the answer nor its time tells whether the email has an account.',
    tags,
    access: 'public',
    body: ForgotPasswordRequest,
    responses: { 202: OkResponse },
    errors: [429],
  }),
  resetPassword: defineRoute({
    method: 'POST',
    path: '/auth/reset-password',
    operationId: 'resetPassword',
    summary: 'Set a new password with the token of a reset link',
    tags,
    access: 'public',
    body: ResetPasswordRequest,
    responses: { 200: OkResponse },
    errors: [429],
  }),
  googleAvailable: defineRoute({
    ...firstVisitEndpoints.googleAvailable,
    operationId: 'getGoogleSignInAvailability',
    summary: 'Whether Google sign-in is set up on this server (GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET)',
    tags,
    access: 'public',
    responses: { 200: GoogleAvailabilityResponse },
    errors: [],
    hidden: true,
  }),
  googleStart: defineRoute({
    ...firstVisitEndpoints.googleStart,
    operationId: 'startGoogleSignIn',
    summary: 'Start Google sign-in (OAuth 2.0 authorization code with PKCE)',
    description:
      'Answers the Google address to send the browser to and the state it will bring back to redirect_uri ' +
      '(an address of this site, normally {PUBLIC_URL}/auth/google/callback). 503 when Google sign-in is not set up.',
    tags,
    access: 'public',
    body: GoogleStartRequest,
    responses: { 200: GoogleStartResponse },
    errors: [400, 429, 503],
  }),
  googleCallback: defineRoute({
    method: 'POST',
    path: '/auth/google/callback',
    operationId: 'finishGoogleSignIn',
    summary: 'Finish Google sign-in with the code and state Google sent back, and sign in',
    description:
      'The Google account signs in to the account it is linked to; else to the account with its email when ' +
      'Google says the email is verified (and is linked to it); else a new account is made, without a password. ' +
      'With the token of an open invitation for its email, the account joins the invited project ' +
      '(joined_project_id); another token is ignored. An account with two-factor sign-in answers ' +
      '`two_factor_required` instead, as POST /auth/login does; the invitation is accepted all the same, and ' +
      'the answer of the second step (POST /auth/two-factor) names the project.',
    tags,
    access: 'public',
    body: GoogleCallbackRequest,
    responses: { 200: z.union([JoinedUserResponse, TwoFactorRequiredResponse]) },
    errors: [400, 403, 429, 503],
  }),
};
