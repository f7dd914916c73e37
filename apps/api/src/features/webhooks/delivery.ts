import http from 'node:http';
import https from 'node:https';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { notifications, rowsOf, webhookDeliveries, webhookEvents, webhookSubscriptions, type Database } from '@enamel/db';
import { recordActivity } from '../../core/activity-log.ts';
import type { Deps } from '../../core/context.ts';
import { defineJob } from '../../core/jobs/index.ts';
import { sqlCol } from '../../core/sql-rows.ts';
import { startTicker } from '../../core/ticker.ts';
import { signWebhook } from './signature.ts';
import { guardedLookup, policyOf, staticProblem, type UrlPolicy } from './url-guard.ts';

/** Events in a row whose every retry failed before a subscription is turned off (and its owner told). */
export const DISABLE_AFTER_FAILED_EVENTS = 5;
/** Deliveries one worker claims at once (sent together). */
const BATCH = 50;
/** The longest wait between two tries. */
const MAX_DELAY_SECONDS = 6 * 3600;

interface Claimed {
  id: number;
  subscription_id: number;
  event_id: number;
  attempts: number;
}

export interface AttemptResult {
  ok: boolean;
  status: number | null;
  durationMs: number;
  error: string | null;
}

/** The wait before try `attempts + 1`: base × 2^(attempts−1), capped, with ±10 % jitter so retries spread out. */
export function retryDelaySeconds(base: number, attempts: number, random = Math.random()): number {
  const delay = Math.min(base * 2 ** Math.max(0, attempts - 1), MAX_DELAY_SECONDS);
  return delay * (0.9 + 0.2 * random);
}

/**
 * Claims due deliveries (pending and due, or sending past their lock: a worker that died): row locks taken with
 * SKIP LOCKED, so instances draining together never take the same row; each claim counts an attempt.
 */
const claimedRow = z.object({ id: sqlCol.int, subscription_id: sqlCol.int, event_id: sqlCol.int, attempts: sqlCol.int });

async function claimDue(db: Database, lockSeconds: number, limit = BATCH): Promise<Claimed[]> {
  return rowsOf(db, claimedRow, sql`
    update webhook_deliveries d
    set status = 'sending', attempts = d.attempts + 1, locked_until = now() + make_interval(secs => ${lockSeconds}), last_attempt_at = now()
    where d.id in (
      select w.id from webhook_deliveries w
      join webhook_subscriptions s on s.id = w.subscription_id and s.status = 'active'
      where (w.status = 'pending' and w.next_attempt_at <= now()) or (w.status = 'sending' and w.locked_until < now())
      order by w.next_attempt_at nulls first, w.id
      limit ${limit}
      for update of w skip locked
    )
    returning d.id, d.subscription_id, d.event_id, d.attempts`);
}

/** One signed POST: no redirect followed, the connection made to an address checked again now, a time limit. */
export function postSigned(policy: UrlPolicy, target: string, secret: string, body: string, headers: Record<string, string>, timeoutMs: number): Promise<AttemptResult> {
  const started = performance.now();
  const done = (ok: boolean, status: number | null, error: string | null): AttemptResult => ({ ok, status, durationMs: Math.round(performance.now() - started), error });
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return Promise.resolve(done(false, null, 'invalid URL'));
  }
  const problem = staticProblem(policy, url);
  if (problem) return Promise.resolve(done(false, null, `refused: ${problem}`));
  const timestamp = Math.floor(Date.now() / 1000);
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(policy, url.hostname.replace(/^\[|\]$/g, '').toLowerCase()),
        timeout: timeoutMs,
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Enamel-Webhooks/1',
          'enamel-timestamp': String(timestamp),
          'enamel-signature': signWebhook(secret, body, timestamp),
          ...headers,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // The answer's body is not kept: read (and dropped) so the socket closes.
        response.resume();
        response.on('end', () => resolve(done(status >= 200 && status < 300, status, status >= 200 && status < 300 ? null : `HTTP ${status}`)));
        response.on('error', (err) => resolve(done(false, status, err.message)));
      },
    );
    const timer = setTimeout(() => request.destroy(new Error(`timed out after ${timeoutMs} ms`)), timeoutMs);
    request.on('timeout', () => request.destroy(new Error(`timed out after ${timeoutMs} ms`)));
    request.on('error', (err) => resolve(done(false, null, err.message.slice(0, 500))));
    request.on('close', () => clearTimeout(timer));
    request.end(body);
  });
}

