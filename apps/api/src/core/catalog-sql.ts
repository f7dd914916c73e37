import { eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { ProductHit, ScannedBarcode } from '@enamel/contracts';
import { brands, products } from '@enamel/db';

/**
 * Price of one usage unit of the product row `alias` names in a query: purchase price over the units a purchase
 * unit holds, rounded to 4 places as `unitCostOf` in @enamel/contracts rounds it (catalog-sql.test.ts checks they agree).
 * The one place the formula is written in SQL.
 */
export function unitCostOf(alias: string): SQL<string> {
  const p = sql.identifier(alias);
  return sql<string>`round(${p}.purchase_price / ${p}.units_per_purchase_unit, 4)`;
}

/** The unit cost of `products` in a query that reads the table under its own name. */
export const unitCost = unitCostOf('products');

/** A product picker's hit (contracts' `productHitSchema`), in a query that reads `products` left-joined to `brands`. */
export const productHitColumns = {
  id: products.id, name: products.name, sku: products.sku, gtin: products.gtin, brand_name: brands.name,
  usage_unit: products.usageUnit, purchase_unit: products.purchaseUnit, units_per_purchase_unit: products.unitsPerPurchaseUnit,
  unit_cost: unitCost, tracks_lots: products.tracksLots, status: sql<ProductHit['status']>`${products.status}`,
};

/** The products a picker's search matches: a scanned barcode by its GTIN, other text in the name, SKU, GTIN or brand; everything for no text. */
export function productSearchMatch(term: string, barcode: ScannedBarcode | null): SQL | undefined {
  if (barcode) return eq(products.gtin, barcode.gtin);
  if (!term) return undefined;
  const pattern = `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return or(ilike(products.name, pattern), ilike(products.sku, pattern), ilike(products.gtin, pattern), ilike(brands.name, pattern));
}
