/**
 * The stock feature: the ledger (the only code that changes stock) and the stock reads every other feature uses —
 * on hand and value at a moment, consumption per week and month, lot expiry state, stock status, low stock and
 * order quantities, dead stock, days to zero. Reads over whole local days add up the ledger's daily rollups
 * (daily-totals.ts); the ledger-check proves them equal to the ledger. Other features import stock only from here.
 */
export { giveBack, giveBackMany, lockInventories, lockInventory, receive, take, takeMany, type MovementContext, type TakeInput, type Tx } from './ledger.ts';
export { allocate, fefoOrder, fefoOrderAt, firstUsableDay, isExpired } from './fefo.ts';
export { findLedgerDifferences } from './ledger-check.ts';
export { cutoffOf, daysBefore, dec, lastMonths, monthIndex, monthOfDay, startOfDay, weekIndex, type StockMoment } from './moment.ts';
export { inventoryOnHandAt, lotQuantityAt, onHandByProduct, stockAt, valueAtMonthEnds, valueByCategory } from './on-hand.ts';
export { consumedBetween, consumedCostByMonth, consumedInDays, consumptionByWeek, mostUsed } from './consumption.ts';
export { dayFigures, daysUpTo, summedUpTo, wholeDays, type DayFigure, type DayWindow } from './daily-totals.ts';
export { seriesByWeek, toWeeks, weekOfDay, type WeeklySeries, type WeekWindow } from './weekly.ts';
export { expiringLots, expiryState, expiryStateSql, lotExpiryStateSql, practiceTodaySql, shelfLotsExpiringWithin, todayInZoneSql, warningDaysOrDefaultSql, warningDaysSql } from './expiry.ts';
export { stockStatusSql } from './stock-status.ts';
export { effectiveOrderUpToSql, effectiveReorderPointSql, inventoryEffectiveLevelsSql, inventoryLevelColumns, type LevelColumns } from './levels.ts';
export { lowStockRows, orderQuantity } from './low-stock.ts';
export { deadStock } from './dead-stock.ts';
export { DAYS_TO_ZERO_LIMIT, daysToZeroItems, type DemandSeries } from './days-to-zero.ts';
export { budgetImpact, COMMITTED_STATUSES, committedByCurrency, receivedByMonth, SPEND_MONTHS, supplySpend, type BudgetImpact, type SupplySpend } from './spend.ts';
export { recordStockOuts, stockOutCount } from './stock-outs.ts';
export { ON_ORDER_DRAFT_STATUSES, ON_ORDER_SENT_STATUSES, onOrderByProduct, onOrderByProductSql } from './on-order.ts';
export { locationOf, mainStoreOf, type PracticeLocation } from './locations.ts';
export { moveLot, type MoveInput } from './move.ts';
