/** What other features may use of procedure-codes (the lint rule forbids reaching into this folder's other files). */
export * from './procedure-code.api.ts';
export * from './ProcedureCodeSelect.tsx';
export * from './procedureCodeColumns.tsx';
