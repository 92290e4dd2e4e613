import { reviewRoutes as routes } from '@parley/contracts';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { serve } from '../../http/serve.ts';
import { currentUser } from '../auth/plugin.ts';
import { projectAccess, projectRole } from '../projects/access.ts';
import { reviewAgreement, reviewDisagreements } from './agreement.ts';
import { assignmentsOverview, reviewQueue } from './assignments.ts';
import { closeCalibration, createCalibration } from './calibration.ts';
import { calibrationDetail, listCalibrations } from './calibration-read.ts';
import { createRule, deleteRule, listRules, runRuleNow, updateRule } from './sampling-rules.ts';
import { acknowledgeReview, analysisReviews, discardDraft, saveReview } from './service.ts';

/**
 * Reviews by people: every member reads the reviews of the analyses they see; who may review is decided per
 * analysis (service.ts), so the route guard asks for membership only. Sampling rules and the assignments
 * overview are for admins and owners; the queue is every member's own. Calibration sessions are started and
 * closed by admins and owners; every member reads the ones they take part in (calibration-read.ts).
 */
export async function reviewRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const member = projectRole(ctx, 'user');
  const admin = projectRole(ctx, 'admin');

  serve(app, routes.listRules, {
    preValidation: admin,
    handler: async (request) => ({ data: await listRules(ctx, projectAccess(request)) }),
  });

  serve(app, routes.createRule, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(201).send({
        data: await createRule(ctx, projectAccess(request), currentUser(request), request.body),
      }),
  });

  serve(app, routes.updateRule, {
    preValidation: admin,
    handler: async (request) => ({
      data: await updateRule(ctx, projectAccess(request), request.params.ruleId, request.body),
    }),
  });

  serve(app, routes.deleteRule, {
    preValidation: admin,
    handler: async (request) => ({
      data: await deleteRule(ctx, projectAccess(request), request.params.ruleId),
    }),
  });

  serve(app, routes.runRule, {
    preValidation: admin,
    handler: async (request) => ({
      data: await runRuleNow(ctx, projectAccess(request), request.params.ruleId),
    }),
  });

  serve(app, routes.queue, {
    preValidation: member,
    handler: async (request) => reviewQueue(ctx, projectAccess(request), currentUser(request), request.query),
  });

  serve(app, routes.assignments, {
    preValidation: admin,
    handler: async (request) => assignmentsOverview(ctx, projectAccess(request), request.query),
  });

  serve(app, routes.agreement, {
    preValidation: member,
    handler: async (request) => ({
      data: await reviewAgreement(ctx, projectAccess(request), request.query),
    }),
  });

  serve(app, routes.disagreements, {
    preValidation: member,
    handler: async (request) => ({
      data: await reviewDisagreements(ctx, projectAccess(request), currentUser(request), request.query),
    }),
  });

  serve(app, routes.createCalibration, {
    preValidation: admin,
    handler: async (request, reply) =>
      reply.status(201).send({
        data: await createCalibration(
          ctx,
          { access: projectAccess(request), user: currentUser(request) },
          request.body,
        ),
      }),
  });

  serve(app, routes.listCalibrations, {
    preValidation: member,
    handler: async (request) =>
      listCalibrations(ctx, { access: projectAccess(request), user: currentUser(request) }, request.query),
  });

  serve(app, routes.getCalibration, {
    preValidation: member,
    handler: async (request) => ({
      data: await calibrationDetail(
        ctx,
        { access: projectAccess(request), user: currentUser(request) },
        request.params.calibrationId,
      ),
    }),
  });

  serve(app, routes.closeCalibration, {
    preValidation: admin,
    handler: async (request) => ({
      data: await closeCalibration(
        ctx,
        { access: projectAccess(request), user: currentUser(request) },
        request.params.calibrationId,
      ),
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
