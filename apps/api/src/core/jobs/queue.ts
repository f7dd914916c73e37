import type { FastifyBaseLogger } from 'fastify';
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { DatabaseHandle } from '@enamel/db';

/** The schema pg-boss keeps its queues, jobs and cron schedules in (beside the app's own tables). */
export const JOB_SCHEMA = 'pgboss';

/**
 * The advisory lock key under which instances create queues one at a time ("enamel queue" as a 32-bit number).
 * pg-boss 10's create_queue inserts the queue's row and then adds a partition with foreign keys to that table:
 * two instances creating the same queue at once deadlock (the second's insert waits for the first's row while
 * holding the lock the first's foreign key needs), and one of them crashes on start.
 */
export const QUEUE_LOCK_KEY = 0x656e_5155;

/** What a job handler receives: the job's id and its payload. */
export interface QueuedJob<T> {
  id: string;
  data: T;
}

export interface WorkOptions {
  /** How often an idle worker asks the database for work (pg-boss polls; there is no LISTEN). */
  pollingIntervalSeconds?: number;
  /** A job still active after this long is failed by pg-boss's supervisor (a killed instance's job). */
  expireInSeconds?: number;
}

/**
 * The one job queue: pg-boss in the application's own database, so any instance may send a job and
 * any instance may run it, once (jobs are fetched with `FOR UPDATE SKIP LOCKED`). On the embedded
 * database pg-boss runs through the PGlite connection itself (one connection: its statements queue
 * with the app's). A job is never sent from inside a transaction: the caller commits its own row
 * (a forecast run, a scheduler run) first and the job only carries that row's id, so a job without a
 * committed row cannot exist and a row whose job was lost is found by its age (see the callers).
 */
export class JobQueue {
  private readonly workers = new Map<string, string>();
  /** Queues known to exist (made here or found), so a send asks the database once per queue. */
  private readonly queues = new Set<string>();

  private constructor(
    readonly boss: PgBoss,
    private readonly log: FastifyBaseLogger,
    private readonly handle: DatabaseHandle,
  ) {}

  static async start(handle: DatabaseHandle, log: FastifyBaseLogger, options: { work?: boolean; cron?: boolean } = {}): Promise<JobQueue> {
    const boss = new PgBoss({
      ...connectionOf(handle),
      schema: JOB_SCHEMA,
      // Cron schedules are checked every 30 s (pg-boss's own timekeeper, once across all instances);
      // off where asked (the API tests: a job firing at the top of the hour would race their assertions).
      schedule: options.work !== false && options.cron !== false,
      supervise: options.work !== false,
      cronMonitorIntervalSeconds: 30,
      cronWorkerIntervalSeconds: 5,
      maintenanceIntervalSeconds: 300,
      deleteAfterDays: 7,
    });
    boss.on('error', (err: unknown) => log.error({ err }, 'job queue error'));
    await boss.start();
    return new JobQueue(boss, log, handle);
  }

  /**
   * Installs or upgrades pg-boss's schema and stops: part of a start's database preparation (it takes
   * pg-boss's own advisory lock, so instances starting together install it once).
   */
  static async install(handle: DatabaseHandle, log: FastifyBaseLogger): Promise<void> {
    const queue = await JobQueue.start(handle, log, { work: false });
    await queue.stop();
  }

  /** Wakes this instance's worker of a queue now instead of at its next poll (a job just sent here). */
  wake(name: string): void {
    const id = this.workers.get(name);
    if (id) this.boss.notifyWorker(id);
  }

  /**
   * Creates the queue if it is new (idempotent, safe when instances start together): on PostgreSQL under an
   * advisory lock held by a transaction on one of the app's connections while pg-boss creates the queue on its
   * own, so instances create queues one after the other and a later one finds the queue made.
   */
  async ensureQueue(name: string, options: { expireInSeconds?: number } = {}): Promise<void> {
    if (this.queues.has(name)) return;
    if (await this.boss.getQueue(name)) return void this.queues.add(name);
    const create = async () => {
      if (await this.boss.getQueue(name)) return;
      await this.boss.createQueue(name, { name, retryLimit: 0, expireInSeconds: options.expireInSeconds ?? 15 * 60 });
    };
    // The embedded database is one process (its folder lock) and one connection, which the lock would hold.
    if (this.handle.kind === 'embedded') await create();
    else
      await this.handle.db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(${QUEUE_LOCK_KEY})`);
        await create();
      });
    this.queues.add(name);
  }

  /**
   * Sends a job (its queue made first if no instance has made it yet); the payload must be small (ids), the work
   * reads its data in its own transaction.
   */
  async send<T extends object>(name: string, data: T, options: { expireInSeconds?: number } = {}): Promise<string | null> {
    await this.ensureQueue(name, options);
    return this.boss.send(name, data);
  }

  /** Runs `handler` for each job of the queue on this instance, one at a time. */
  async work<T extends object>(name: string, handler: (job: QueuedJob<T>) => Promise<void>, options: WorkOptions = {}): Promise<void> {
    await this.ensureQueue(name, options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {});
    const id = await this.boss.work<T>(name, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 1 }, async (jobs) => {
      for (const job of jobs) {
        try {
          await handler({ id: job.id, data: job.data });
        } catch (err) {
          this.log.error({ err, queue: name, job: job.id }, 'job failed');
          throw err;
        }
      }
    });
    this.workers.set(name, id);
  }

  async stop(): Promise<void> {
    // A job at work gets a few seconds to finish; past that pg-boss fails it, and its own row is found stale
    // later, which is also what happens when the process is killed.
    await this.boss.stop({ graceful: true, close: true, wait: true, timeout: 3000 });
  }
}

/** pg-boss's connection: its own small pool on PostgreSQL, the PGlite client itself when embedded. */
function connectionOf(handle: DatabaseHandle): PgBoss.DatabaseOptions {
  if (handle.kind === 'postgres') return { connectionString: handle.url, max: 3 };
  const client = (handle.db as unknown as { $client: PGlite }).$client;
  return {
    db: {
      async executeSql(text: string, values?: unknown[]) {
        // A worker finishing after the database closed (a shutdown past its grace) has nothing left to record:
        // answer nothing, as pg-boss's own connection does once closed (it calls complete/fail without awaiting
        // them, so a rejection there would go unhandled).
        if (client.closed) return undefined as unknown as { rows: unknown[] };
        if (values && values.length) return client.query(text, values.map(toParam));
        // Statements without parameters may be several (pg-boss's migrations, its locked commands).
        const results = await client.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      },
    },
  };
}

/** node-postgres sends objects as JSON text; PGlite must be given the same. */
function toParam(value: unknown): unknown {
  if (value === null || value === undefined || value instanceof Date || Array.isArray(value) || typeof value !== 'object') return value;
  return JSON.stringify(value);
}
