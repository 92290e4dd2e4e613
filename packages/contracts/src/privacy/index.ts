export * from './entities.ts';
export * from './settings.ts';
