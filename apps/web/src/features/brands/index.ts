/** What other features may use of brands (the lint rule forbids reaching into this folder's other files). */
export * from './brand.api.ts';
