export * from './audit.ts';
export * from './entities.ts';
export * from './original.ts';
export * from './settings.ts';
export * from './retention.ts';
