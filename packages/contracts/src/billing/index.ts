export * from './api.ts';
export * from './money.ts';
export * from './rules.ts';
export * from './seeded-plans.ts';
export * from './units.ts';
