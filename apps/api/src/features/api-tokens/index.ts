/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as apiTokenRoutes } from './api-tokens.routes.ts';
