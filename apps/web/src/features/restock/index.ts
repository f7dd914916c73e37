/** Par levels per location and the restock list (docs/locations.md#par-levels-and-restocking). The router loads the screens from their own files. */
export { RESTOCK_QUERY_KEYS } from './restock.api.ts';
