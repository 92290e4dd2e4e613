import {
  ForgotPasswordRequest,
  LoginRequest,
  OkResponse,
  ResetPasswordRequest,
  SignupRequest,
  UserResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { toUserDto } from '../users/dto.ts';
import { clearSessionCookie, currentUser, setSessionCookie } from './plugin.ts';
import { login, requestPasswordReset, resetPassword, signup } from './service.ts';
import { deleteSession } from './sessions.ts';

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
        summary: 'Create an account and sign in',
        body: SignupRequest,
        response: { 201: UserResponse },
      },
    },
    async (request, reply) => {
      const { user, token } = await signup(ctx, request.body);
      setSessionCookie(ctx, reply, token);
      return reply.status(201).send({ data: toUserDto(user) });
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
