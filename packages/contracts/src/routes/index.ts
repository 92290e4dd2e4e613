// The route table: every API route is defined once here (method, path, input and answer schemas, who may
// call it). The server registers its handlers from these definitions, the OpenAPI document and the API-key
// policy read them, and the web calls them through its typed client.
import { adminRoutes } from './admin.ts';
import { analysisRoutes } from './analyses.ts';
import { apiKeyRoutes } from './api-keys.ts';
import { authRoutes } from './auth.ts';
import { batchRoutes } from './batches.ts';
import { billingRoutes } from './billing.ts';
import { blacklistRoutes } from './blacklist.ts';
import { healthRoutes } from './health.ts';
import { helpRoutes } from './help.ts';
import { memberRoutes } from './members.ts';
import { modelRoutes } from './models.ts';
import { projectRoutes } from './projects.ts';
import { promptRoutes } from './prompts.ts';
import { repRoutes } from './reps.ts';
import type { RouteDefinition } from './route.ts';
import { supportRoutes } from './support.ts';
import { uploadRoutes } from './uploads.ts';
import { userRoutes } from './users.ts';

export * from './route.ts';
export {
  adminRoutes,
  analysisRoutes,
  apiKeyRoutes,
  authRoutes,
  batchRoutes,
  billingRoutes,
  blacklistRoutes,
  healthRoutes,
  helpRoutes,
  memberRoutes,
  modelRoutes,
  projectRoutes,
  promptRoutes,
  repRoutes,
  supportRoutes,
  uploadRoutes,
  userRoutes,
};

/** Every route, for checks that must see all of them (each is registered, names are unique). */
export const ALL_ROUTES: readonly RouteDefinition[] = [
  adminRoutes,
  analysisRoutes,
  apiKeyRoutes,
  authRoutes,
  batchRoutes,
  billingRoutes,
  blacklistRoutes,
  healthRoutes,
  helpRoutes,
  memberRoutes,
  modelRoutes,
  projectRoutes,
  promptRoutes,
  repRoutes,
  supportRoutes,
  uploadRoutes,
  userRoutes,
].flatMap((group) => Object.values(group));
