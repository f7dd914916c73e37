import type { Subject } from '@enamel/contracts';
import type { ImportJob } from '@enamel/contracts';
import { api } from '../../core/api.ts';

/** The kinds of import the server offers (`/api/{kind}/import`), each behind `import` on its subject. */
export const IMPORT_KINDS = [
  { kind: 'brand', subject: 'Brand', list: '/admin/list/brands' },
  { kind: 'category', subject: 'Category', list: '/admin/list/categories' },
  { kind: 'product', subject: 'Product', list: '/admin/list/products' },
  { kind: 'procedure-code', subject: 'ProcedureCode', list: '/admin/list/procedure-codes' },
  { kind: 'dental-practice', subject: 'DentalPractice', list: '/admin/list/dental-practices' },
  { kind: 'inventory', subject: 'Inventory', list: '/admin/list/inventories' },
  { kind: 'procedure', subject: 'Procedure', list: '/admin/list/procedures' },
  { kind: 'supplier', subject: 'Supplier', list: '/admin/list/suppliers' },
  { kind: 'supplier-offer', subject: 'Supplier', list: '/admin/list/suppliers' },
  { kind: 'open-dental-procedure', subject: 'Procedure', list: '/admin/integrations' },
] as const satisfies ReadonlyArray<{ kind: string; subject: Subject; list: string }>;
export type ImportKindName = (typeof IMPORT_KINDS)[number]['kind'];

export type { ImportJob } from '@enamel/contracts';

/** What the screen says a job is doing: its stage and status in one word (each has its label, `import.status.<phase>`). */
export type ImportPhase = 'queued' | 'validating' | 'validated' | 'importing' | 'done' | 'failed' | 'cancelled';
export function importPhase(job: Pick<ImportJob, 'status' | 'stage'>): ImportPhase {
  if (job.status === 'failed') return 'failed';
  if (job.stage === 'cancelled') return 'cancelled';
  if (job.stage === 'validate') return job.status === 'queued' ? 'queued' : job.status === 'running' ? 'validating' : 'validated';
  return job.status === 'succeeded' ? 'done' : 'importing';
}

interface One {
  success: true;
  data: ImportJob;
}

export const templateUrl = (kind: ImportKindName, format: 'csv' | 'xlsx') => `/api/import/template/${kind}?format=${format}`;
export const errorsUrl = (id: string) => `/api/import/${id}/errors.csv`;

export async function uploadImport(kind: ImportKindName, file: File, onProgress?: (percent: number) => void): Promise<ImportJob> {
  const form = new FormData();
  form.append('file', file);
  const res = await api.post<One>(`/api/${kind}/import`, form, {
    onUploadProgress: (e) => {
      if (e.total) onProgress?.(Math.round((e.loaded / e.total) * 100));
    },
  });
  return res.data.data;
}

export async function fetchImport(id: string): Promise<ImportJob> {
  return (await api.get<One>(`/api/import/${id}`)).data.data;
}

export async function commitImport(id: string, mode: 'valid' | 'none'): Promise<ImportJob> {
  return (await api.post<One>(`/api/import/${id}/commit`, { mode })).data.data;
}
