/** What other features may use of replenishment (the lint rule forbids reaching into this folder's other files). */
export * from './replenishment.api.ts';
