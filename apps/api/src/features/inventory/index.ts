/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as inventoryRoutes } from './inventory.routes.ts';
export { inventoryKind } from './inventory.import.ts';
export { transferStock } from './inventory.service.ts';
