export * from './api.ts';
export * from './regex.ts';
export * from './rules.ts';
export * from './structure.ts';
