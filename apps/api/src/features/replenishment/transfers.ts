import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { TransferSuggestion } from '@enamel/contracts';
import { dentalPractices, type Database } from '@enamel/db';
import { transferableSurplus } from '@enamel/forecast';
import { practiceContext, type PracticeContext } from '../practice-context/index.ts';
import { inventoryOnHandAt } from '../stock/index.ts';
import { levelsOf, loadCandidates, type Suggestion } from './candidates.ts';
import { lotsWithWaste, wasteByProduct } from './expiry-waste.ts';
import { dec4 } from './order-suggestions.list.ts';

/** The practices other than `practiceId` the reader may move stock out of (active ones), by name. */
async function otherPractices(db: Database, practiceId: number, scope: 'all' | number[]) {
  if (scope !== 'all' && scope.length === 0) return [];
  return db
    .select({ id: dentalPractices.id, name: dentalPractices.name })
    .from(dentalPractices)
    .where(and(ne(dentalPractices.id, practiceId), eq(dentalPractices.status, 'active'), scope === 'all' ? undefined : inArray(dentalPractices.id, scope)))
    .orderBy(dentalPractices.name, dentalPractices.id);
}

/**
 * Transfers before purchases: for each product this practice needs (its order suggestions), every other practice
 * of the organisation the reader may act in that holds a transferable surplus over the horizon of this practice's
 * lead time plus one review period (its expected expiry waste counted as spare) → transfer min(need, surplus) in
 * whole units. `need` is the shortfall to the order-up-to level, before rounding to packs. The purchase suggestions
 * stay as they are: the screen marks the rows a transfer covers, and a transfer made is stock on hand at the next read.
 */
export async function transferSuggestions(ctx: PracticeContext, needed: readonly Suggestion[], scope: 'all' | number[]): Promise<TransferSuggestion[]> {
  const wanted = needed.filter((s) => s.plan.shortOfOrderUpTo >= 1);
  if (wanted.length === 0) return [];
  const productIds = wanted.map((s) => s.candidate.productId);
  // Per other practice, in parallel (separate connections on PostgreSQL): its context, then its holdings of the
  // wanted products with stock, and their lots' expected waste — two statements, whatever the number of products.
  const holdingsOf = async (other: { id: number; name: string }) => {
    // The other practice as of its own forecast date setting: its stock, levels, run and service level.
    const theirs = await practiceContext(ctx.db, { dental_practice_id: other.id });
    const onlyWanted = sql`i.product_id in (${sql.join(productIds.map((id) => sql`${id}`), sql`, `)})`;
    const withStock = sql`${onlyWanted} and ${inventoryOnHandAt(theirs)} > 0`;
    const [holdings, lots] = await Promise.all([loadCandidates(theirs, withStock), lotsWithWaste(theirs, withStock)]);
    return { other, theirs, holdings, waste: wasteByProduct(lots) };
  };
  const out: TransferSuggestion[] = [];
  for (const { other, theirs, holdings, waste } of await Promise.all((await otherPractices(ctx.db, ctx.practiceId, scope)).map(holdingsOf))) {
    const byProduct = new Map(holdings.map((h) => [h.productId, h]));
    for (const s of wanted) {
      const held = byProduct.get(s.candidate.productId);
      if (!held || held.onHand <= 0) continue;
      const horizonDays = s.candidate.leadTimeDays + ctx.settings.reviewPeriodDays;
      const levels = levelsOf(held);
      const expectedWaste = waste.get(held.productId) ?? 0;
      const surplus = transferableSurplus({ onHand: held.onHand, reorderPoint: levels.reorderPoint, horizonDays, serviceLevel: theirs.settings.serviceLevel, expectedWaste }, held.forecast);
      const quantity = Math.min(Math.ceil(s.plan.shortOfOrderUpTo - 1e-9), Math.floor(surplus + 1e-9));
      if (quantity < 1) continue;
      out.push({
        product_id: s.candidate.productId,
        product_name: s.candidate.productName,
        sku: s.candidate.sku,
        usage_unit: s.candidate.usageUnit,
        inventory_id: s.candidate.inventoryId,
        need: dec4(s.plan.shortOfOrderUpTo),
        from_practice_id: other.id,
        from_practice_name: other.name,
        from_on_hand: dec4(held.onHand),
        surplus: dec4(surplus),
        from_expected_waste: dec4(expectedWaste),
        quantity: dec4(quantity),
        horizon_days: horizonDays,
      });
    }
  }
  return out.sort((a, b) => a.product_name.localeCompare(b.product_name) || Number(b.quantity) - Number(a.quantity) || a.from_practice_id - b.from_practice_id);
}
