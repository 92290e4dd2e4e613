// One Drizzle schema, split by domain; drizzle.config.ts and every query import it from here.
export * from './access.ts';
export * from './accounts.ts';
export * from './ai-usage.ts';
export * from './analytics.ts';
export * from './analytics-days.ts';
export * from './audit.ts';
export * from './batches.ts';
export * from './billing.ts';
export * from './change-requests.ts';
export * from './google.ts';
export * from './help.ts';
export * from './insights.ts';
export * from './plans.ts';
export * from './privacy.ts';
export * from './projects.ts';
export * from './tasks.ts';
export * from './webhooks.ts';
