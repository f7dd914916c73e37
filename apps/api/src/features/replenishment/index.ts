/** What the rest of the API uses of replenishment: import it from here, never from the other files (npm run lint checks). */
export { default as replenishmentRoutes } from './replenishment.routes.ts';
export { chosenOfferSql } from './chosen-offer.ts';
