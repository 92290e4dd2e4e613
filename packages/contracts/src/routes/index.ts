// The route table: every API route is defined once here (method, path, input and answer schemas, who may
// call it). The server registers its handlers from these definitions, the OpenAPI document and the API-key
// policy read them, and the web calls them through its typed client.
import * as groups from './groups.ts';
import type { RouteDefinition } from './route.ts';

export * from './endpoints.ts';
export * from './formFile.ts';
export * from './groups.ts';
export * from './route.ts';

/** Every route, for checks that must see all of them (each is registered, names are unique). */
export const ALL_ROUTES: readonly RouteDefinition[] = Object.values(groups).flatMap((group) =>
  Object.values(group),
);
