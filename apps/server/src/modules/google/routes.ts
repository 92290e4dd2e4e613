import { authRoutes as routes } from '@parley/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { setSignInCookies } from '../auth/devices.ts';
import { holdForSecondFactor } from '../two-factor/challenge.ts';
import { toUserDto } from '../users/dto.ts';
import { assertGoogleConfigured, assertOwnRedirectUri, googleConfigured } from './oauth.ts';
import { finishGoogleSignIn, startGoogleSignIn } from './sign-in.ts';

/** The addresses a Google redirect may lead back to: the public one, and the one the request was sent to. */
export function ownOrigins(ctx: AppContext, request: FastifyRequest): string[] {
  return [ctx.config.publicUrl, `${request.protocol}://${request.host}`];
}

export async function googleSignInRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limited = { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } } };

  serve(app, routes.googleAvailable, {
    handler: async () => ({ data: { available: googleConfigured(ctx.config) } }),
  });

  serve(app, routes.googleStart, {
    ...limited,
    handler: async (request) => {
      assertGoogleConfigured(ctx.config);
      assertOwnRedirectUri(request.body.redirect_uri, ownOrigins(ctx, request));
      return { status: 'success' as const, data: await startGoogleSignIn(ctx, request.body.redirect_uri) };
    },
  });

  serve(app, routes.googleCallback, {
    ...limited,
    handler: async (request, reply) => {
      assertGoogleConfigured(ctx.config);
      const { user, token, joinedProjectId } = await finishGoogleSignIn(ctx, request.body);
      // The same account: its second factor is asked after Google as after a password.
      const challenge = await holdForSecondFactor(ctx, reply, user.id, token, joinedProjectId);
      if (challenge) return { data: challenge };
      await setSignInCookies(ctx, request, reply, user.id, token);
      return { data: toUserDto(user), ...(joinedProjectId && { joined_project_id: joinedProjectId }) };
    },
  });
}
