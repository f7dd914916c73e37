import { sql, type SQL } from 'drizzle-orm';

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
