/** What other features may use of products (the lint rule forbids reaching into this folder's other files). */
export * from './product.api.ts';
export * from './ProductSearchPicker.tsx';
