import {
  ConfirmEmailRequest,
  ForgotPasswordRequest,
  LoginRequest,
  OkResponse,
  ResetPasswordRequest,
  SignupAcceptedResponse,
  SignupRequest,
  UserResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { toUserDto } from '../users/dto.ts';
import { clearSessionCookie, currentUser, setSessionCookie } from './plugin.ts';
import { login, requestPasswordReset, resetPassword } from './service.ts';
import { deleteSession } from './sessions.ts';
import { confirmEmail, signup } from './signup.ts';

const tags = ['auth'];

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const limited = { public: true, rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } };

  r.post(
    '/auth/signup',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Create an account',
        description:
          'The first account of the installation, and an invitee with the token of their invitation, are ' +
          'signed in at once (201). Otherwise the answer is 202 whether the email is new or taken: a new account ' +
          'is emailed a confirmation link (POST /auth/confirm), the owner of a taken email a note.',
        body: SignupRequest,
        response: { 201: UserResponse, 202: SignupAcceptedResponse },
      },
    },
    async (request, reply) => {
      const outcome = await signup(ctx, request.body);
      if (!outcome.signedIn)
        return reply.status(202).send({ data: { status: 'confirmation_sent' as const } });
      setSessionCookie(ctx, reply, outcome.token);
      return reply.status(201).send({ data: toUserDto(outcome.user) });
    },
  );

  r.post(
    '/auth/confirm',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Confirm the email of a new account with the token of its link, and sign in',
        body: ConfirmEmailRequest,
        response: { 200: UserResponse },
      },
    },
    async (request, reply) => {
      const { user, token } = await confirmEmail(ctx, request.body.token);
      setSessionCookie(ctx, reply, token);
      return { data: toUserDto(user) };
    },
  );

  r.post(
    '/auth/login',
    {
      config: limited,
      schema: { tags, summary: 'Sign in', body: LoginRequest, response: { 200: UserResponse } },
    },
    async (request, reply) => {
      const { user, token } = await login(ctx, request.body.email, request.body.password);
      setSessionCookie(ctx, reply, token);
      return { data: toUserDto(user) };
    },
  );

  r.post(
    '/auth/logout',
    { config: { public: true }, schema: { tags, summary: 'Sign out', response: { 200: OkResponse } } },
    async (request, reply) => {
      if (request.sessionToken) await deleteSession(ctx.db, request.sessionToken);
      clearSessionCookie(reply);
      return { data: { ok: true as const } };
    },
  );

  r.get(
    '/auth/me',
    { schema: { tags, summary: 'The signed-in user', response: { 200: UserResponse } } },
    async (request) => ({ data: toUserDto(currentUser(request)) }),
  );

  r.post(
    '/auth/forgot-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Email a password reset link (answers the same whether the account exists or not)',
        body: ForgotPasswordRequest,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await requestPasswordReset(ctx, request.body.email);
      return { data: { ok: true as const } };
    },
  );

  r.post(
    '/auth/reset-password',
    {
      config: limited,
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link',
        body: ResetPasswordRequest,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return { data: { ok: true as const } };
    },
  );
}
