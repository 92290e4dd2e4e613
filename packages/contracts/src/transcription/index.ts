export * from './models.ts';
