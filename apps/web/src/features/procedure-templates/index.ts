/** What other features may use of procedure-templates (the lint rule forbids reaching into this folder's other files). */
export * from './procedure-template.api.ts';
