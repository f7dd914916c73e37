export * from './locales.ts';
export * from './errors.ts';
export * from './permissions.ts';
export * from './auth.ts';
export * from './lists.ts';
export * from './dental-practices.ts';
export * from './users.ts';
