import { count, eq, gt, sql } from 'drizzle-orm';
import type { Organisation } from '@enamel/contracts';
import { organisationSettings, products, type Database } from '@enamel/db';
import { recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError } from '../../core/errors.ts';
import type { Tx } from '../../core/transaction.ts';

export const DEFAULT_ORGANISATION_CURRENCY = 'USD';

/** The currency catalog prices are in. */
export async function organisationCurrency(db: Database | Tx): Promise<string> {
  const [row] = await db.select({ currency: organisationSettings.currency }).from(organisationSettings).where(eq(organisationSettings.id, 1));
  return row?.currency ?? DEFAULT_ORGANISATION_CURRENCY;
}

export async function organisation(db: Database): Promise<Organisation> {
  const [row] = await db.select().from(organisationSettings).where(eq(organisationSettings.id, 1));
  const [priced] = await db.select({ n: count() }).from(products).where(gt(products.purchasePrice, '0'));
  return { currency: row?.currency ?? DEFAULT_ORGANISATION_CURRENCY, products_priced: Number(priced?.n ?? 0), updated_at: row?.updatedAt.toISOString() ?? null };
}

/**
 * Changes the catalog's currency. Nothing is converted: products keep their numbers, now read in the new
 * currency, so while any product has a price the change needs `confirm` (409 naming how many otherwise).
 * The row is locked first, so two changes queue; the change is logged.
 */
export async function updateOrganisationCurrency(db: Database, actor: Actor, input: { currency: string; confirm: boolean }): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(organisationSettings).values({ id: 1 }).onConflictDoNothing();
    const [before] = await tx.select().from(organisationSettings).where(eq(organisationSettings.id, 1)).for('update');
    if (before!.currency === input.currency) return;
    const [priced] = await tx.select({ n: count() }).from(products).where(gt(products.purchasePrice, '0'));
    const n = Number(priced?.n ?? 0);
    if (n > 0 && !input.confirm) throw new AppError('conflict', 'organisation.currency_reprice', undefined, { count: n, from: before!.currency, to: input.currency });
    await tx.update(organisationSettings).set({ currency: input.currency, updatedAt: sql`now()` }).where(eq(organisationSettings.id, 1));
    await recordActivity(tx, actor, { action: 'update', subject: 'Configuration', subjectId: 'organisation', before: { currency: before!.currency }, after: { currency: input.currency, products_priced: n } });
  });
}
