import type { FastifyBaseLogger, FastifyReply } from 'fastify';

/**
 * Work a route does only once its answer has gone out, so the answer's timing tells nothing
 * about it (forgot password: whether the account exists). Failures are logged; a closing
 * server waits for the work still running.
 */
export class AfterReply {
  private readonly running = new Set<Promise<void>>();
  constructor(private readonly log: FastifyBaseLogger) {}

  /** Runs `task` when the response has been sent (or the client went away). */
  schedule(reply: FastifyReply, name: string, task: () => Promise<void>): void {
    reply.raw.once('close', () => this.start(name, task));
  }

  protected start(name: string, task: () => Promise<void>): void {
    const run = task()
      .catch((err: unknown) => this.log.error({ err }, `${name} failed after the reply`))
      .finally(() => this.running.delete(run));
    this.running.add(run);
  }

  /** Waits for every task already started (on close). */
  async drain(): Promise<void> {
    while (this.running.size) await Promise.all([...this.running]);
  }
}
