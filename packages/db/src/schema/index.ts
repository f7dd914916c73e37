export * from './common.ts';
export * from './users.ts';
export * from './roles.ts';
export * from './dental-practices.ts';
export * from './auth.ts';
export * from './activity-logs.ts';
export * from './catalog.ts';
export * from './imports.ts';
