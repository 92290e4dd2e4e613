export * from './entities.ts';
