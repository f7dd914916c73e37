import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import { dentalPractices, passwordResetTokens, schedulerRuns, sessions, throttles } from '@enamel/db';
import type { Deps } from '../../core/context.ts';
import { removeExpiredIdempotencyKeys } from '../../core/idempotency.ts';
import { analyzeStaleTables } from '../../core/table-statistics.ts';
import type { MessageKey } from '../../core/i18n.ts';
import { runStockAlerts } from '../alerts/index.ts';
import { ARCHIVE_AFTER_DAYS, archiveActivityLogs } from '../archive-logs/index.ts';
import { backupsSupported, takeBackup } from '../backups/index.ts';
import { executeForecastRun, requestForecastRun } from '../forecasts/index.ts';
import { sweepOldJobs } from '../imports/index.ts';
import { sendDigests } from '../notifications/index.ts';
import { sweepExpiredExportFiles } from '../reports/index.ts';

/** A line of a run's history: a message key and its parameters, translated when shown (old runs kept plain text). */
export type LogLine = string | { key: string; params?: Record<string, string | number> };

/** What a job's work gets: the server's dependencies and a log whose lines go into the run's history. */
export interface JobContext {
  deps: Pick<Deps, 'db' | 'config' | 'mailer' | 'database'>;
  /** The job's own settings (scheduler_jobs.options). */
  options: { archive_after_days?: number };
  log: (key: MessageKey & `scheduler.log.${string}`, params?: Record<string, string | number>) => void;
}

export interface SchedulerJobKind {
  /** Stable name, stored in `scheduler_jobs.name`. */
  name: string;
  defaultCron: string;
  /** How long one run may take before it is marked failed. */
  timeLimitSeconds: number;
  run(ctx: JobContext): Promise<void>;
}

/** The job that archives the activity log (its age setting is its own option). */
export const ARCHIVE_JOB = 'archive-activity-logs';

/** Scheduler run history older than this is removed by the clean-up job. */
const KEEP_RUNS_DAYS = 90;

/**
 * Every job the scheduler knows, as data: its name, when it runs unless someone changes it, its time limit
 * and its work. Each piece of work commits in its own transactions (a forecast run, an archive batch, an alert
 * per practice), so a run stopped midway leaves whole steps behind and the next run finishes the rest.
 */
export const SCHEDULER_JOB_KINDS: readonly SchedulerJobKind[] = [
  {
    name: 'refresh-forecasts',
    defaultCron: '0 2 * * *',
    timeLimitSeconds: 1800,
    async run({ deps, log }) {
      const practices = await deps.db.select({ id: dentalPractices.id, name: dentalPractices.name }).from(dentalPractices).where(eq(dentalPractices.status, 'active')).orderBy(dentalPractices.id);
      for (const practice of practices) {
        const { run, created } = await requestForecastRun(deps.db, { practiceId: practice.id, userId: null });
        if (created) await executeForecastRun(deps.db, run.id);
        log(created ? 'scheduler.log.forecast_made' : 'scheduler.log.forecast_under_way', { practice: practice.name, date: run.forecast_date });
      }
      const alerts = await runStockAlerts(deps.db, practices.map((p) => p.id));
      log('scheduler.log.forecast_alerts', { raised: alerts.raised, cleared: alerts.cleared });
    },
  },
  {
    name: 'stock-alerts',
    defaultCron: '0 * * * *',
    timeLimitSeconds: 600,
    async run({ deps, log }) {
      const result = await runStockAlerts(deps.db);
      log('scheduler.log.stock_alerts', { practices: result.practices, raised: result.raised, cleared: result.cleared });
    },
  },
  {
    name: 'notification-digest',
    defaultCron: '0 7 * * *',
    timeLimitSeconds: 900,
    async run({ deps, log }) {
      const result = await sendDigests(deps);
      log('scheduler.log.digest', { users: result.users, sent: result.sent });
    },
  },
  {
    name: ARCHIVE_JOB,
    defaultCron: '30 1 * * *',
    timeLimitSeconds: 1800,
    async run({ deps, options, log }) {
      const days = options.archive_after_days ?? ARCHIVE_AFTER_DAYS;
      const result = await archiveActivityLogs(deps.db, { days });
      log('scheduler.log.archive', { rows: result.rows, days, archives: result.archives });
    },
  },
  {
    name: 'backup',
    defaultCron: '0 3 * * *',
    timeLimitSeconds: 3600,
    async run({ deps, log }) {
      if (!backupsSupported(deps)) {
        log('scheduler.log.backup_skipped');
        return;
      }
      const backup = await takeBackup(deps);
      log('scheduler.log.backup', { name: backup.name, size: (backup.size_bytes / 1024 / 1024).toFixed(1) });
    },
  },
  {
    name: 'clean-up',
    defaultCron: '15 * * * *',
    timeLimitSeconds: 600,
    async run({ deps, log }) {
      const { db } = deps;
      const expiredSessions = await db.delete(sessions).where(lt(sessions.expiresAt, sql`now()`)).returning({ id: sessions.id });
      log('scheduler.log.sessions_removed', { count: expiredSessions.length });
      const tokens = await db
        .delete(passwordResetTokens)
        .where(or(lt(passwordResetTokens.expiresAt, sql`now()`), isNotNull(passwordResetTokens.usedAt)))
        .returning({ id: passwordResetTokens.id });
      log('scheduler.log.tokens_removed', { count: tokens.length });
      const stale = await db.delete(throttles).where(lt(throttles.windowStart, sql`now() - interval '1 day'`)).returning({ key: throttles.key });
      log('scheduler.log.throttles_removed', { count: stale.length });
      log('scheduler.log.idempotency_keys_removed', { count: await removeExpiredIdempotencyKeys(db) });
      await sweepOldJobs(db, deps.config.dataDir);
      log('scheduler.log.imports_removed');
      log('scheduler.log.exports_removed', { count: await sweepExpiredExportFiles(db) });
      const runs = await db
        .delete(schedulerRuns)
        .where(and(lt(schedulerRuns.createdAt, sql`now() - make_interval(days => ${KEEP_RUNS_DAYS})`), or(eq(schedulerRuns.status, 'succeeded'), eq(schedulerRuns.status, 'failed'))))
        .returning({ id: schedulerRuns.id });
      log('scheduler.log.runs_removed', { count: runs.length, days: KEEP_RUNS_DAYS });
      // The embedded database has no autovacuum: the tables that grew since (procedures, the ledger) get fresh planner
      // statistics. A running server's statistics ticker does it every minute (core/table-statistics.ts); here it is the
      // run's logged account, and a refresh when the clean-up is run by hand. PostgreSQL's autovacuum does it there.
      if (deps.database.kind === 'embedded') log('scheduler.log.statistics_refreshed', { count: (await analyzeStaleTables(db)).length });
    },
  },
];

export const jobKind = (name: string) => SCHEDULER_JOB_KINDS.find((k) => k.name === name);
