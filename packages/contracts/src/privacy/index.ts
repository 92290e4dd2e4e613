export * from './audit.ts';
export * from './data-requests.ts';
export * from './entities.ts';
export * from './original.ts';
export * from './retention.ts';
export * from './settings.ts';
