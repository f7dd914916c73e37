import crypto from 'node:crypto';
import { expect } from 'vitest';
import { importJobSchema, isActiveRun, type ImportJob } from '@enamel/contracts';
import type { Agent } from './agent.ts';

/** A multipart/form-data body with one file part, as a browser's FormData sends it. */
export function multipart(fileName: string, content: Buffer | string, options: { contentType?: string; field?: string } = {}) {
  const boundary = `----enamel${crypto.randomBytes(8).toString('hex')}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${fileName}"\r\nContent-Type: ${options.contentType ?? 'application/octet-stream'}\r\n\r\n`;
  const payload = Buffer.concat([Buffer.from(head), Buffer.isBuffer(content) ? content : Buffer.from(content), Buffer.from(`\r\n--${boundary}--\r\n`)]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** An import job as the API answers it (contracts' schema). */
export type JobBody = ImportJob;

export async function upload(agent: Agent, kind: string, fileName: string, content: Buffer | string) {
  const { payload, headers } = multipart(fileName, content);
  return agent.request('POST', `/api/${kind}/import`, { payload, headers });
}

/** Polls the job like the screen does until it leaves the running states. */
export async function settle(agent: Agent, id: string, timeoutMs = 60_000): Promise<JobBody> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const res = await agent.get(`/api/import/${id}`);
    expect(res.statusCode).toBe(200);
    const job = importJobSchema.parse(res.json<{ data: unknown }>().data);
    if (!isActiveRun(job.status)) return job;
    if (Date.now() > end) throw new Error(`job ${id} still ${job.status}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Upload, wait for validation, return the validated job. */
export async function validated(agent: Agent, kind: string, fileName: string, content: Buffer | string): Promise<JobBody> {
  const res = await upload(agent, kind, fileName, content);
  expect(res.statusCode, res.body).toBe(202);
  return settle(agent, res.json<{ data: JobBody }>().data.id);
}

export async function commit(agent: Agent, id: string, mode: 'valid' | 'none'): Promise<JobBody> {
  const res = await agent.post(`/api/import/${id}/commit`, { mode });
  expect([200, 202], res.body).toContain(res.statusCode);
  return settle(agent, id);
}
