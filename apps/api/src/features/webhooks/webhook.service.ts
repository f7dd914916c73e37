import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { webhookBodySchema } from '@enamel/contracts';
import { webhookDeliveries, webhookSubscriptions, type Database } from '@enamel/db';
import { lockActivePractice } from '../../core/active-practice.ts';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { runListRow } from '../../core/list-engine.ts';
import type { Tx } from '../../core/transaction.ts';
import { newWebhookSecret } from './signature.ts';
import { urlProblem, type UrlPolicy } from './url-guard.ts';
import { webhookList, type WebhookRow } from './webhook.list.ts';

type Row = typeof webhookSubscriptions.$inferSelect;
export type WebhookInput = z.output<typeof webhookBodySchema>;

/** What the activity log keeps of a subscription: everything but its secret. */
const logged = ({ secret: _secret, ...rest }: Row) => rest;

/** A subscription's practice (404 when unknown): the routes check the caller's rights on it first. */
export async function practiceOfWebhook(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ practiceId: webhookSubscriptions.dentalPracticeId }).from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  if (!row) throw new AppError('not_found');
  return row.practiceId;
}

/** A delivery's subscription (404 when unknown). */
export async function subscriptionOfDelivery(db: Database, id: number): Promise<number> {
  const [row] = await db.select({ subscriptionId: webhookDeliveries.subscriptionId }).from(webhookDeliveries).where(eq(webhookDeliveries.id, id));
  if (!row) throw new AppError('not_found');
  return row.subscriptionId;
}

export async function webhookDetail(db: Database, id: number): Promise<WebhookRow> {
  const row = await runListRow(db, webhookList, eq(webhookSubscriptions.id, id));
  if (!row) throw new AppError('not_found');
  return row;
}

/** The URL's check (422 on `url` with the reason), before any transaction: it may wait on DNS. */
export async function checkWebhookUrl(policy: UrlPolicy, url: string): Promise<void> {
  const problem = await urlProblem(policy, url);
  if (problem) throw invalid('url', problem);
}

async function lockWebhook(tx: Tx, id: number): Promise<Row> {
  const [found] = await tx.select({ practiceId: webhookSubscriptions.dentalPracticeId }).from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  if (!found) throw new AppError('not_found');
  await lockActivePractice(tx, found.practiceId);
  const [row] = await tx.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

/** Creates a subscription owned by its creator, with a new secret (answered once, here). */
export async function createWebhook(db: Database, policy: UrlPolicy, actor: Actor, body: WebhookInput): Promise<{ id: number; secret: string }> {
  await checkWebhookUrl(policy, body.url);
  return db.transaction(async (tx) => {
    await lockActivePractice(tx, body.dental_practice_id);
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({ dentalPracticeId: body.dental_practice_id, name: body.name, url: body.url, events: [...new Set(body.events)], secret, status: body.status ?? 'active', ownerId: actor.userId })
      .returning();
    await recordActivity(tx, actor, { action: 'create', subject: 'Webhook', subjectId: row!.id, practiceId: body.dental_practice_id, after: logged(row!) });
    return { id: row!.id, secret };
  });
}

/** The whole record; it stays in its practice. Made active again, its failure count starts over. */
export async function updateWebhook(db: Database, policy: UrlPolicy, actor: Actor, id: number, body: WebhookInput): Promise<number> {
  await checkWebhookUrl(policy, body.url);
  return db.transaction(async (tx) => {
    const before = await lockWebhook(tx, id);
    if (body.dental_practice_id !== before.dentalPracticeId) throw invalid('dental_practice_id', 'stock.practice_fixed');
    const status = body.status ?? before.status;
    const reactivated = status === 'active' && before.status !== 'active';
    const [after] = await tx
      .update(webhookSubscriptions)
      .set({ name: body.name, url: body.url, events: [...new Set(body.events)], status, ...(reactivated ? { consecutiveFailures: 0, disabledReason: null } : {}) })
      .where(eq(webhookSubscriptions.id, id))
      .returning();
    await recordActivity(tx, actor, { action: 'update', subject: 'Webhook', subjectId: id, practiceId: before.dentalPracticeId, ...changes(logged(before), logged(after!)) });
    return id;
  });
}

export async function setWebhookStatus(db: Database, actor: Actor, id: number, status: 'active' | 'inactive'): Promise<number> {
  return db.transaction(async (tx) => {
    const before = await lockWebhook(tx, id);
    const [after] = await tx
      .update(webhookSubscriptions)
      .set({ status, ...(status === 'active' ? { consecutiveFailures: 0, disabledReason: null } : {}) })
      .where(eq(webhookSubscriptions.id, id))
      .returning();
    await recordActivity(tx, actor, { action: status === 'inactive' ? 'deactivate' : 'restore', subject: 'Webhook', subjectId: id, practiceId: before.dentalPracticeId, ...changes(logged(before), logged(after!)) });
    return id;
  });
}

/** A new secret (the old one stops signing at once), answered once. */
export async function rotateWebhookSecret(db: Database, actor: Actor, id: number): Promise<string> {
  return db.transaction(async (tx) => {
    const before = await lockWebhook(tx, id);
    const secret = newWebhookSecret();
    await tx.update(webhookSubscriptions).set({ secret }).where(eq(webhookSubscriptions.id, id));
    await recordActivity(tx, actor, { action: 'rotate_secret', subject: 'Webhook', subjectId: id, practiceId: before.dentalPracticeId });
    return secret;
  });
}

/**
 * Redeliver by hand: a delivery of this subscription (404 otherwise) that is not being sent now goes back to
 * pending, due at once (409 while it is being sent). It keeps its attempt count; the retry window is the event's.
 */
export async function redeliver(db: Database, actor: Actor, subscriptionId: number, deliveryId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const sub = await lockWebhook(tx, subscriptionId);
    const [row] = await tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.subscriptionId, subscriptionId)))
      .for('update');
    if (!row) throw new AppError('not_found');
    if (row.status === 'sending') throw new AppError('conflict', 'webhooks.delivery_sending');
    await tx
      .update(webhookDeliveries)
      .set({ status: 'pending', nextAttemptAt: new Date(), lockedUntil: null })
      .where(and(eq(webhookDeliveries.id, deliveryId), inArray(webhookDeliveries.status, ['pending', 'succeeded', 'failed'])));
    await recordActivity(tx, actor, { action: 'redeliver', subject: 'Webhook', subjectId: subscriptionId, practiceId: sub.dentalPracticeId, after: { delivery_id: deliveryId, previous_status: row.status } });
  });
}
