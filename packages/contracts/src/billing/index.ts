export * from './api.ts';
export * from './money.ts';
export * from './rules.ts';
export * from './units.ts';
