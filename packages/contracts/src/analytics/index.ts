export * from './api.ts';
export * from './field-values.ts';
