/** What other features may use of categories (the lint rule forbids reaching into this folder's other files). */
export * from './category.api.ts';
