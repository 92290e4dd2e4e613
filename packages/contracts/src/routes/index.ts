// The route table: every API route is defined once here (method, path, input and answer schemas, who may
// call it). The server registers its handlers from these definitions, the OpenAPI document and the API-key
// policy read them, and the web calls them through its typed client.
import { analysisRoutes } from './analyses.ts';
import { batchRoutes } from './batches.ts';
import { blacklistRoutes } from './blacklist.ts';
import type { RouteDefinition } from './route.ts';
import { uploadRoutes } from './uploads.ts';

export * from './route.ts';
export { analysisRoutes, batchRoutes, blacklistRoutes, uploadRoutes };

/** Every route, for checks that must see all of them (each is registered, names are unique). */
export const ALL_ROUTES: readonly RouteDefinition[] = [
  blacklistRoutes,
  uploadRoutes,
  analysisRoutes,
  batchRoutes,
].flatMap((group) => Object.values(group));
