/** Scan to use: supplies taken out of stock outside a procedure. Import it from here only (npm run lint checks). */
export { default as stockUseRoutes } from './stock-use.routes.ts';
