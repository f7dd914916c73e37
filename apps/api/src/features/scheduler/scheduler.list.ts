import { sql } from 'drizzle-orm';
import { schedulerJobListContract, type SchedulerJob } from '@enamel/contracts';
import { schedulerJobs } from '@enamel/db';
import { bindList } from '../../core/list-engine.ts';
import { nextSlot } from './scheduler-cron.ts';

const lastRunAt = sql<Date | null>`(select coalesce(r.started_at, r.created_at) from scheduler_runs r where r.job_id = scheduler_jobs.id order by r.id desc limit 1)`;
const lastStatus = sql<string | null>`(select r.status from scheduler_runs r where r.job_id = scheduler_jobs.id order by r.id desc limit 1)`;

/** The `schedulers` list: each job with its schedule, switch, time limit, last run and (computed) next run. */
export function schedulerJobList(timeZone: string) {
  return bindList(schedulerJobListContract, {
    table: schedulerJobs,
    columns: {
      last_run_at: lastRunAt,
      last_status: lastStatus,
    },
    extra: { options: schedulerJobs.options },
    tiebreaker: schedulerJobs.id,
    present: (row): SchedulerJob => {
      const job = row as Omit<SchedulerJob, 'time_zone' | 'next_run_at'>;
      return { ...job, time_zone: timeZone, next_run_at: job.enabled ? nextSlot(job.cron, timeZone, new Date()).toISOString() : null };
    },
  });
}
