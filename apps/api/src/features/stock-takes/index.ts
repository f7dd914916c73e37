/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as stockTakeRoutes } from './stock-takes.routes.ts';
export { seedDemoStockTakes } from './stock-take.seed.ts';
