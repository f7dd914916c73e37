/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as integrationRoutes } from './integrations.routes.ts';
export { openDentalKind } from './open-dental.import.ts';
export { OPEN_DENTAL_TABLES, openDental } from './open-dental/mapping.ts';
export type { SourceMapping } from './source.ts';
