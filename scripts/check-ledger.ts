// `npm run check:ledger`: for every practice and product, on hand (and each lot) must equal the sum of its movements.
import { withConfiguredDatabase } from '../apps/api/src/cli.ts';
import { findLedgerDifferences } from '../apps/api/src/features/stock/ledger-check.ts';

const io = { out: console.log, err: console.error };
process.exitCode = await withConfiguredDatabase('check:ledger', io, async ({ db }) => {
  const differences = await findLedgerDifferences(db);
  if (differences.length === 0) {
    io.out('Ledger check passed: every stock level and lot equals the sum of its movements.');
    return 0;
  }
  io.err(`Ledger check FAILED: ${differences.length} difference(s).`);
  for (const d of differences) {
    io.err(`  ${d.practice} · ${d.product}${d.scope === 'lot' ? ` · lot ${d.lot_number ?? '(running)'}` : ''}: recorded ${d.recorded}, movements sum to ${d.movements}`);
  }
  return 1;
});
