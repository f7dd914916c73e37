import { sql } from 'drizzle-orm';
import type { SchedulerJob } from '@enamel/contracts';
import { schedulerJobs, type Database } from '@enamel/db';
import type { ListDefinition } from '../../core/list-engine.ts';
import { nextSlot } from './scheduler-cron.ts';

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : typeof v === 'string' ? new Date(v).toISOString() : null);

const lastRunAt = sql<Date | null>`(select coalesce(r.started_at, r.created_at) from scheduler_runs r where r.job_id = scheduler_jobs.id order by r.id desc limit 1)`;
const lastStatus = sql<string | null>`(select r.status from scheduler_runs r where r.job_id = scheduler_jobs.id order by r.id desc limit 1)`;

/** The notes' `schedulers` list: each job with its schedule, switch, time limit, last run and (computed) next run. */
export function schedulerJobList(timeZone: string): ListDefinition<SchedulerJob> {
  return {
    path: '/api/admin/list/schedulers',
    columns: {
      id: { type: 'number', expr: schedulerJobs.id, sort: true, filter: true },
      name: { type: 'string', expr: schedulerJobs.name, sort: true, filter: true, search: true },
      cron: { type: 'string', expr: schedulerJobs.cron, sort: true, filter: true, search: true },
      enabled: { type: 'bool', expr: schedulerJobs.enabled, sort: true, filter: true },
      time_limit_seconds: { type: 'number', expr: schedulerJobs.timeLimitSeconds, sort: true, filter: true },
      updated_at: { type: 'date', expr: schedulerJobs.updatedAt, sort: true, filter: true },
      last_run_at: { type: 'date', expr: lastRunAt, sort: true, filter: true },
      last_status: { type: 'string', expr: lastStatus, sort: true, filter: true },
    },
    defaultSort: { field: 'id', direction: 'asc' },
    tiebreaker: schedulerJobs.id,
    query: (db: Database) =>
      db
        .select({
          id: schedulerJobs.id,
          name: schedulerJobs.name,
          cron: schedulerJobs.cron,
          enabled: schedulerJobs.enabled,
          time_limit_seconds: schedulerJobs.timeLimitSeconds,
          options: schedulerJobs.options,
          updated_at: schedulerJobs.updatedAt,
          last_run_at: lastRunAt,
          last_status: lastStatus,
        })
        .from(schedulerJobs)
        .$dynamic(),
    present: (row) =>
      ({
        ...row,
        time_zone: timeZone,
        updated_at: iso(row.updated_at)!,
        last_run_at: iso(row.last_run_at),
        next_run_at: row.enabled ? nextSlot(String(row.cron), timeZone, new Date()).toISOString() : null,
      }) as SchedulerJob,
  };
}
