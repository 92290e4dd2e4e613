export * from './api.ts';
export * from './values.ts';
