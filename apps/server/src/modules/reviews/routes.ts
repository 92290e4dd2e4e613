import { reviewRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { reviewAgreement, reviewDisagreements } from './agreement.ts';
import { acknowledgeReview, analysisReviews, discardDraft, saveReview } from './service.ts';

/**
 * Reviews by people: every member reads the reviews of the analyses they see; who may review is decided per
 * analysis (service.ts), so the route guard asks for membership only.
 */
export async function reviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');

  serve(app, routes.agreement, {
    preValidation: member,
    handler: async (request) => ({
      data: await reviewAgreement(ctx, projectAccess(request), request.query),
    }),
  });

  serve(app, routes.disagreements, {
    preValidation: member,
    handler: async (request) => ({
      data: await reviewDisagreements(ctx, projectAccess(request), request.query),
    }),
  });

  serve(app, routes.list, {
    preValidation: member,
    handler: async (request) => ({
      data: await analysisReviews(ctx, projectAccess(request), currentUser(request), request.params.taskId),
    }),
  });

  serve(app, routes.save, {
    preValidation: member,
    handler: async (request) => ({
      data: await saveReview(
        ctx,
        projectAccess(request),
        currentUser(request),
        request.params.taskId,
        request.body,
      ),
    }),
  });

  serve(app, routes.discard, {
    preValidation: member,
    handler: async (request) => ({
      data: await discardDraft(ctx, projectAccess(request), currentUser(request), request.params.taskId),
    }),
  });

  serve(app, routes.acknowledge, {
    preValidation: member,
    handler: async (request) => ({
      data: await acknowledgeReview(
        ctx,
        projectAccess(request),
        currentUser(request),
        request.params.reviewId,
      ),
    }),
  });
}
