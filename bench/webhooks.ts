/**
 * Webhooks (issue 27, Speed: a fan-out of 1,000 events to 3 subscriptions drains ≤ 30 s against a local receiver).
 * On a fresh migrated database (embedded, and PostgreSQL with BENCH_DATABASE_URL or TEST_DATABASE_URL): one
 * practice with 3 subscriptions to a receiver on 127.0.0.1, 1,000 events written to the outbox (one transaction
 * each, as the changes that cause them do), then the delivery drain (claims of 50 with SKIP LOCKED, signed POSTs,
 * results written) timed until nothing is due. The floor beside it: the same 3,000 signed POSTs sent directly, 50
 * at a time, in the same run. Prints figures, asserts nothing.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import type { DatabaseHandle } from '@enamel/db';
import type { Deps } from '../apps/api/src/core/context.ts';
import type { Config } from '../apps/api/src/env.ts';
import { drainWebhooks, emitWebhookEvent } from '../apps/api/src/features/webhooks/index.ts';
import { postSigned } from '../apps/api/src/features/webhooks/delivery.ts';
import { onEachDatabase } from './bench-databases.ts';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 1000);
const SUBSCRIPTIONS = 3;

async function receiver() {
  let count = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      count++;
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, count: () => count, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

async function benchOne(label: string, _env: NodeJS.ProcessEnv, open: () => Promise<DatabaseHandle>): Promise<void> {
  const database = await open();
  const hook = await receiver();
  try {
    await database.migrate();
    const { db } = database;
    const config = { env: 'production', appUrl: 'https://enamel.bench', webhookAllowHosts: ['127.0.0.1'], webhookRetryBaseSeconds: 30, webhookRetryHours: 24, webhookTimeoutSeconds: 10 } as unknown as Config;
    const deps = { db, config } as unknown as Deps;
    const [practice] = (await db.execute(sql`insert into dental_practices (name, code) values ('Bench webhooks', 'BENCH-WH') returning id`)).rows as Array<{ id: number }>;
    const practiceId = Number(practice!.id);
    for (let i = 1; i <= SUBSCRIPTIONS; i++)
      await db.execute(sql`insert into webhook_subscriptions (dental_practice_id, name, url, events, secret) values (${practiceId}, ${`Bench ${i}`}, ${`${hook.url}/${i}`}, '["stock.low"]'::jsonb, ${`whsec_bench_${i}`})`);

    let began = performance.now();
    for (let i = 0; i < EVENTS; i++) await db.transaction((tx) => emitWebhookEvent(tx, practiceId, 'stock.low', { alert: { kind: 'low_stock', key: `product:${i}`, product: `Bench product ${i}` } }));
    const outboxMs = performance.now() - began;

    began = performance.now();
    const sent = await drainWebhooks(deps);
    const drainMs = performance.now() - began;
    const [left] = (await db.execute(sql`select count(*)::int as n from webhook_deliveries where status <> 'succeeded'`)).rows as Array<{ n: number }>;

    // The floor: the same number of signed POSTs, 50 at a time, straight to the receiver.
    const policy = { env: 'production' as const, appUrl: 'https://enamel.bench', allowHosts: ['127.0.0.1'] };
    const body = JSON.stringify({ id: 'evt_floor', type: 'stock.low', occurredAt: new Date().toISOString(), practice: { id: practiceId, name: 'Bench webhooks' }, data: { alert: {} } });
    began = performance.now();
    const total = EVENTS * SUBSCRIPTIONS;
    for (let i = 0; i < total; i += 50) await Promise.all(Array.from({ length: Math.min(50, total - i) }, () => postSigned(policy, `${hook.url}/floor`, 'whsec_floor', body, {}, 10_000)));
    const floorMs = performance.now() - began;

    console.log(`${label}: write ${EVENTS} events (one transaction each, ${SUBSCRIPTIONS} deliveries each): ${Math.round(outboxMs)} ms`);
    console.log(`${label}: drain ${sent} deliveries (${Number(left!.n)} not delivered): ${(drainMs / 1000).toFixed(2)} s (target ≤ 30 s); floor, ${total} signed POSTs sent directly: ${(floorMs / 1000).toFixed(2)} s`);
  } finally {
    await hook.close();
    await database.close();
  }
}

export async function run(): Promise<void> {
  await onEachDatabase('webhooks', benchOne);
}
