export * from './api.ts';
export * from './status.ts';
export * from './upload.ts';
