import { HealthResponse, ReadinessResponse } from '../api.ts';
import { defineRoute } from './route.ts';

export const healthRoutes = {
  check: defineRoute({
    method: 'GET',
    path: '/health',
    operationId: 'checkHealth',
    summary: 'Liveness and database check (503 when the database does not answer)',
    tags: ['health'],
    access: 'public',
    responses: { 200: HealthResponse, 503: HealthResponse },
    errors: [],
    // Plumbing for load balancers and start-up checks; it answers no 4xx, which the documented API requires.
    hidden: true,
  }),
  ready: defineRoute({
    method: 'GET',
    path: '/health/ready',
    operationId: 'checkReadiness',
    summary: 'Readiness: 503 while the database, its migrations or the media storage are not ready',
    description: 'A stopping process answers every request with 503 while it finishes those under way.',
    tags: ['health'],
    access: 'public',
    responses: { 200: ReadinessResponse, 503: ReadinessResponse },
    errors: [],
    hidden: true,
  }),
};
