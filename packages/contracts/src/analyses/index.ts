export * from './api.ts';
export * from './detail.ts';
export * from './metrics.ts';
export * from './result.ts';
export * from './scoring.ts';
export * from './status.ts';
export * from './transcript.ts';
export * from './upload.ts';
