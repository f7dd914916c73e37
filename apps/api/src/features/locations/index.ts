/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as locationRoutes } from './locations.routes.ts';
export { default as parLevelRoutes } from './par-levels.routes.ts';
export { seedDemoParLevels } from './par-level.seed.ts';
