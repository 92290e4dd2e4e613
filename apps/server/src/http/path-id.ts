import { idFrom } from '@parley/contracts';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';

const IdParam = z.object({ id: z.string() });

/**
 * The path's :id as an id, read before the request is validated (access hooks answer 404 before validation
 * can answer 400); null when the path has none or it is not an id.
 */
export const pathId = (request: FastifyRequest): number | null =>
  idFrom(IdParam.safeParse(request.params).data?.id);
