export * from './api.ts';
export * from './matching.ts';
