import { and, eq, sql } from 'drizzle-orm';
import { PROCEDURE_STATUSES, decimalSchema } from '@enamel/contracts';
import { procedures, rowsOf } from '@enamel/db';
import { sqlCol, sqlRow } from '../../core/sql-rows.ts';
import { AppError } from '../../core/errors.ts';
import { ImportFileError } from '../../core/import/pipeline.ts';
import { definePracticeKind, parseBoolean, parseDateTime, type CellError } from '../../core/import/kind.ts';
import type { Tx } from '../stock/index.ts';
import { insertProcedure, type ItemInput } from './procedure-rows.ts';

interface ProcedureImportRow {
  practiceId: number;
  codeId: number;
  templateId: number | null;
  performedAt: Date;
  status: (typeof PROCEDURE_STATUSES)[number];
  provider: string | null;
  notes: string | null;
  items: ItemInput[];
  consume: boolean;
}

interface Refs {
  codes: Map<string, number>;
  templates: Map<string, { id: number; codeId: number; items: ItemInput[] }>;
  products: Map<string, number>;
}

/** "GLV-M:2; ART-4:1.5" → items; an unknown SKU or a bad quantity is an error on the items column. */
function parseItems(text: string, products: Map<string, number>): { items: ItemInput[]; error?: CellError } {
  const items: ItemInput[] = [];
  for (const part of text.split(/[;\n]+/).map((p) => p.trim()).filter(Boolean)) {
    const m = /^(.+?)\s*[:=x×]\s*([\d.]+)$/.exec(part);
    const quantity = m ? decimalSchema.safeParse(m[2]) : undefined;
    if (!m || !quantity?.success || Number(quantity.data) <= 0) return { items, error: { column: 'items', key: 'import.items_format', params: { value: part } } };
    const productId = products.get(m[1]!.toLowerCase());
    if (productId === undefined) return { items, error: { column: 'items', key: 'import.unknown_sku', params: { value: m[1]! } } };
    if (items.some((i) => i.product_id === productId)) return { items, error: { column: 'items', key: 'import.duplicate_item', params: { value: m[1]! } } };
    items.push({ product_id: productId, quantity: quantity.data });
  }
  return { items };
}

/**
 * Procedure history: one row per procedure (practice, date, code, optional template, items as
 * "SKU:quantity; …" — the template's when empty). History is recorded without touching today's stock,
 * priced at the products' unit cost; `consume_stock = yes` takes the items from stock instead. A
 * procedure already recorded (same practice, time, code and provider) is left as it is, so a file can
 * be imported again.
 */
