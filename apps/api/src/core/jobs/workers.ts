import type { FastifyBaseLogger } from 'fastify';
import type { Deps } from '../context.ts';
import type { JobDefinition } from './define-job.ts';

/** Starts this instance's worker of every job, one job at a time each: called once, when the app starts. */
export async function startWorkers(deps: Deps, log: FastifyBaseLogger, jobs: readonly JobDefinition[]): Promise<void> {
  const queues = new Set<string>();
  for (const job of jobs) {
    if (queues.has(job.queue)) throw new Error(`two jobs share the queue ${job.queue}`);
    queues.add(job.queue);
    await deps.jobs.work<object>(
      job.queue,
      async ({ data }) => {
        const payload = job.payload.safeParse(data);
        // A job whose payload no longer parses (sent by an older version) is dropped, said in the log.
        if (!payload.success) return log.error({ queue: job.queue, issues: payload.error.issues }, 'job payload refused');
        await job.handler(payload.data, { deps, log });
      },
      job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {},
    );
  }
}
