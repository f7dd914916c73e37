/** What other features may use of dashboard (the lint rule forbids reaching into this folder's other files). */
export * from './dashboard.api.ts';
