/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as procedureRoutes } from './procedures.routes.ts';
export { procedureKind } from './procedure.import.ts';
export { deleteExternalProcedure, findExternal, upsertExternalProcedure, type Caller, type UpsertOutcome } from './procedure-commands.ts';
export { insertProcedures, templateItems, type ItemInput } from './procedure-rows.ts';
