import { userRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { toUserDto } from './dto.ts';
import { changePassword, updateUser } from './service.ts';

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.updateProfile, {
    handler: async (request) => ({
      data: toUserDto(await updateUser(ctx, currentUser(request).id, { name: request.body.name })),
    }),
  });

  serve(app, routes.updateLanguage, {
    handler: async (request) => ({
      data: toUserDto(await updateUser(ctx, currentUser(request).id, { language: request.body.language })),
    }),
  });

  serve(app, routes.changePassword, {
    // Limited per IP like sign-in (and per account in changePassword).
    config: { rateLimit: { max: ctx.config.loginRateLimit, timeWindow: '1 minute' } },
    handler: async (request) => {
      await changePassword(ctx, currentUser(request), request.sessionToken, request.body);
      return { data: { ok: true as const } };
    },
  });
}
