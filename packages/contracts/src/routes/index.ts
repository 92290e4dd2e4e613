// The route table: every API route is defined once here (method, path, input and answer schemas, who may
// call it). The server registers its handlers from these definitions, the OpenAPI document and the API-key
// policy read them, and the web calls them through its typed client.
import { apiKeyRoutes } from './api-keys.ts';
import { blacklistRoutes } from './blacklist.ts';
import { memberRoutes } from './members.ts';
import { projectRoutes } from './projects.ts';
import { repRoutes } from './reps.ts';
import type { RouteDefinition } from './route.ts';
import { supportRoutes } from './support.ts';

export * from './route.ts';
export { apiKeyRoutes, blacklistRoutes, memberRoutes, projectRoutes, repRoutes, supportRoutes };

/** Every route, for checks that must see all of them (each is registered, names are unique). */
export const ALL_ROUTES: readonly RouteDefinition[] = [
  blacklistRoutes,
  projectRoutes,
  memberRoutes,
  apiKeyRoutes,
  supportRoutes,
  repRoutes,
].flatMap((group) => Object.values(group));
