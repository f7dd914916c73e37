import { api } from '../../core/api.ts';
import type { Movement } from '../inventory/inventory.api.ts';
import { PROCEDURE_TEMPLATES_LIST_URL, type ProcedureTemplateRow } from '../procedure-templates/procedure-template.api.ts';
import { procedureListContract, type ListRow } from '@enamel/contracts';

export const PROCEDURES_LIST_URL = procedureListContract.path;

export const PROCEDURE_STATUSES = ['planned', 'completed'] as const;
export type ProcedureStatus = (typeof PROCEDURE_STATUSES)[number];

/** A row of the procedures list. */
export type ProcedureRow = ListRow<typeof procedureListContract>;

export interface ProcedureItemLot {
  lot_id: number;
  lot_number: string | null;
  expiry_date: string | null;
  quantity: string;
  unit_cost: string;
}

export interface ProcedureItem {
  id: number;
  product_id: number;
  product_name: string;
  sku: string;
  usage_unit: string;
  quantity: string;
  cost: string;
  lots: ProcedureItemLot[];
}

export interface ProcedureDetail extends ProcedureRow {
  dental_practice_id: number;
  notes: string | null;
  items: ProcedureItem[];
  movements: Movement[];
}

export interface ProcedureBody {
  dental_practice_id: number;
  procedure_code_id: number;
  procedure_template_id?: number | null;
  performed_at: string;
  provider?: string | null;
  status: ProcedureStatus;
  notes?: string | null;
  items?: { product_id: number; quantity: string }[];
}

interface One {
  success?: true;
  data: ProcedureDetail;
}

export async function fetchProcedure(id: number): Promise<ProcedureDetail> {
  return (await api.get<One>(`/api/procedure/${id}`)).data.data;
}

/** Items replace the old ones on update; completing consumes them, changes are compensated. */
export async function saveProcedure(body: ProcedureBody, id?: number): Promise<ProcedureDetail | undefined> {
  const url = id === undefined ? '/api/procedure/create' : `/api/procedure/update/${id}`;
  return (await api.post<Partial<One>>(url, body)).data.data;
}

/** A planned procedure becomes completed in one server-side step: its items are consumed from stock (FEFO); 409 when it already is. */
export async function completeProcedure(id: number): Promise<void> {
  await api.post(`/api/procedure/complete/${id}`);
}

/** Gives back everything it consumed, then deletes it. */
export async function deleteProcedure(id: number): Promise<void> {
  await api.post(`/api/procedure/delete/${id}`);
}

/** The templates of one procedure code (at most 100, by name). */
export async function fetchTemplatesOfCode(procedureCodeId: number, signal?: AbortSignal): Promise<ProcedureTemplateRow[]> {
  const { data } = await api.get<{ data: ProcedureTemplateRow[] }>(PROCEDURE_TEMPLATES_LIST_URL, {
    params: {
      pagesize: 100,
      sort_column: 'name',
      sort_direction: 'asc',
      column_filters: JSON.stringify([{ field: 'procedure_code_id', condition: 'equal', value: procedureCodeId }]),
    },
    signal,
  });
  return data.data;
}
