import { twoFactorRoutes as routes, TWO_FACTOR } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { auditRequest } from '../audit/record.ts';
import { setSignInCookies } from '../auth/devices.ts';
import { currentUser } from '../auth/plugin.ts';
import { createSession } from '../auth/sessions.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { toUserDto } from '../users/dto.ts';
import { clearChallengeCookie, finishSecondFactor, passkeySignInOptions } from './challenge.ts';
import {
  confirmTotpEnrolment,
  disableTwoFactor,
  regenerateRecoveryCodes,
  removeTotp,
  startTotpEnrolment,
  twoFactorStatus,
} from './factors.ts';
import { addPasskey, listPasskeys, removePasskey, startPasskeyRegistration } from './passkeys.ts';
import { setTwoFactorPolicy } from './policy.ts';

export async function twoFactorRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const limited = { config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } } };

  serve(app, routes.signIn, {
    ...limited,
    handler: async (request, reply) => {
      const token = request.cookies[TWO_FACTOR.challengeCookie];
      const { user, method, joinedProjectId } = await finishSecondFactor(ctx, token, request.body);
      clearChallengeCookie(reply);
      await setSignInCookies(ctx, request, reply, user.id, await createSession(ctx.db, user.id, { method }));
      return {
        data: toUserDto(user),
        ...(joinedProjectId !== null && { joined_project_id: joinedProjectId }),
      };
    },
  });

  serve(app, routes.passkeySignInOptions, {
    ...limited,
    handler: async (request) => ({
      data: await passkeySignInOptions(ctx, request.cookies[TWO_FACTOR.challengeCookie]),
    }),
  });

  serve(app, routes.status, {
    handler: async (request) => ({ data: await twoFactorStatus(ctx.db, currentUser(request).id) }),
  });

  serve(app, routes.startTotp, {
    ...limited,
    handler: async (request) => ({ data: await startTotpEnrolment(ctx, currentUser(request)) }),
  });

  serve(app, routes.confirmTotp, {
    ...limited,
    handler: async (request) => ({
      data: await confirmTotpEnrolment(ctx, currentUser(request), request.body.code),
    }),
  });

  serve(app, routes.removeTotp, {
    ...limited,
    handler: async (request) => ({
      data: await removeTotp(ctx, currentUser(request), request.body.code),
    }),
  });

  serve(app, routes.listPasskeys, {
    handler: async (request) => ({ data: await listPasskeys(ctx.db, currentUser(request).id) }),
  });

  serve(app, routes.startPasskey, {
    ...limited,
    handler: async (request) => ({ data: await startPasskeyRegistration(ctx, currentUser(request)) }),
  });

  serve(app, routes.addPasskey, {
    ...limited,
    handler: async (request) => ({
      data: await addPasskey(ctx, currentUser(request), request.body.name, request.body.credential),
    }),
  });

  serve(app, routes.removePasskey, {
    handler: async (request) => ({
      data: await removePasskey(ctx, currentUser(request), request.params.passkeyId),
    }),
  });

  serve(app, routes.regenerateRecoveryCodes, {
    ...limited,
    handler: async (request) => ({
      data: await regenerateRecoveryCodes(ctx, currentUser(request), request.body.code),
    }),
  });

  serve(app, routes.disable, {
    ...limited,
    handler: async (request) => ({
      data: await disableTwoFactor(ctx, currentUser(request), request.body.code),
    }),
  });

  serve(app, routes.getPolicy, {
    preValidation: projectRole(ctx, 'admin'),
    handler: async (request) => ({
      data: { require_two_factor: projectAccess(request).project.requireTwoFactor },
    }),
  });

  serve(app, routes.setPolicy, {
    preValidation: projectRole(ctx, 'owner'),
    handler: async (request) => {
      const required = request.body.require_two_factor;
      const policy = await setTwoFactorPolicy(ctx, projectAccess(request), currentUser(request), required);
      await auditRequest(ctx.db, request, 'two_factor_policy_changed', { details: { required } });
      return { data: policy };
    },
  });
}
