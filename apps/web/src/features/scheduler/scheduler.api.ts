import type { DueRunResult, SchedulerJob, SchedulerJobUpdate, SchedulerRun } from '@enamel/contracts';
import { api } from '../../core/api.ts';

export const SCHEDULERS_LIST_URL = '/api/admin/list/schedulers';

export async function updateSchedulerJob(id: number, body: SchedulerJobUpdate): Promise<SchedulerJob> {
  return (await api.post<{ data: SchedulerJob }>(`/api/scheduler/update/${id}`, body)).data.data;
}

export async function fetchJobRuns(id: number): Promise<SchedulerRun[]> {
  return (await api.get<{ data: SchedulerRun[] }>(`/api/scheduler/${id}/runs`, { params: { limit: 50 } })).data.data;
}

/** Runs the due jobs and waits for them (up to 30 s on the server). */
export async function runScheduler(): Promise<DueRunResult[]> {
  return (await api.post<{ data: DueRunResult[] }>('/api/run-scheduler', { wait_seconds: 30 }, { timeout: 60_000 })).data.data;
}
