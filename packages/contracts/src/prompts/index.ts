export * from './api.ts';
export * from './default-explanations.ts';
export * from './fields.ts';
export * from './models.ts';
export * from './output-schema.ts';
export * from './schema.ts';
export * from './units.ts';
export * from './validation.ts';
