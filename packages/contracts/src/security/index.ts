export * from './api.ts';
export * from './secondFactor.ts';
