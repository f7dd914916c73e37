export * from './client.ts';
export * from './schema/index.ts';
export * as schema from './schema/index.ts';
