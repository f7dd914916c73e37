import { and, eq, getTableColumns, getTableName, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { ACTIVE_RUN_STATUSES, type RunStatus } from '@enamel/contracts';
import type { Database } from '@enamel/db';
import type { Tx } from '../transaction.ts';

type Db = Database | Tx;
type Values = Record<string, unknown>;

/** A failure as stored on a run row: a message key and its parameters, translated when shown. */
export interface RunFailureKey {
  key: string;
  params?: Record<string, string | number>;
}

/** A failure a job's work reports on purpose (a file too large, a bad row): stored as its key, not logged as a crash. */
export class RunFailure extends Error implements RunFailureKey {
  constructor(
    readonly key: string,
    readonly params: Record<string, string | number> = {},
  ) {
    super(key);
  }
}

export interface RunTableOptions {
  /**
   * A run queued or running whose last sign of life (its heartbeat, else its start, else its creation) is older than
   * this many seconds was left by a process that stopped: a number, or a SQL expression of the row (a scheduler
   * job's own time limit).
   */
  staleAfterSeconds: number | SQL;
  /** The failure key such a run gets (each feature words it for its screen). */
  interrupted: string;
}

/**
 * The run rows of one job: any table with `id`, `status` (contracts' RUN_STATUSES), `created_at`, `finished_at`,
 * `failure` and `failure_params`, and optionally `heartbeat_at`, `started_at` (set by the claim) and `error` (an
 * exception's own text). One claim, heartbeat, finish and stale rule for every job that keeps rows.
 */
export class RunTable<T extends PgTable = PgTable, Row = T['$inferSelect']> {
  private readonly cols: Record<string, PgColumn>;

  constructor(
    readonly table: T,
    readonly options: RunTableOptions,
  ) {
    this.cols = getTableColumns(table);
    for (const name of ['id', 'status', 'createdAt', 'finishedAt', 'failure', 'failureParams'])
      if (!this.cols[name]) throw new Error(`run table ${getTableName(table)} has no ${name}`);
  }

  private col(name: string): PgColumn {
    return this.cols[name]!;
  }
  private has(name: string): boolean {
    return name in this.cols;
  }
  /** The row's last sign of life: its heartbeat, else its start, else its creation. */
  get lastSign(): SQL {
    const parts = ['heartbeatAt', 'startedAt', 'createdAt'].filter((c) => this.has(c)).map((c) => sql`${this.col(c)}`);
    return sql`coalesce(${sql.join(parts, sql`, `)})`;
  }
  private get limit(): SQL {
    const s = this.options.staleAfterSeconds;
    return typeof s === 'number' ? sql`${s}` : s;
  }
  /** Rows queued or running past their limit: their process is gone. */
  get stale(): SQL {
    return and(inArray(this.col('status'), [...ACTIVE_RUN_STATUSES]), sql`${this.lastSign} < now() - make_interval(secs => ${this.limit})`)!;
  }
  get active(): SQL {
    return inArray(this.col('status'), [...ACTIVE_RUN_STATUSES]);
  }
  private beatNow(): Values {
    return this.has('heartbeatAt') ? { heartbeatAt: new Date() } : {};
  }
  /** Updates the rows matching `where`, answering them as they now are. */
  private async update(db: Db, values: Values, where: SQL | undefined): Promise<unknown[]> {
    return (await (db as Database)
      .update(this.table)
      .set(values as never)
      .where(where)
      .returning()) as unknown[];
  }

  /** queued → running, answering the row: whoever gets it runs it, so a job handed over twice runs once. */
  async claim(db: Db, id: string | number, values: Values = {}, where?: SQL): Promise<Row | undefined> {
    const set = { ...values, status: 'running', ...this.beatNow(), ...(this.has('startedAt') ? { startedAt: new Date() } : {}) };
    const [row] = (await this.update(db, set, and(eq(this.col('id'), id), eq(this.col('status'), 'queued'), where))) as Row[];
    return row;
  }

  /** The heart beats (with any progress to save) while the run works. */
  async beat(db: Db, id: string | number, values: Values = {}): Promise<void> {
    await this.update(db, { ...values, ...this.beatNow() }, eq(this.col('id'), id));
  }

  /** running → succeeded; only a running run finishes (one failed as stale meanwhile stays failed). */
  async succeed(db: Db, id: string | number, values: Values = {}): Promise<boolean> {
    const done = await this.update(db, { finishedAt: new Date(), ...this.beatNow(), ...values, status: 'succeeded' satisfies RunStatus }, and(eq(this.col('id'), id), eq(this.col('status'), 'running')));
    return done.length > 0;
  }

  /** queued or running → failed, with why (a message key and its parameters) and the error's own text where the table keeps it. */
  async fail(db: Db, id: string | number, failure: RunFailureKey, values: Values = {}, detail?: string): Promise<boolean> {
    const set = { finishedAt: new Date(), ...this.beatNow(), ...values, status: 'failed' satisfies RunStatus, failure: failure.key, failureParams: failure.params ?? {}, ...(detail !== undefined && this.has('error') ? { error: detail.slice(0, 2000) } : {}) };
    const done = await this.update(db, set, and(eq(this.col('id'), id), this.active));
    return done.length > 0;
  }

  /**
   * The whole cycle of one run: claim (or nothing, when another worker has it), the work, then succeeded with the
   * values the work answers, or failed: a RunFailure as its key, anything else as `fallback` with the error's text
   * (and logged). Work that finishes its row inside its own transaction leaves `succeed` here nothing to do.
   */
  async execute(
    db: Database,
    id: string | number,
    work: (row: Row) => Promise<Values | void>,
    options: { claim?: Values; where?: SQL; fallback: RunFailureKey; onFailed?: (row: Row) => Promise<void>; log?: (err: unknown) => void },
  ): Promise<Row | undefined> {
    const row = await this.claim(db, id, options.claim, options.where);
    if (!row) return undefined;
    try {
      await this.succeed(db, id, (await work(row)) ?? {});
    } catch (err) {
      const known = err instanceof RunFailure;
      if (!known) options.log?.(err);
      await options.onFailed?.(row);
      await this.fail(db, id, known ? err : options.fallback, {}, known ? undefined : errorText(err));
    }
    return row;
  }

  /** The one stale rule, written down: runs past their limit are failed as interrupted (within `where` when given). */
  async failStale(db: Db, where?: SQL): Promise<number> {
    const set = {
      status: 'failed' satisfies RunStatus,
      failure: this.options.interrupted,
      failureParams: {},
      finishedAt: new Date(),
      ...(this.has('error') ? { error: 'interrupted: the process running it stopped before it finished' } : {}),
    };
    return (await this.update(db, set, and(this.stale, where))).length;
  }

  /**
   * The same rule where a row is read (a screen following a run): an active row whose last sign of life (heartbeat,
   * else start, else creation) is past a fixed limit shows as failed, interrupted, before anyone writes it down.
   */
  view<R extends { status: string; failure: string | null }>(row: R, lastSign: Date | string, now = Date.now()): R {
    if (typeof this.options.staleAfterSeconds !== 'number' || !ACTIVE_RUN_STATUSES.includes(row.status as RunStatus)) return row;
    if (now - new Date(lastSign).getTime() <= this.options.staleAfterSeconds * 1000) return row;
    return { ...row, status: 'failed', failure: this.options.interrupted };
  }
}

export function runTable<T extends PgTable>(table: T, options: RunTableOptions): RunTable<T> {
  return new RunTable(table, options);
}

/**
 * An error's own text for a run's history: the database's message, not the query and parameters the query builder
 * wraps it in (they may hold anything, binary included).
 */
export function errorText(err: unknown): string {
  const root = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const text = root instanceof Error ? root.message : String(root);
  // eslint-disable-next-line no-control-regex
  return text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, ' ').slice(0, 2000);
}
