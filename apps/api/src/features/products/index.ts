/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as productRoutes } from './products.routes.ts';
/** Succession chains of products (docs/product-rules.md#succession), for the forecasts. */
export { replacedOnSql, successionOf, successionsInForceSql, type Succession, type SuccessionStep } from './product.succession.ts';
/** The succession lock and the check an import of products runs after each batch. */
export { importedInactiveSuccessor, importedSuccessionCycle, lockSuccession } from './product.succession.ts';
