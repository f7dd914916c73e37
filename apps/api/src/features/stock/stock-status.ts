import { sql, type SQL } from 'drizzle-orm';
import type { StockStatus } from '@enamel/contracts';
import { expiryStateSql } from './expiry.ts';

/**
 * The one definition of an inventory's stock status, in SQL: out (nothing on hand), low (at or under its reorder
 * point — the effective one of levels.ts, so a forecast-mode inventory is low at its forecast level), expiring (a lot with stock is expired or expiring: `expiryState` of expiry.ts), else ok — in that order.
 * `inventory` names the inventory row's columns (id, on hand, reorder point) and its practice's today and warning
 * days (expiry.ts: `todayInZoneSql`, `warningDaysOrDefaultSql` over joined columns, or the per-practice subqueries).
 */
export const stockStatusSql = (inventory: { id: SQL; onHand: SQL; reorderPoint: SQL; today: SQL; warningDays: SQL }): SQL<StockStatus> => sql<StockStatus>`(case
  when ${inventory.onHand} <= 0 then 'out'
  when ${inventory.onHand} <= ${inventory.reorderPoint} then 'low'
  when exists (select 1 from lots l where l.inventory_id = ${inventory.id} and l.quantity > 0
               and ${expiryStateSql(sql`l.expiry_date`, inventory.today, inventory.warningDays)} in ('expired', 'expiring')) then 'expiring'
  else 'ok' end)`;
