// The route table: every API route is defined once here (method, path, input and answer schemas, who may
// call it). The server registers its handlers from these definitions, the OpenAPI document and the API-key
// policy read them, and the web calls them through its typed client.
import { adminRoutes } from './admin.ts';
import { analysisRoutes } from './analyses.ts';
import { authRoutes } from './auth.ts';
import { batchRoutes } from './batches.ts';
import { billingRoutes } from './billing.ts';
import { blacklistRoutes } from './blacklist.ts';
import { healthRoutes } from './health.ts';
import { helpRoutes } from './help.ts';
import { modelRoutes } from './models.ts';
import { promptRoutes } from './prompts.ts';
import type { RouteDefinition } from './route.ts';
import { uploadRoutes } from './uploads.ts';
import { adminUserRoutes, userRoutes } from './users.ts';

export * from './route.ts';
export {
  adminRoutes,
  adminUserRoutes,
  analysisRoutes,
  authRoutes,
  batchRoutes,
  billingRoutes,
  blacklistRoutes,
  healthRoutes,
  helpRoutes,
  modelRoutes,
  promptRoutes,
  uploadRoutes,
  userRoutes,
};

/** Every route, for checks that must see all of them (each is registered, names are unique). */
export const ALL_ROUTES: readonly RouteDefinition[] = [
  adminRoutes,
  adminUserRoutes,
  analysisRoutes,
  authRoutes,
  batchRoutes,
  billingRoutes,
  blacklistRoutes,
  healthRoutes,
  helpRoutes,
  modelRoutes,
  promptRoutes,
  uploadRoutes,
  userRoutes,
].flatMap((group) => Object.values(group));
