import {
  ChangePasswordRequest,
  OkResponse,
  UpdateLanguageRequest,
  UpdateProfileRequest,
  UserResponse,
} from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../auth/plugin.ts';
import { toUserDto } from './dto.ts';
import { changePassword, updateUser } from './service.ts';

const tags = ['users'];

export async function userRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.put(
    '/users/me',
    {
      schema: {
        tags,
        summary: 'Update the profile',
        body: UpdateProfileRequest,
        response: { 200: UserResponse },
      },
    },
    async (request) => ({
      data: toUserDto(await updateUser(ctx, currentUser(request).id, { name: request.body.name })),
    }),
  );

  r.put(
    '/users/language',
    {
      schema: {
        tags,
        summary: 'Save the UI language to the account',
        body: UpdateLanguageRequest,
        response: { 200: UserResponse },
      },
    },
    async (request) => ({
      data: toUserDto(await updateUser(ctx, currentUser(request).id, { language: request.body.language })),
    }),
  );

  r.put(
    '/users/me/password',
    {
      schema: {
        tags,
        summary: 'Change the password (other sessions end)',
        body: ChangePasswordRequest,
        response: { 200: OkResponse },
      },
    },
    async (request) => {
      await changePassword(ctx, currentUser(request), request.sessionToken, request.body);
      return { data: { ok: true as const } };
    },
  );
}