/** Writes an attempt's result on its row, if the row is still this attempt's (a stale re-claim moved it on). */
async function record(deps: Deps, claimed: Claimed, occurredAt: Date, result: AttemptResult): Promise<void> {
  const { config } = deps;
  await deps.db.transaction(async (tx) => {
    const mine = and(eq(webhookDeliveries.id, claimed.id), eq(webhookDeliveries.status, 'sending'), eq(webhookDeliveries.attempts, claimed.attempts));
    const common = { responseStatus: result.status, durationMs: result.durationMs, error: result.error, lockedUntil: null };
    if (result.ok) {
      const [row] = await tx.update(webhookDeliveries).set({ ...common, status: 'succeeded', deliveredAt: new Date(), nextAttemptAt: null }).where(mine).returning({ id: webhookDeliveries.id });
      if (row) await tx.update(webhookSubscriptions).set({ consecutiveFailures: 0 }).where(and(eq(webhookSubscriptions.id, claimed.subscription_id), sql`${webhookSubscriptions.consecutiveFailures} <> 0`));
      return;
    }
    const next = new Date(Date.now() + retryDelaySeconds(config.webhookRetryBaseSeconds, claimed.attempts) * 1000);
    const givenUp = next.getTime() > occurredAt.getTime() + config.webhookRetryHours * 3600_000;
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ ...common, status: givenUp ? 'failed' : 'pending', nextAttemptAt: givenUp ? null : next })
      .where(mine)
      .returning({ id: webhookDeliveries.id });
    if (row && givenUp) await countFailedEvent(tx, claimed.subscription_id);
  });
}

/**
 * The delivered ones of a batch, in one statement (each only if the row is still this attempt's), and their
 * subscriptions' failure counts back to zero.
 */
async function recordSuccesses(db: Database, done: ReadonlyArray<{ claimed: Claimed; result: AttemptResult }>): Promise<void> {
  if (done.length === 0) return;
  const values = sql.join(done.map((d) => sql`(${d.claimed.id}::bigint, ${d.claimed.attempts}::int, ${d.result.status}::int, ${d.result.durationMs}::int)`), sql`, `);
  await db.transaction(async (tx) => {
    const subs = await rowsOf(
      tx,
      z.object({ subscription_id: sqlCol.int }),
      sql`update webhook_deliveries d set status = 'succeeded', delivered_at = now(), next_attempt_at = null, locked_until = null, error = null, response_status = v.code, duration_ms = v.ms
          from (values ${values}) as v(id, attempts, code, ms)
          where d.id = v.id and d.status = 'sending' and d.attempts = v.attempts
          returning d.subscription_id`,
    );
    const ids = [...new Set(subs.map((s) => s.subscription_id))];
    if (ids.length) await tx.execute(sql`update webhook_subscriptions set consecutive_failures = 0 where id in ${ids} and consecutive_failures <> 0`);
  });
}

/**
 * An event given up: one more failure in a row for its subscription; at the limit the subscription is turned off
 * (`disabled_reason: 'failures'`), its owner notified (the bell) and the change written to the activity log.
 */
async function countFailedEvent(tx: Database, subscriptionId: number): Promise<void> {
  const [sub] = await tx.select().from(webhookSubscriptions).where(eq(webhookSubscriptions.id, subscriptionId)).for('update');
  if (!sub) return;
  const failures = sub.consecutiveFailures + 1;
  const disable = failures >= DISABLE_AFTER_FAILED_EVENTS && sub.status === 'active';
  await tx
    .update(webhookSubscriptions)
    .set({ consecutiveFailures: failures, ...(disable ? { status: 'inactive', disabledReason: 'failures' } : {}) })
    .where(eq(webhookSubscriptions.id, subscriptionId));
  if (!disable) return;
  if (sub.ownerId)
    await tx
      .insert(notifications)
      .values({ userId: sub.ownerId, dentalPracticeId: sub.dentalPracticeId, kind: 'webhook_disabled', key: `webhook:${sub.id}:${Date.now()}`, params: { name: sub.name, failures }, link: `/admin/webhooks/${sub.id}` })
      .onConflictDoNothing();
  await recordActivity(tx, { userId: null, email: null, ip: '127.0.0.1', userAgent: 'webhooks' }, { action: 'deactivate', subject: 'Webhook', subjectId: sub.id, practiceId: sub.dentalPracticeId, before: { status: 'active' }, after: { status: 'inactive', disabled_reason: 'failures', consecutive_failures: failures } });
}

