/** What the rest of the API uses of this feature: import it from here, never from the other files (npm run lint checks). */
export { giveBack, lockInventory, receive, take, type MovementContext } from './ledger.ts';
export { allocate, fefoOrder, isExpired } from './fefo.ts';
