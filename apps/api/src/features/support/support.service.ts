import { sql } from 'drizzle-orm';
import { rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import type { BackupFile, JobRunSummary, Locale, Support } from '@enamel/contracts';
import type { Deps } from '../../core/context.ts';
import { AppError } from '../../core/errors.ts';
import { translate } from '../../core/i18n.ts';
import { APP_VERSION } from '../../version.ts';
import { listBackups } from '../backups/index.ts';

/** How many backups the Support page lists. */
export const SUPPORT_BACKUPS_SHOWN = 5;
const STARTED_AT = new Date(Date.now() - process.uptime() * 1000).toISOString();

/** Whether the database answers, how fast, and how large it is. */
export async function databaseHealth(deps: Pick<Deps, 'db' | 'database'>): Promise<Support['database']> {
  const started = performance.now();
  try {
    const [row] = await rowsOf(deps.db, sqlRow({ size: sqlCol.int.nullable() }), sql`select pg_database_size(current_database()) as size`);
    return { kind: deps.database.kind, status: 'ok', latency_ms: Math.round((performance.now() - started) * 10) / 10, size_bytes: row?.size == null ? null : Number(row.size) };
  } catch {
    return { kind: deps.database.kind, status: 'unavailable', latency_ms: null, size_bytes: null };
  }
}

const jobRunRow = sqlRow({ job: sqlCol.text, last_success_at: sqlCol.instant.nullable(), last_run_at: sqlCol.instant.nullable(), last_status: sqlCol.text.nullable() });

/** The scheduler's jobs, one row each from their run history: when each last succeeded, and how its last run went. */
export async function lastJobRuns(deps: Pick<Deps, 'db'>): Promise<JobRunSummary[]> {
  const found = await rowsOf(
    deps.db,
    jobRunRow,
    sql`select j.name as job,
               (select max(coalesce(r.finished_at, r.created_at)) from scheduler_runs r where r.job_id = j.id and r.status = 'succeeded') as last_success_at,
               last.at as last_run_at, last.status as last_status
        from scheduler_jobs j
        left join lateral (select coalesce(r.started_at, r.created_at) as at, r.status from scheduler_runs r where r.job_id = j.id order by r.id desc limit 1) last on true
        order by j.id`,
  );
  const iso = (v: string | Date | null) => (v === null ? null : new Date(v).toISOString());
  return found.map((r) => ({ job: r.job, last_success_at: iso(r.last_success_at), last_run_at: iso(r.last_run_at), last_status: r.last_status }));
}

/**
 * GET /api/support: the version, the database, and (for those allowed) the job runs and the backups. A backup
 * folder that cannot be read does not break the page: its message is shown instead of the list.
 */
export async function supportInfo(deps: Deps, allowed: { jobRuns: boolean; backups: boolean }, locale: Locale): Promise<Support> {
  const embedded = deps.database.kind === 'embedded';
  let backups: BackupFile[] = [];
  let problem: string | null = null;
  if (allowed.backups && embedded) {
    try {
      backups = await listBackups(deps.config);
    } catch (err) {
      if (!(err instanceof AppError) || !err.messageKey) throw err;
      problem = translate(locale, err.messageKey, err.params as Record<string, string>);
    }
  }
  return {
    version: APP_VERSION,
    node_version: process.versions.node,
    started_at: STARTED_AT,
    database: await databaseHealth(deps),
    job_runs: allowed.jobRuns ? await lastJobRuns(deps) : null,
    backups: allowed.backups
      ? { supported: embedded, directory: embedded ? deps.config.backupDir : null, retention: deps.config.backupRetention, latest: backups.slice(0, SUPPORT_BACKUPS_SHOWN), total: backups.length, problem }
      : null,
  };
}
