export * from './api.ts';
export * from './csv.ts';
export * from './rules.ts';
