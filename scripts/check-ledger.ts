// `npm run check:ledger`: for every practice and product, on hand (and each lot) must equal the sum of its movements,
// every day's rollup (ledger_day_totals) the movements of that local day, its closing stock and value (the
// checkpoint, migration 0021) every movement of the product up to that day's end, and every month's rollup
// (ledger_month_totals, migration 0034) the movements of that local month.
import { withConfiguredDatabase } from '../apps/api/src/cli.ts';
import { findLedgerDifferences, type LedgerDifference } from '../apps/api/src/features/stock/ledger-check.ts';

const where = (d: LedgerDifference) => (d.scope === 'lot' ? ` · lot ${d.lot_number ?? '(running)'}` : d.scope === 'day' ? ` · rollup of ${d.day} · ${d.measure}` : d.scope === 'month' ? ` · rollup of the month ${d.day?.slice(0, 7) ?? ''} · ${d.measure}` : '');
const io = { out: console.log, err: console.error };
process.exitCode = await withConfiguredDatabase('check:ledger', io, async ({ db }) => {
  const differences = await findLedgerDifferences(db);
  if (differences.length === 0) {
    io.out('Ledger check passed: every stock level, lot, daily and monthly rollup and day-end checkpoint equals the sum of its movements.');
    return 0;
  }
  io.err(`Ledger check FAILED: ${differences.length} difference(s).`);
  for (const d of differences) io.err(`  ${d.practice} · ${d.product}${where(d)}: recorded ${d.recorded}, movements sum to ${d.movements}`);
  return 1;
});
