/** What other features may use of inventory (the lint rule forbids reaching into this folder's other files). */
export * from './inventory.api.ts';
export * from './MovementsTable.tsx';
export * from './stock.ts';
export * from './StockProductPicker.tsx';
export * from './ProductSummary.tsx';
