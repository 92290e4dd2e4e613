// Every group of the route table, one line each (index.ts collects them into ALL_ROUTES).
export { adminRoutes } from './admin.ts';
export { analysisRoutes } from './analyses.ts';
export { apiKeyRoutes } from './api-keys.ts';
export { authRoutes } from './auth.ts';
export { batchRoutes } from './batches.ts';
export { billingRoutes } from './billing.ts';
export { blacklistRoutes } from './blacklist.ts';
export { healthRoutes } from './health.ts';
export { helpRoutes } from './help.ts';
export { memberRoutes } from './members.ts';
export { modelRoutes } from './models.ts';
export { projectRoutes } from './projects.ts';
export { promptRoutes } from './prompts.ts';
export { repRoutes } from './reps.ts';
export { supportRoutes } from './support.ts';
export { uploadRoutes } from './uploads.ts';
export { userRoutes } from './users.ts';
