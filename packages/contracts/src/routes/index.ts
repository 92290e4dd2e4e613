// The route table: every API route is defined once here (method, path, input and answer schemas, who may
// call it). The server registers its handlers from these definitions, the OpenAPI document and the API-key
// policy read them, and the web calls them through its typed client.
import { adminRoutes } from './admin.ts';
import { authRoutes } from './auth.ts';
import { billingRoutes } from './billing.ts';
import { blacklistRoutes } from './blacklist.ts';
import { healthRoutes } from './health.ts';
import { helpRoutes } from './help.ts';
import { modelRoutes } from './models.ts';
import { promptRoutes } from './prompts.ts';
import type { RouteDefinition } from './route.ts';
import { adminUserRoutes, userRoutes } from './users.ts';

export * from './route.ts';
export {
  adminRoutes,
  adminUserRoutes,
  authRoutes,
  billingRoutes,
  blacklistRoutes,
  healthRoutes,
  helpRoutes,
  modelRoutes,
  promptRoutes,
  userRoutes,
};

/** Every route, for checks that must see all of them (each is registered, names are unique). */
export const ALL_ROUTES: readonly RouteDefinition[] = [
  adminRoutes,
  adminUserRoutes,
  authRoutes,
  billingRoutes,
  blacklistRoutes,
  healthRoutes,
  helpRoutes,
  modelRoutes,
  promptRoutes,
  userRoutes,
].flatMap((group) => Object.values(group));
