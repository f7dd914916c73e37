import { sql, type SQL } from 'drizzle-orm';

/**
 * The levels an inventory works with, in SQL: the twin of the forecast package's `effectiveLevels`
 * (docs/product-rules.md#reorder-levels). Manual mode, or no suggestion: the typed reorder point, and the order-up-to
 * level the larger of par and that reorder point. Forecast mode with a suggestion: the larger of typed and suggested
 * for each (a typed value is a floor; a typed 0 is "not set"), the order-up-to level never under the reorder point.
 * test/stock-levels.test.ts keeps both equal on a grid of cases.
 */
export interface LevelColumns {
  mode: SQL;
  typedReorderPoint: SQL;
  typedOrderUpTo: SQL;
  suggestedReorderPoint: SQL;
  suggestedOrderUpTo: SQL;
}

const forecastApplies = (c: LevelColumns) => sql`(${c.mode} = 'forecast' and ${c.suggestedReorderPoint} is not null and ${c.suggestedOrderUpTo} is not null)`;

export const effectiveReorderPointSql = (c: LevelColumns): SQL<string> =>
  sql<string>`(case when ${forecastApplies(c)} then greatest(${c.typedReorderPoint}, ${c.suggestedReorderPoint}) else ${c.typedReorderPoint} end)`;

export const effectiveOrderUpToSql = (c: LevelColumns): SQL<string> =>
  sql<string>`(case when ${forecastApplies(c)} then greatest(${c.typedOrderUpTo}, ${c.suggestedOrderUpTo}, ${c.typedReorderPoint}, ${c.suggestedReorderPoint})
    else greatest(${c.typedOrderUpTo}, ${c.typedReorderPoint}) end)`;

/** The level columns of an inventories row under an alias (`i` in raw SQL, `"inventories"` in a drizzle query). */
export const inventoryLevelColumns = (alias = 'inventories'): LevelColumns => {
  const c = (name: string) => sql.raw(`"${alias}"."${name}"`);
  return { mode: c('policy_mode'), typedReorderPoint: c('reorder_point'), typedOrderUpTo: c('par_level'), suggestedReorderPoint: c('suggested_reorder_point'), suggestedOrderUpTo: c('suggested_order_up_to') };
};

/** An inventories row's effective reorder point and order-up-to level, in SQL. */
export const inventoryEffectiveLevelsSql = (alias = 'inventories') => {
  const c = inventoryLevelColumns(alias);
  return { reorderPoint: effectiveReorderPointSql(c), orderUpTo: effectiveOrderUpToSql(c) };
};
