import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { webhookBodySchema } from '@enamel/contracts';
import { webhookDeliveries, webhookSubscriptions, type Database } from '@enamel/db';
import type { AppAbility } from '../../core/abilities.ts';
import { lockActivePractice } from '../../core/active-practice.ts';
import { changes, recordActivity, type Actor } from '../../core/activity-log.ts';
import { AppError, invalid } from '../../core/errors.ts';
import { runListRow } from '../../core/list-engine.ts';
import { canInEveryPractice, ensureOrganisationAccess } from '../../core/practice-scope.ts';
import type { Tx } from '../../core/transaction.ts';
import { newWebhookSecret } from './signature.ts';
import { urlProblem, type UrlPolicy } from './url-guard.ts';
import { webhookList, type WebhookRow } from './webhook.list.ts';

type Row = typeof webhookSubscriptions.$inferSelect;
export type WebhookInput = z.output<typeof webhookBodySchema>;

/** What the activity log keeps of a subscription: everything but its secret. */
const logged = ({ secret: _secret, ...rest }: Row) => rest;

/**
 * The practice a body names, or null for an organisation subscription: 422 on `dental_practice_id` when the two
 * do not fit (a practice subscription without its practice, an organisation one with a practice).
 */
export function practiceOfBody(body: WebhookInput): number | null {
  const practiceId = body.dental_practice_id ?? null;
  if ((body.scope ?? 'practice') === 'organisation') {
    if (practiceId !== null) throw invalid('dental_practice_id', 'webhooks.organisation_no_practice');
    return null;
  }
  if (practiceId === null) throw invalid('dental_practice_id', 'webhooks.practice_required');
  return practiceId;
}

/** A subscription's practice, null for the organisation's (404 when unknown): the routes check the caller's rights on it first. */
export async function practiceOfWebhook(db: Database, id: number): Promise<number | null> {
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

/** Who changes a subscription: the activity log's actor, and their rights (an organisation subscription's are read again in the write). */
export interface WebhookCaller {
  actor: Actor;
  ability: AppAbility;
}

/**
 * Locks a subscription for a change. A practice subscription locks its (active) practice; the route checked the
 * caller's rights there, and its practice never changes. An organisation one checks the caller's `action` right in
 * every active practice again here, after share-locking them (404/403 as the route does).
 */
async function lockWebhook(tx: Tx, caller: WebhookCaller, action: 'update' | 'delete', id: number): Promise<Row> {
  const [found] = await tx.select({ practiceId: webhookSubscriptions.dentalPracticeId }).from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id));
  if (!found) throw new AppError('not_found');
  if (found.practiceId === null) await ensureOrganisationAccess(tx, caller.ability, action, 'Webhook', true);
  else await lockActivePractice(tx, found.practiceId);
  const [row] = await tx.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, id)).for('update');
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * Creates a subscription owned by its creator, with a new secret (answered once, here). A practice subscription:
 * the route checked the caller's right in its practice. An organisation one (`practiceId` null): the caller needs
 * the create right in every active practice, read here after share-locking them (403 otherwise).
 */
export async function createWebhook(db: Database, policy: UrlPolicy, caller: WebhookCaller, practiceId: number | null, body: WebhookInput): Promise<{ id: number; secret: string }> {
  await checkWebhookUrl(policy, body.url);
  const { actor } = caller;
  return db.transaction(async (tx) => {
    if (practiceId === null) {
      if (!(await canInEveryPractice(tx, caller.ability, 'create', 'Webhook', true))) throw new AppError('forbidden', 'webhooks.organisation_rights');
    } else await lockActivePractice(tx, practiceId);
    const secret = newWebhookSecret();
    const [row] = await tx
      .insert(webhookSubscriptions)
      .values({ dentalPracticeId: practiceId, name: body.name, url: body.url, events: [...new Set(body.events)], secret, status: body.status ?? 'active', ownerId: actor.userId })
      .returning();
    await recordActivity(tx, actor, { action: 'create', subject: 'Webhook', subjectId: row!.id, practiceId, after: logged(row!) });
    return { id: row!.id, secret };
  });
}

/**
 * The whole record; it stays in its practice, or the organisation's (422 on `dental_practice_id` for a body that
 * would move it: no one switches a subscription between a practice and the organisation). Made active again, its
 * failure count starts over.
 */
export async function updateWebhook(db: Database, policy: UrlPolicy, caller: WebhookCaller, id: number, practiceId: number | null, body: WebhookInput): Promise<number> {
  await checkWebhookUrl(policy, body.url);
  const { actor } = caller;
  return db.transaction(async (tx) => {
    const before = await lockWebhook(tx, caller, 'update', id);
    if ((practiceId === null) !== (before.dentalPracticeId === null)) throw invalid('dental_practice_id', 'webhooks.scope_fixed');
    if (practiceId !== before.dentalPracticeId) throw invalid('dental_practice_id', 'webhooks.practice_fixed');
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

export async function setWebhookStatus(db: Database, caller: WebhookCaller, id: number, status: 'active' | 'inactive'): Promise<number> {
  const { actor } = caller;
  return db.transaction(async (tx) => {
    const before = await lockWebhook(tx, caller, 'delete', id);
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
export async function rotateWebhookSecret(db: Database, caller: WebhookCaller, id: number): Promise<string> {
  const { actor } = caller;
  return db.transaction(async (tx) => {
    const before = await lockWebhook(tx, caller, 'update', id);
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
export async function redeliver(db: Database, caller: WebhookCaller, subscriptionId: number, deliveryId: number): Promise<void> {
  const { actor } = caller;
  await db.transaction(async (tx) => {
    const sub = await lockWebhook(tx, caller, 'update', subscriptionId);
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
