import { LIST_PATHS, type DueRunResult, type SchedulerJob, type SchedulerJobUpdate, type SchedulerRun } from '@enamel/contracts';
import { getData, postData } from '../../core/api.ts';

export const SCHEDULERS_LIST_URL = LIST_PATHS.schedulerJob;

export async function updateSchedulerJob(id: number, body: SchedulerJobUpdate): Promise<SchedulerJob> {
  return postData<SchedulerJob>(`/api/scheduler/update/${id}`, body);
}

export async function fetchJobRuns(id: number): Promise<SchedulerRun[]> {
  return getData<SchedulerRun[]>(`/api/scheduler/${id}/runs`, { params: { limit: 50 } });
}

/** Runs the due jobs and waits for them (up to 30 s on the server). */
export async function runScheduler(): Promise<DueRunResult[]> {
  return postData<DueRunResult[]>('/api/run-scheduler', { wait_seconds: 30 }, { timeout: 60_000 });
}
