/** What other features may use of stock takes (the lint rule forbids reaching into this folder's other files). */
export { STOCK_TAKES_PATH } from './stock-takes.api.ts';