/**
 * Sends what is due until nothing is: claims a batch, posts it (all at once), writes each result, again. Any
 * number of instances may drain together: each row is claimed by one of them.
 */
export async function drainWebhooks(deps: Deps, log?: FastifyBaseLogger): Promise<number> {
  const timeoutMs = deps.config.webhookTimeoutSeconds * 1000;
  const policy = policyOf(deps.config);
  let sent = 0;
  for (;;) {
    const claimed = await claimDue(deps.db, deps.config.webhookTimeoutSeconds + 30);
    if (claimed.length === 0) return sent;
    const subs = new Map(
      (await deps.db.select({ id: webhookSubscriptions.id, url: webhookSubscriptions.url, secret: webhookSubscriptions.secret }).from(webhookSubscriptions).where(sql`${webhookSubscriptions.id} in ${[...new Set(claimed.map((c) => c.subscription_id))]}`)).map((s) => [s.id, s]),
    );
    const events = new Map(
      (await deps.db.select({ id: webhookEvents.id, uid: webhookEvents.uid, type: webhookEvents.type, payload: webhookEvents.payload, occurredAt: webhookEvents.occurredAt }).from(webhookEvents).where(sql`${webhookEvents.id} in ${[...new Set(claimed.map((c) => c.event_id))]}`)).map((e) => [e.id, e]),
    );
    const results = await Promise.all(
      claimed.map(async (c) => {
        const sub = subs.get(c.subscription_id);
        const event = events.get(c.event_id);
        if (!sub || !event) return null;
        const body = JSON.stringify(event.payload);
        const result = await postSigned(policy, sub.url, sub.secret, body, { 'enamel-event-id': event.uid, 'enamel-event-type': event.type, 'enamel-delivery-attempt': String(c.attempts) }, timeoutMs);
        return { claimed: c, occurredAt: new Date(event.occurredAt), result };
      }),
    );
    const done = results.filter((r) => r !== null);
    try {
      await recordSuccesses(deps.db, done.filter((r) => r.result.ok));
    } catch (err) {
      log?.error({ err }, 'webhook delivery results not recorded');
    }
    for (const r of done.filter((d) => !d.result.ok)) {
      try {
        await record(deps, r.claimed, r.occurredAt, r.result);
      } catch (err) {
        log?.error({ err, delivery: r.claimed.id }, 'webhook delivery result not recorded');
      }
    }
    sent += claimed.length;
  }
}

/** The delivery job: drains what is due (sent by the ticker of any instance, run by one worker at a time per instance). */
export const webhookDeliverJob = defineJob({
  queue: 'webhooks.deliver',
  payload: z.object({}),
  expireInSeconds: 15 * 60,
  async handler(_payload, { deps, log }) {
    await drainWebhooks(deps, log);
  },
});

/** Whether anything is due now (the ticker's cheap question, on the partial index). */
async function anythingDue(db: Database): Promise<boolean> {
  const found = await rowsOf(db, z.object({ one: sqlCol.int }), sql`select 1 as one from webhook_deliveries where status in ('pending', 'sending') and (next_attempt_at <= now() or locked_until < now()) limit 1`);
  return found.length > 0;
}

/**
 * Each instance asks every `intervalMs` whether a delivery is due and, if so, queues the delivery job (not while
 * its own is still queued or running). Returns its stop.
 */
export function startWebhookTicker(deps: Deps, log: FastifyBaseLogger, intervalMs = 1000): () => void {
  return startTicker(
    intervalMs,
    async () => {
      if (await anythingDue(deps.db)) {
        await webhookDeliverJob.send(deps, {});
        // Give the job time to start before asking again (it drains everything due).
        await new Promise((r) => setTimeout(r, intervalMs));
      }
    },
    (err) => log.warn({ err }, 'webhook ticker'),
  );
}
