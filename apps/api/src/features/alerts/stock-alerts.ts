import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { ALERT_KINDS, dayIn, type AlertKind, type WebhookEventType } from '@enamel/contracts';
import { dentalPractices, inventories, notifications, users, type Database } from '@enamel/db';
import { buildAbility, loadRules } from '../../core/abilities.ts';
import { canInPractice } from '../../core/practice-scope.ts';
import { labels, practiceContext, runSeries } from '../practice-context/index.ts';
import { emitWebhookEvent } from '../webhooks/index.ts';
import { DAYS_TO_ZERO_LIMIT, daysToZeroItems, expiringLots, lowStockRows, onHandByProduct, recordStockOuts } from '../stock/index.ts';

/** A condition that holds now in a practice, and what its notification says and links to. */
export interface AlertCondition {
  kind: AlertKind;
  key: string;
  params: Record<string, string | number>;
  link: string | null;
}

/** The webhook event of each stock alert. */
const ALERT_EVENTS: Record<AlertKind, WebhookEventType> = { low_stock: 'stock.low', expiring_lot: 'lot.expiring', stockout_predicted: 'stock.out_predicted' };

const trim = (decimal: string) => decimal.replace(/\.?0+$/, '');

/**
 * What is wrong in a practice today: products at or below their reorder point (with the order up to par),
 * lots expiring within the practice's warning days, and products the stored forecast expects to run out
 * within the supplier lead time: stock's reads, the same the dashboard's widgets show.
 */
export async function alertConditions(db: Database, practiceId: number): Promise<AlertCondition[]> {
  const ctx = await practiceContext(db, { dental_practice_id: practiceId });
  const inventoryOf = new Map(
    (await db.select({ id: inventories.id, productId: inventories.productId }).from(inventories).where(eq(inventories.dentalPracticeId, practiceId))).map((i) => [i.productId, i.id]),
  );
  const link = (productId: number) => (inventoryOf.has(productId) ? `/admin/inventories/${inventoryOf.get(productId)}` : null);
  const out: AlertCondition[] = [];
  for (const row of await lowStockRows(db, ctx)) {
    out.push({
      kind: 'low_stock',
      key: `product:${row.product_id}`,
      params: { product: row.name, on_hand: trim(row.on_hand), reorder_point: trim(row.reorder_point), unit: row.usage_unit, order: row.order_purchase_units, purchase_unit: row.purchase_unit },
      link: `/admin/inventories/${row.inventory_id}`,
    });
  }
  for (const lot of await expiringLots(db, ctx, ctx.settings.expiryWarningDays)) {
    out.push({ kind: 'expiring_lot', key: `lot:${lot.lot_id}`, params: { product: lot.name, lot: lot.lot_number ?? '—', date: lot.expiry_date, quantity: trim(lot.quantity) }, link: link(lot.product_id) });
  }
  const lead = ctx.settings.leadTimeDays;
  const soon = daysToZeroItems(await runSeries(ctx, 'product'), await onHandByProduct(db, ctx), DAYS_TO_ZERO_LIMIT).filter((item) => item.days !== null && item.days <= lead);
  const names = await labels(ctx, 'product', soon.map((item) => item.product_id));
  for (const item of soon) {
    const product = names.get(item.product_id)?.label ?? String(item.product_id);
    out.push({ kind: 'stockout_predicted', key: `product:${item.product_id}`, params: { product, days: Math.floor(item.days!), lead_time: lead }, link: link(item.product_id) });
  }
  return out;
}

/** Active users who may act on a practice's stock (receive, count, order: `update Inventory` there). */
async function recipients(db: Database, practiceIds: number[]): Promise<Map<number, number[]>> {
  const active = await db.select({ id: users.id }).from(users).where(eq(users.status, 'active'));
  const byPractice = new Map<number, number[]>(practiceIds.map((id) => [id, []]));
  for (const user of active) {
    const ability = buildAbility(await loadRules(db, user.id));
    for (const practiceId of practiceIds) if (canInPractice(ability, 'update', 'Inventory', practiceId)) byPractice.get(practiceId)!.push(user.id);
  }
  return byPractice;
}

/**
 * The stock-alert job: for every active practice, raises a notification per condition for each user who may
 * act on it — once per episode (the partial unique index on open notifications makes a second run, or two
 * instances at once, add nothing) — and clears the open notifications whose condition no longer holds, so the
 * same alert is raised again if it comes back. It also records today's zero-on-hand stock-out days (once per
 * inventory and day, however often it runs). `only` limits it to some practices (after a forecast run).
 * Returns how many were raised and cleared, and how many stock-out days were added.
 */
export async function runStockAlerts(db: Database, only?: number[]): Promise<{ practices: number; raised: number; cleared: number; stockOuts: number }> {
  const practices = await db
    .select({ id: dentalPractices.id, timeZone: dentalPractices.timeZone })
    .from(dentalPractices)
    .where(and(eq(dentalPractices.status, 'active'), only ? inArray(dentalPractices.id, only.length ? only : [0]) : undefined));
  const who = await recipients(db, practices.map((p) => p.id));
  let raised = 0;
  let cleared = 0;
  let stockOuts = 0;
  for (const { id: practiceId, timeZone } of practices) {
    stockOuts += await recordStockOuts(db, practiceId, dayIn(timeZone, new Date()));
    const conditions = await alertConditions(db, practiceId);
    const userIds = who.get(practiceId) ?? [];
    await db.transaction(async (tx) => {
      const fresh = new Set<string>();
      const rows = userIds.flatMap((userId) => conditions.map((c) => ({ userId, dentalPracticeId: practiceId, kind: c.kind, key: c.key, params: c.params, link: c.link })));
      for (let i = 0; i < rows.length; i += 500) {
        const inserted = await tx.insert(notifications).values(rows.slice(i, i + 500)).onConflictDoNothing().returning({ id: notifications.id, kind: notifications.kind, key: notifications.key });
        raised += inserted.length;
        for (const n of inserted) fresh.add(`${n.kind}|${n.key}`);
      }
      // A condition newly raised (for anyone) is an event for the practice's webhooks, once per episode.
      for (const c of conditions) if (fresh.has(`${c.kind}|${c.key}`)) await emitWebhookEvent(tx, practiceId, ALERT_EVENTS[c.kind], { alert: { kind: c.kind, key: c.key, ...c.params } });
      const holding = new Set(conditions.map((c) => `${c.kind}|${c.key}`));
      const open = await tx
        .select({ id: notifications.id, kind: notifications.kind, key: notifications.key, userId: notifications.userId })
        .from(notifications)
        .where(and(eq(notifications.dentalPracticeId, practiceId), isNull(notifications.clearedAt), inArray(notifications.kind, [...ALERT_KINDS])));
      const allowed = new Set(userIds);
      // Cleared: the condition is gone, or the user may no longer act on this practice.
      const gone = open.filter((n) => !holding.has(`${n.kind}|${n.key}`) || !allowed.has(n.userId)).map((n) => n.id);
      for (let i = 0; i < gone.length; i += 500) {
        await tx.update(notifications).set({ clearedAt: sql`now()` }).where(inArray(notifications.id, gone.slice(i, i + 500)));
      }
      cleared += gone.length;
    });
  }
  return { practices: practices.length, raised, cleared, stockOuts };
}
