import { lineBodies, quantityText, sameLines, type ItemLine } from '../../ui/item-lines/index.ts';
import { fromLocalInput, toLocalInput } from './items.ts';
import type { ProcedureAmendBody, ProcedureBody, ProcedureDetail, ProcedureStatus } from './procedure.api.ts';

/** What the procedure form holds: selects keep ids as strings, the date as a datetime-local value. */
export interface ProcedureFormValues extends Record<string, unknown> {
  procedure_code_id: string | null;
  procedure_template_id: string | null;
  performed_at: string;
  provider: string;
  status: ProcedureStatus;
  notes: string;
  items: ItemLine[];
  /** The operatory (a storage location id) where it was done; consumption takes from there first. */
  location_id?: string | null;
}

export function emptyProcedureValues(now = Date.now()): ProcedureFormValues {
  return { procedure_code_id: null, procedure_template_id: null, performed_at: toLocalInput(now), provider: '', status: 'completed', notes: '', items: [], location_id: null };
}

/** A saved procedure as form values: its lines carry the catalog unit cost and the practice's on-hand the server sent. */
export function procedureValues(p: ProcedureDetail): ProcedureFormValues {
  return {
    procedure_code_id: String(p.procedure_code_id),
    procedure_template_id: p.procedure_template_id ? String(p.procedure_template_id) : null,
    performed_at: toLocalInput(p.performed_at),
    provider: p.provider ?? '',
    status: p.status,
    notes: p.notes ?? '',
    items: p.items.map((i) => ({ product_id: i.product_id, name: i.product_name, sku: i.sku, usage_unit: i.usage_unit, unit_cost: i.unit_cost, on_hand: i.on_hand, quantity: Number(i.quantity) })),
    ...(p.location_id ? { location_id: String(p.location_id) } : {}),
  };
}

const idOrNull = (value: string | null) => (value ? Number(value) : null);
const textOrNull = (value: string) => value.trim() || null;

/** The record command's body. */
export function recordBody(v: ProcedureFormValues, practiceId: number): ProcedureBody {
  return {
    dental_practice_id: practiceId,
    procedure_code_id: Number(v.procedure_code_id),
    procedure_template_id: idOrNull(v.procedure_template_id),
    performed_at: fromLocalInput(v.performed_at)!,
    provider: textOrNull(v.provider),
    status: v.status,
    notes: textOrNull(v.notes),
    items: lineBodies(v.items),
    ...(v.location_id ? { location_id: Number(v.location_id) } : {}),
  };
}

/** The amend command's body: only what differs from the procedure as loaded (empty when nothing does). */
export function amendment(before: ProcedureFormValues, v: ProcedureFormValues): ProcedureAmendBody {
  const body: ProcedureAmendBody = {};
  if (v.procedure_code_id !== before.procedure_code_id) body.procedure_code_id = Number(v.procedure_code_id);
  if (v.procedure_template_id !== before.procedure_template_id) body.procedure_template_id = idOrNull(v.procedure_template_id);
  if (v.performed_at !== before.performed_at) body.performed_at = fromLocalInput(v.performed_at)!;
  if (textOrNull(v.provider) !== textOrNull(before.provider)) body.provider = textOrNull(v.provider);
  if (v.status !== before.status) body.status = v.status;
  if (textOrNull(v.notes) !== textOrNull(before.notes)) body.notes = textOrNull(v.notes);
  if ((v.location_id ?? null) !== (before.location_id ?? null)) body.location_id = idOrNull(v.location_id ?? null);
  // A line typed empty or zero is sent, so the server names it (422) rather than the form dropping it.
  if (!sameLines(before.items, v.items) || v.items.some((l) => quantityText(l.quantity) === '')) body.items = lineBodies(v.items);
  return body;
}
