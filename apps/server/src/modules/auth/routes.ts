import { API_KEY_TEXTS, DEVICE_COOKIE, authRoutes as routes } from '@parley/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../errors.ts';
import { serve } from '../../http/serve.ts';
import { holdForSecondFactor } from '../two-factor/challenge.ts';
import { toUserDto, type UserRow } from '../users/dto.ts';
import { setSignInCookies } from './devices.ts';
import { clearSessionCookie, currentUser } from './plugin.ts';
import { login, requestPasswordReset, resetPassword } from './service.ts';
import { deleteSession } from './sessions.ts';
import { signInWithLink } from './sign-in-link.ts';
import { confirmEmail, isFirstAccount, signup } from './signup.ts';

export async function authRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limited = { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } } };

  const signedIn = (request: FastifyRequest, reply: FastifyReply, user: UserRow, token: string) =>
    setSignInCookies(ctx, request, reply, user.id, token);

  /** A finished first step: signed in, or (an account with a second factor) asked for its code. */
  const firstStepDone = async (
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    token: string,
  ) => {
    const challenge = await holdForSecondFactor(ctx, reply, user.id, token);
    if (challenge) return { data: challenge };
    await signedIn(request, reply, user, token);
    return { data: toUserDto(user) };
  };

  serve(app, routes.signup, {
    ...limited,
    handler: async (request, reply) => {
      const outcome = await signup(ctx, request.body);
      if (!outcome.signedIn)
        return reply.status(202).send({ data: { status: 'confirmation_sent' as const } });
      await signedIn(request, reply, outcome.user, outcome.token);
      return reply.status(201).send({
        data: toUserDto(outcome.user),
        ...(outcome.joinedProjectId && { joined_project_id: outcome.joinedProjectId }),
      });
    },
  });

  serve(app, routes.confirm, {
    ...limited,
    handler: async (request, reply) => {
      const { user, token } = await confirmEmail(ctx, request.body.token);
      return firstStepDone(request, reply, user, token);
    },
  });

  serve(app, routes.signInLink, {
    ...limited,
    handler: async (request, reply) => {
      const { user, token } = await signInWithLink(ctx, request.body.token);
      return firstStepDone(request, reply, user, token);
    },
  });

  serve(app, routes.login, {
    ...limited,
    handler: async (request, reply) => {
      const { email, password } = request.body;
      const { user, token } = await login(ctx, email, password, request.cookies[DEVICE_COOKIE]);
      return firstStepDone(request, reply, user, token);
    },
  });

  serve(app, routes.logout, {
    handler: async (request, reply) => {
      if (request.sessionToken) await deleteSession(ctx.db, request.sessionToken);
      clearSessionCookie(reply);
      return { data: { ok: true as const } };
    },
  });

  serve(app, routes.me, {
    handler: async (request) => ({ data: toUserDto(currentUser(request)) }),
  });

  serve(app, routes.session, {
    handler: async (request) => {
      // Public for anonymous visitors, but a key learns no more here than from GET /auth/me.
      if (request.apiKey?.type === 'media') throw forbidden(API_KEY_TEXTS.mediaOnly);
      return { data: { user: request.user ? toUserDto(request.user) : null } };
    },
  });

  serve(app, routes.installation, {
    // Each anonymous page load asks once; a flood of them is not a reason to query the database.
    config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
    handler: async () => ({ data: { has_accounts: !(await isFirstAccount(ctx.db)) } }),
  });

  serve(app, routes.forgotPassword, {
    ...limited,
    handler: async (request, reply) => {
      await requestPasswordReset(ctx, request.body.email);
      return reply.status(202).send({ data: { ok: true as const } });
    },
  });

  serve(app, routes.resetPassword, {
    ...limited,
    handler: async (request) => {
      await resetPassword(ctx, request.body.token, request.body.password);
      return { data: { ok: true as const } };
    },
  });
}
