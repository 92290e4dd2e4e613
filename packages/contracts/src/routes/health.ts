import { HealthResponse } from '../api.ts';
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
};
