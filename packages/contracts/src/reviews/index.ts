export * from './agreement.ts';
export * from './agreement-api.ts';
export * from './api.ts';
export * from './calibration.ts';
export * from './rules.ts';
export * from './sampling.ts';
