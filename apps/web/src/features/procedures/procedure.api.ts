import type { ExpiryState, ProcedureAmendBody, ProcedureBody, ProcedureTemplateLines } from '@enamel/contracts';
import { api } from '../../core/api.ts';
import { STOCK_QUERY_KEYS, type Movement } from '../inventory/index.ts';
import { PROCEDURE_TEMPLATES_LIST_URL, type ProcedureTemplateRow } from '../procedure-templates/index.ts';
import { procedureListContract, type ListRow, LIST_PATHS } from '@enamel/contracts';

export const PROCEDURES_LIST_URL = LIST_PATHS.procedure;

export const PROCEDURE_STATUSES = ['planned', 'completed'] as const;
export type ProcedureStatus = (typeof PROCEDURE_STATUSES)[number];

/** A row of the procedures list. */
export type ProcedureRow = ListRow<typeof procedureListContract>;

export interface ProcedureItemLot {
  lot_id: number;
  lot_number: string | null;
  expiry_date: string | null;
  /** The server's expiry state on the practice's today (stock's one definition). */
  expiry_state: ExpiryState | null;
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
  /** The catalog's price of one usage unit (the estimate while planned). */
  unit_cost: string;
  /** The practice's stock now; null for who may not read it. */
  on_hand: string | null;
  lots: ProcedureItemLot[];
}

export interface ProcedureDetail extends ProcedureRow {
  dental_practice_id: number;
  notes: string | null;
  items: ProcedureItem[];
  movements: Movement[];
}

export type { ProcedureAmendBody, ProcedureBody };

interface One {
  success: true;
  data: ProcedureDetail;
}

export async function fetchProcedure(id: number): Promise<ProcedureDetail> {
  return (await api.get<One>(`/api/procedure/${id}`)).data.data;
}

/**
 * The procedure commands: one request each, answered with the procedure as it now stands (so the
 * screen shows it without asking again).
 */

/** Records a procedure; a completed one takes its items from stock. */
export async function recordProcedure(body: ProcedureBody): Promise<ProcedureDetail> {
  return (await api.post<One>('/api/procedure/create', body)).data.data;
}

/** Changes only the fields sent; a completed procedure's stock follows its items. */
export async function amendProcedure(id: number, changes: ProcedureAmendBody): Promise<ProcedureDetail> {
  return (await api.patch<One>(`/api/procedure/${id}`, changes)).data.data;
}

/** A planned procedure becomes completed in one server-side step: its items are consumed from stock (FEFO); 409 when it already is. */
export async function completeProcedure(id: number): Promise<ProcedureDetail> {
  return (await api.post<One>(`/api/procedure/complete/${id}`)).data.data;
}

/** Gives back everything it consumed, then deletes it. */
export async function deleteProcedure(id: number): Promise<void> {
  await api.post(`/api/procedure/delete/${id}`);
}

/** A template's lines for a procedure of the practice: quantity, catalog unit cost and on-hand of each product, in one request. */
export async function fetchTemplateLines(templateId: number, practiceId: number): Promise<ProcedureTemplateLines> {
  const { data } = await api.get<{ data: ProcedureTemplateLines }>('/api/procedure/template-lines', { params: { procedure_template_id: templateId, dental_practice_id: practiceId } });
  return data.data;
}

/** What a procedure command changes besides the procedure itself: lists and stock (the procedure's own query is set from the answer). */
export const PROCEDURE_REFRESH = ['procedures', ...STOCK_QUERY_KEYS.filter((k) => k !== 'procedure')];

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
