/** What other features may use of users (the lint rule forbids reaching into this folder's other files). */
export * from './user.api.ts';