export const procedureKind = definePracticeKind<ProcedureImportRow, Refs>({
  name: 'procedure',
  subject: 'Procedure',
  keyColumn: 'performed_at',
  batchSize: 200,
  columns: [
    { name: 'performed_at', required: true, example: '2026-03-14 09:30' },
    { name: 'procedure_code', required: true, example: 'D2391' },
    { name: 'template', example: 'Posterior composite, one surface' },
    { name: 'status', example: 'completed' },
    { name: 'provider', example: 'Dr Okafor' },
    { name: 'notes', example: '' },
    { name: 'items', example: 'GLV-NIT-M-100:2; ART-4-100-50:1' },
    { name: 'consume_stock', example: 'no' },
  ],
  loadRefs: async (db) => {
    const codes = await rowsOf(db, sqlRow({ id: sqlCol.int, code: sqlCol.text }), sql`select id::int as id, code from procedure_codes`);
    const products = await rowsOf(db, sqlRow({ id: sqlCol.int, sku: sqlCol.text }), sql`select id::int as id, sku from products`);
    const templates = await rowsOf(
      db,
      sqlRow({ id: sqlCol.int, name: sqlCol.text, code_id: sqlCol.int, product_id: sqlCol.int.nullable(), quantity: sqlCol.decimal.nullable() }),
      sql`select t.id::int as id, t.name, t.procedure_code_id::int as code_id, i.product_id::int as product_id, i.quantity::text as quantity
            from procedure_templates t left join procedure_template_items i on i.procedure_template_id = t.id order by t.id, i.id`,
    );
    const byName = new Map<string, { id: number; codeId: number; items: ItemInput[] }>();
    for (const t of templates) {
      const entry = byName.get(t.name.toLowerCase()) ?? { id: Number(t.id), codeId: Number(t.code_id), items: [] };
      if (t.product_id !== null && t.quantity !== null) entry.items.push({ product_id: Number(t.product_id), quantity: t.quantity });
      byName.set(t.name.toLowerCase(), entry);
    }
    return {
      codes: new Map(codes.map((c) => [c.code.toUpperCase(), Number(c.id)])),
      templates: byName,
      products: new Map(products.map((p) => [p.sku.toLowerCase(), Number(p.id)])),
    };
  },
  parseRow(cells, refs, practiceId, errors) {
    const performedAt = parseDateTime(cells.performed_at);
    if (!performedAt) errors.push({ column: 'performed_at', key: cells.performed_at ? 'import.date_time' : 'validation.required' });
    const codeId = refs.codes.get((cells.procedure_code ?? '').toUpperCase());
    if (codeId === undefined) errors.push({ column: 'procedure_code', key: cells.procedure_code ? 'import.unknown_code' : 'validation.required', params: { value: cells.procedure_code ?? '' } });
    const template = cells.template ? refs.templates.get(cells.template.toLowerCase()) : undefined;
    if (cells.template && !template) errors.push({ column: 'template', key: 'import.unknown_template', params: { value: cells.template } });
    else if (template && codeId !== undefined && template.codeId !== codeId) errors.push({ column: 'template', key: 'stock.template_other_code' });
    const status = (cells.status || 'completed').toLowerCase();
    if (!(PROCEDURE_STATUSES as readonly string[]).includes(status)) errors.push({ column: 'status', key: 'import.one_of', params: { values: PROCEDURE_STATUSES.join(', ') } });
    const consume = parseBoolean(cells.consume_stock) ?? false;
    if (typeof consume !== 'boolean') errors.push({ column: 'consume_stock', key: 'import.boolean' });
    const parsedItems = cells.items ? parseItems(cells.items, refs.products) : { items: template?.items ?? [] };
    if (parsedItems.error) errors.push(parsedItems.error);
    if ((cells.provider ?? '').length > 120) errors.push({ column: 'provider', key: 'validation.too_long', params: { max: 120 } });
    if (errors.length || practiceId === undefined || !performedAt || codeId === undefined) return { ok: false, errors };
    return {
      ok: true,
      value: {
        practiceId, codeId, templateId: template?.id ?? null, performedAt, status: status as ProcedureImportRow['status'],
        provider: cells.provider || null, notes: cells.notes ? cells.notes.slice(0, 2000) : null, items: parsedItems.items, consume: consume === true,
      },
    };
  },
  naturalKey: (row) => `${row.practiceId}|${row.performedAt.toISOString()}|${row.codeId}|${(row.provider ?? '').toLowerCase()}`,
  async upsert(db, rows, refs) {
    const tx = db as unknown as Tx;
    const actor = { userId: refs.context.userId, email: null, ip: 'import', userAgent: 'procedure import' };
    let created = 0;
    for (const row of rows) {
      const [existing] = await tx
        .select({ id: procedures.id })
        .from(procedures)
        .where(and(eq(procedures.dentalPracticeId, row.practiceId), eq(procedures.performedAt, row.performedAt), eq(procedures.procedureCodeId, row.codeId), sql`coalesce(lower(${procedures.provider}), '') = ${(row.provider ?? '').toLowerCase()}`))
        .limit(1);
      if (existing) continue;
      const body = {
        dental_practice_id: row.practiceId, procedure_code_id: row.codeId, procedure_template_id: row.templateId, performed_at: row.performedAt.toISOString(),
        provider: row.provider, status: row.status, notes: row.notes, items: row.items,
      };
      try {
        await insertProcedure(tx, actor, body, row.items, row.consume ? 'consume' : 'record');
      } catch (err) {
        // A shortfall names the product: the whole import stops with that message.
        if (err instanceof AppError && (err.messageKey === 'stock.shortfall' || err.messageKey === 'stock.shortfall_expired')) throw new ImportFileError(err.messageKey, err.params as Record<string, string | number>);
        throw err;
      }
      created++;
    }
    return { created, updated: 0 };
  },
});
