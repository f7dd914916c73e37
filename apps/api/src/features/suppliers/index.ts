/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { default as supplierRoutes } from './suppliers.routes.ts';
export { chosenOffers, type ChosenOffer } from './chosen-offers.ts';
export { supplierKind, supplierOfferKind } from './supplier.import.ts';
