import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Deps } from '../context.ts';

/** What a job's handler gets besides its payload: the server's dependencies and its log. */
export interface JobContext {
  deps: Deps;
  log: FastifyBaseLogger;
}

export interface JobSpec<P extends object> {
  /** The queue's name (pg-boss): any instance sends, any instance runs, once. */
  queue: string;
  /** What a job carries: checked when sent and when run. Small (ids); the work reads its data itself. */
  payload: z.ZodType<P>;
  /** A job still active after this long (its instance was killed) is failed by the queue. */
  expireInSeconds?: number;
  /** The work. A job that keeps a run row claims and finishes it through its RunTable (run-rows.ts). */
  handler(payload: P, ctx: JobContext): Promise<void>;
}

export interface JobDefinition<P extends object = object> extends JobSpec<P> {
  /** Queues a job (never inside a transaction: commit the run row first, send its id) and wakes this instance's worker. */
  send(deps: Pick<Deps, 'jobs'>, payload: P): Promise<void>;
}

/**
 * Defines a job once: its queue, payload schema and handler. The definition is listed in `src/jobs.ts`, whose
 * workers the app starts at start-up (workers.ts); the feature queues work with `job.send(deps, payload)`.
 */
export function defineJob<P extends object>(spec: JobSpec<P>): JobDefinition<P> {
  return {
    ...spec,
    async send(deps, payload) {
      await deps.jobs.send(spec.queue, spec.payload.parse(payload), spec.expireInSeconds ? { expireInSeconds: spec.expireInSeconds } : {});
      deps.jobs.wake(spec.queue);
    },
  };
}
