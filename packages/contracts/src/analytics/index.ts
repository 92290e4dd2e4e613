export * from './api.ts';
export * from './eras.ts';
export * from './field-values.ts';
export * from './manager.ts';
export * from './periods.ts';
