import { HealthResponse } from '@parley/contracts';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import packageJson from '../../../package.json' with { type: 'json' };
import type { AppContext } from '../../context.ts';

const { version } = packageJson;

export async function healthRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      config: { public: true },
      schema: {
        tags: ['health'],
        summary: 'Liveness and database check (503 when the database does not answer)',
        response: { 200: HealthResponse, 503: HealthResponse },
      },
    },
    async (_request, reply) => {
      const database = await ctx.db
        .execute(sql`SELECT 1`)
        .then(() => 'ok' as const)
        .catch(() => 'down' as const);
      const status = database === 'ok' ? 'ok' : 'degraded';
      return reply.status(database === 'ok' ? 200 : 503).send({ status, database, version });
    },
  );
}
