import { healthRoutes as routes } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import packageJson from '../../../package.json' with { type: 'json' };
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';

const { version } = packageJson;

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(app, routes.check, {
    handler: async (_request, reply) => {
      const database = await ctx.db
        .execute(sql`SELECT 1`)
        .then(() => 'ok' as const)
        .catch(() => 'down' as const);
      const status = database === 'ok' ? 'ok' : 'degraded';
      return reply.status(database === 'ok' ? 200 : 503).send({ status, database, version });
    },
  });
}
