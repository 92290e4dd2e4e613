export * from './api.ts';
export * from './constants.ts';
export * from './languages.ts';
export * from './navigation.ts';
export * from './password.ts';
export * from './roles.ts';
export * from './texts.ts';
export * from './timezones.ts';
